/**
 * If-None-Match as HTTP's semantics define it (server/requestRules/conditionalRequest.ts), the one
 * evaluation both request paths use: weak comparison, `*`, lists, GET and HEAD of a page that is
 * there. The cases are the examples and the comparison table of the HTTP semantics standard
 * (RFC 9110: entity tags and If-None-Match), plus the spellings clients send.
 */
import { notModified } from "../server/requestRules/conditionalRequest";

const TAG = '"xyzzy"';

describe("If-None-Match against the page's strong tag", () => {
  test.each([
    ["the tag itself", '"xyzzy"', true],
    ["the tag marked weak: weak comparison ignores the mark", 'W/"xyzzy"', true],
    ["another tag", '"r2d2xxxx"', false],
    ["a list holding it", '"xyzzy", "r2d2xxxx", "c3piozzzz"', true],
    ["a list holding it last", '"r2d2xxxx", "c3piozzzz", "xyzzy"', true],
    ["a list holding it weak", 'W/"r2d2xxxx", W/"xyzzy"', true],
    ["a list without it", '"r2d2xxxx", "c3piozzzz"', false],
    ["a list without spaces", '"r2d2xxxx","xyzzy"', true],
    ["a list with tabs between tags", '"r2d2xxxx",\t"xyzzy"', true],
    ["a list with empty elements", ', "r2d2xxxx", , "xyzzy",', true],
    ["*: any current representation", "*", true],
    ["the tag in another case: tags are opaque", '"XYZZY"', false],
    ["the tag unquoted", "xyzzy", false],
    ["a lower-case weak mark, which is no weak mark", 'w/"xyzzy"', false],
    ["a prefix of the tag", '"xyz"', false],
    ["an empty header", "", false],
  ])("%s (%j)", (_name, header, expected) => {
    expect(notModified("GET", 200, header, TAG)).toBe(expected);
  });
});

describe("weak comparison, both ways (the standard's table)", () => {
  test.each([
    ['W/"1"', 'W/"1"', true],
    ['W/"1"', 'W/"2"', false],
    ['W/"1"', '"1"', true],
    ['"1"', '"1"', true],
    ['"1"', 'W/"1"', true],
  ])("If-None-Match %s, page's tag %s", (header, tag, expected) => {
    expect(notModified("GET", 200, header, tag)).toBe(expected);
  });
});

describe("only a GET or HEAD of a page that is there", () => {
  test.each([
    ["GET", 200, true],
    ["HEAD", 200, true],
    // Other methods: the condition fails, which is no reason for 304 (the pages answer them 405 anyway).
    ["POST", 200, false],
    ["PUT", 200, false],
    ["DELETE", 200, false],
    [undefined, 200, false],
    // An answer other than 200 ignores the condition: a 404 stays a 404, whatever tag is sent.
    ["GET", 404, false],
    ["GET", 503, false],
    ["HEAD", 404, false],
  ] as const)("%s, a %d page", (method, status, expected) => {
    expect(notModified(method, status, TAG, TAG)).toBe(expected);
    expect(notModified(method, status, "*", TAG)).toBe(expected);
  });

  test("no If-None-Match: an ordinary request", () => {
    expect(notModified("GET", 200, undefined, TAG)).toBe(false);
  });
});
