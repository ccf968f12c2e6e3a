/**
 * The region switcher's links and the one check on where it may send a visitor
 * (shared/regionChoice.ts): `to` must stay on this site, however it is spelled.
 */
import { DEFAULT_LOCALE, LOCALES } from "../shared/locales";
import { REGION_CHOICE_PREFIX, regionChoiceHref, regionHome, sameSitePath } from "../shared/regionChoice";

const [gb, us] = LOCALES;

test("a region's link goes through the choice endpoint, with the page to return to encoded", () => {
  expect(regionChoiceHref(us, "/us/gallery?page=2#top")).toBe(
    `${REGION_CHOICE_PREFIX}/us?to=%2Fus%2Fgallery%3Fpage%3D2%23top`,
  );
  expect(regionChoiceHref(gb)).toBe("/_region/gb");
});

test("a region's home", () => {
  expect(regionHome(DEFAULT_LOCALE)).toBe("/");
  expect(regionHome(us)).toBe("/us");
});

describe("sameSitePath", () => {
  test.each([
    ["a path", "/gallery", "/gallery"],
    ["a path with a query and a fragment", "/us/gallery?page=2#top", "/us/gallery?page=2#top"],
    ["the root", "/", "/"],
    ["dot segments, resolved", "/info/../gallery", "/gallery"],
  ])("keeps %s", (_case, to, path) => {
    expect(sameSitePath(to)).toBe(path);
  });

  test.each([
    ["another site", "https://evil.example/"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash spelling of one", "/\\evil.example"],
    ["a tab between the slashes", "/\t/evil.example"],
    ["a line break", "/gallery\n"],
    ["a backslash anywhere", "/gallery\\x"],
    ["dot segments that end protocol-relative", "/.//evil.example"],
    ["a relative path", "gallery"],
    ["javascript:", "javascript:alert(1)"],
    ["nothing", undefined],
    ["an array (a repeated query parameter)", ["/a", "/b"]],
    ["an empty string", ""],
  ])("refuses %s", (_case, to) => {
    expect(sameSitePath(to)).toBeNull();
  });
});
