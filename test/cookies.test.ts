/**
 * The browser side's first-party cookies (client/cookies.ts), on a stand-in `document` and
 * `location` (tests run in Node): read by exact name and decoded, written with Path=/,
 * SameSite=Lax and Secure over HTTPS, deleted with Max-Age=0.
 */
import { deleteCookie, readCookie, writeCookie } from "../client/cookies";

let jar: string;
let written: string[];
const globals = globalThis as unknown as { document?: unknown; location?: unknown };
const saved = { document: globals.document, location: globals.location };

function browser(cookie: string, protocol = "https:") {
  jar = cookie;
  written = [];
  globals.document = {
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
  globals.location = { protocol };
}

afterEach(() => {
  globals.document = saved.document;
  globals.location = saved.location;
});

describe("readCookie", () => {
  test.each([
    ["the value of the cookie named", "a=1; consent=granted; b=2", "consent", "granted"],
    ["decoded", "consent=%7B%22ads%22%3Atrue%7D", "consent", '{"ads":true}'],
    ["as written when it is not percent-encoding", "consent=100%", "consent", "100%"],
    ["with = inside the value", "token=a=b=c", "token", "a=b=c"],
    ["an empty value", "consent=", "consent", ""],
    ["the first of two with the name", "consent=first; consent=second", "consent", "first"],
  ])("%s", (_case, cookie, name, value) => {
    browser(cookie);
    expect(readCookie(name)).toBe(value);
  });

  test.each([
    ["no cookie of that name", "a=1; b=2", "consent"],
    ["a name that only ends with it", "myconsent=granted", "consent"],
    ["a name that only starts with it", "consent_v2=granted", "consent"],
    ["no cookies at all", "", "consent"],
    ["a part without =", "consent", "consent"],
  ])("null for %s", (_case, cookie, name) => {
    browser(cookie);
    expect(readCookie(name)).toBeNull();
  });
});

describe("writeCookie and deleteCookie", () => {
  test("a session cookie, encoded, for the whole site, Lax, Secure over HTTPS", () => {
    browser("");
    writeCookie("consent", '{"ads":true}');
    expect(written).toEqual(["consent=%7B%22ads%22%3Atrue%7D; Path=/; SameSite=Lax; Secure"]);
  });

  test("a lifetime when given; not Secure over plain HTTP", () => {
    browser("", "http:");
    writeCookie("consent", "granted", 15_552_000);
    expect(written).toEqual(["consent=granted; Path=/; SameSite=Lax; Max-Age=15552000"]);
  });

  test("deleted by expiring it at once, on the same path", () => {
    browser("consent=granted");
    deleteCookie("consent");
    expect(written).toEqual(["consent=; Path=/; Max-Age=0; SameSite=Lax"]);
  });

  test("what is written reads back the same", () => {
    browser("");
    writeCookie("pref", "a; b=c,d");
    jar = written[0].split("; Path")[0];
    expect(readCookie("pref")).toBe("a; b=c,d");
  });
});
