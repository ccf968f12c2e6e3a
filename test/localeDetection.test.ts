/**
 * Locale detection at the root only (docs/behaviour.md section 1.7): `GET /` follows the cookie i18n_redirected,
 * then the browser's Accept-Language (q-values between en-GB and en-US), then gb; crawlers and
 * every other path are never redirected; nothing loops. And the region switcher's endpoint,
 * which records a visitor's choice and only ever redirects within the site.
 */
import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import request from "supertest";
import { localeDetection, regionChoice } from "../server/requestRules/localeDetection";
import { LOCALE_COOKIE, LOCALES } from "../shared/locales";
import { REGION_CHOICE_PREFIX, regionChoiceHref, sameSitePath } from "../shared/regionChoice";
import { createTestApp, WITH_PAGE_CACHE } from "./support/testApp";
import { warmPage } from "./support/warmPage";

let app: Express;
beforeAll(() => {
  app = createTestApp().app;
});

const [GB, US] = LOCALES;
const HUMAN =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Headers {
  cookie?: string;
  acceptLanguage?: string;
  userAgent?: string;
}

function get(app: Express, path: string, h: Headers): request.Test {
  const req = request(app).get(path);
  if (h.cookie !== undefined) req.set("Cookie", h.cookie);
  if (h.acceptLanguage !== undefined) req.set("Accept-Language", h.acceptLanguage);
  if (h.userAgent !== undefined) req.set("User-Agent", h.userAgent);
  return req;
}

/** The Set-Cookie line for the locale cookie, if any. */
function localeCookie(res: request.Response): string | undefined {
  const lines = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
  return lines.find((line) => line.startsWith(`${LOCALE_COOKIE}=`));
}

function cookieAttributes(line: string): { value: string; attributes: Map<string, string> } {
  const [pair, ...rest] = line.split(/;\s*/);
  const attributes = new Map(
    rest.map((a) => [a.split("=")[0].toLowerCase(), a.split("=").slice(1).join("=")] as [string, string]),
  );
  return { value: pair.slice(pair.indexOf("=") + 1), attributes };
}

function varyOf(res: request.Response): string[] {
  return (res.headers.vary ?? "")
    .split(",")
    .map((v: string) => v.trim().toLowerCase())
    .filter(Boolean);
}

// The matrix: cookie × Accept-Language × path × user agent.
const COOKIES: Array<[string, string | undefined]> = [
  ["no cookie", undefined],
  ["cookie gb", `${LOCALE_COOKIE}=gb`],
  ["cookie us", `${LOCALE_COOKIE}=us`],
  ["a garbage cookie", `${LOCALE_COOKIE}=%3Cscript%3E; other=1`],
];
const VERY_LONG = `${Array.from({ length: 300 }, (_, i) => `x${i.toString(36)}-YY;q=0.${(i % 9) + 1}`).join(", ")}, en-US;q=0.05`;
/** Each Accept-Language and the region it asks for (null: no header, a crawler). */
const LANGUAGES: Array<[string, string | undefined, "gb" | "us" | null]> = [
  ["no Accept-Language", undefined, null],
  ["en-GB", "en-GB", "gb"],
  ["en-US", "en-US", "us"],
  ["en-US with q-values preferring gb", "en-US;q=0.5, en-GB;q=0.9, en;q=0.8", "gb"],
  ["a malformed Accept-Language", ";;;q=abc", "gb"],
  ["Accept-Language *", "*", "gb"],
  [`a very long Accept-Language (${VERY_LONG.length} chars) whose only supported language is en-US`, VERY_LONG, "us"],
];
const PATHS = ["/", "/?x=1", "/us", "/gallery", "/us/gallery"];
const AGENTS: Array<[string, string]> = [
  ["a browser", HUMAN],
  ["a crawler", BOT],
];

const ROOT = /^\/(\?|$)/;
const SHARED_PAGE = "public, max-age=0, s-maxage=5, stale-while-revalidate=60, stale-if-error=86400";

interface Case {
  name: string;
  headers: Headers;
  path: string;
  /** What the rule says: redirect to /us, and whether that came from detection (so the cookie is set). */
  redirect: boolean;
  detected: boolean;
  /** The gb home kept for a crawler where a browser would be redirected: no shared cache may keep it. */
  privateHome: boolean;
}

const CASES: Case[] = COOKIES.flatMap(([cookieName, cookie]) =>
  LANGUAGES.flatMap(([languageName, acceptLanguage, asks]) =>
    PATHS.flatMap((path) =>
      AGENTS.map(([agentName, userAgent]): Case => {
        const chosen = cookie === `${LOCALE_COOKIE}=us` ? "us" : cookie === `${LOCALE_COOKIE}=gb` ? "gb" : null;
        const crawler = userAgent === BOT || asks === null;
        const detected = ROOT.test(path) && chosen === null && !crawler && asks === "us";
        return {
          name: `${path}, ${cookieName}, ${languageName}, ${agentName}`,
          headers: { cookie, acceptLanguage, userAgent },
          path,
          redirect: ROOT.test(path) && (chosen === "us" || detected),
          detected,
          privateHome: ROOT.test(path) && chosen === null && userAgent === BOT && asks === "us",
        };
      }),
    ),
  ),
);

describe(`every combination of cookie × Accept-Language × path × user agent (${CASES.length})`, () => {
  test.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const res = await get(app, c.path, c.headers);
    const query = c.path.includes("?") ? c.path.slice(c.path.indexOf("?")) : "";

    if (c.redirect) {
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/us${query}`);
      expect(res.headers["cache-control"]).toBe("private, no-store");
    } else {
      expect(res.status).toBe(200);
      expect(res.headers.location).toBeUndefined();
      // A page any visitor with these headers gets is shared; the crawler's own gb home is not.
      expect(res.headers["cache-control"]).toBe(c.privateHome ? "private, no-store" : SHARED_PAGE);
    }

    // Only a detected us redirect writes the cookie.
    const set = localeCookie(res);
    if (c.detected) expect(set && cookieAttributes(set).value).toBe("us");
    else expect(set).toBeUndefined();

    // Vary on the cookie and language at the root, and nowhere else.
    const vary = varyOf(res);
    if (ROOT.test(c.path)) expect(vary).toEqual(expect.arrayContaining(["cookie", "accept-language"]));
    else expect(vary.filter((v) => v === "cookie" || v === "accept-language")).toEqual([]);

    // No loop: following the redirects (with the cookie the answers set) ends at a page within one hop.
    let cookie = c.headers.cookie;
    let current = res;
    let hops = 0;
    while (current.status >= 300 && current.status < 400 && hops < 3) {
      const set = localeCookie(current);
      if (set) cookie = set.split(";")[0];
      current = await get(app, current.headers.location, { ...c.headers, cookie });
      hops++;
    }
    expect(current.status).toBe(200);
    expect(hops).toBeLessThanOrEqual(1);
  });
});

describe("Accept-Language negotiation at /", () => {
  test.each([
    ["en-US,en;q=0.9", "us"],
    ["en-GB,en-US;q=0.8", "gb"],
    ["fr-FR, en-US;q=0.5", "us"],
    ["en-US;q=0.8, en-GB;q=0.8", "us"],
    ["en-GB;q=0.8, en-US;q=0.8", "gb"],
    ["en, en-US", "us"],
    ["en-US;q=0.5, en;q=0.9", "gb"],
    ["EN-us", "us"],
    ["en", "gb"],
    ["en-CA", "gb"],
    ["de-DE, fr;q=0.9", "gb"],
    ["en-US;q=0", "gb"],
    ["en-US;q=abc", "gb"],
    ["   ", null],
  ])("%j → %s", async (acceptLanguage, region) => {
    const res = await get(app, "/", { acceptLanguage, userAgent: HUMAN });
    if (region === "us") {
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/us");
    } else {
      expect(res.status).toBe(200);
      expect(localeCookie(res)).toBeUndefined();
    }
  });

  test("HEAD / is detected as GET / is", async () => {
    const res = await request(app).head("/").set("Accept-Language", "en-US").set("User-Agent", HUMAN);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/us");
  });

  test("POST / is not redirected", async () => {
    const res = await request(app).post("/").set("Accept-Language", "en-US").set("User-Agent", HUMAN);
    expect(res.status).toBe(405);
    expect(localeCookie(res)).toBeUndefined();
  });

  test("a gb home served at / carries Vary: Cookie, Accept-Language and no locale cookie", async () => {
    const res = await get(app, "/", { acceptLanguage: "en-GB", userAgent: HUMAN });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="en-GB">');
    expect(varyOf(res)).toEqual(expect.arrayContaining(["cookie", "accept-language"]));
    expect(localeCookie(res)).toBeUndefined();
  });
});

describe("a crawler whose language asks for us stays on the gb home, which no shared cache keeps", () => {
  // A shared cache stores an answer under what it varies on (cookie, language, coding): a crawler's
  // gb home filed under en-US would be served to every US browser's first visit instead of /us.
  const crawlerUs = { acceptLanguage: "en-US", userAgent: BOT };

  test.each([
    ["rendered (the page cache empty)", false],
    ["with the gb home in the page cache (its fast path in front)", true],
  ])("%s", async (_name, warm) => {
    const site = createTestApp({ env: WITH_PAGE_CACHE });
    if (warm) await warmPage(site.app, "/", { "Accept-Language": "en-GB", "User-Agent": HUMAN });
    for (const headers of [crawlerUs, { ...crawlerUs, acceptLanguage: "fr-FR, en-US;q=0.5" }]) {
      const res = await get(site.app, "/", headers);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="en-GB">');
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(varyOf(res)).toEqual(["cookie", "accept-language", "accept-encoding"]);
      expect(localeCookie(res)).toBeUndefined();
    }
    // A browser with those headers is sent to /us: that is why the crawler's answer is its own.
    expect((await get(site.app, "/", { ...crawlerUs, userAgent: HUMAN })).status).toBe(302);
    // A crawler with no language, or one that asks for gb, gets what a browser with its headers
    // gets: the shared page, from the cache once it is there.
    for (const headers of [{ userAgent: BOT }, { acceptLanguage: "en-GB", userAgent: BOT }]) {
      const res = await get(site.app, "/", headers);
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe(SHARED_PAGE);
      if (warm) expect(res.headers["x-cache"]).toBe("HIT");
    }
  });

  test("a conditional request of the crawler's gb home is answered 304, still private", async () => {
    const site = createTestApp({ env: WITH_PAGE_CACHE });
    const first = await get(site.app, "/", crawlerUs);
    const again = await get(site.app, "/", crawlerUs).set("If-None-Match", String(first.headers.etag));
    expect(again.status).toBe(304);
    expect(again.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("the locale cookie", () => {
  test("set on a detected redirect: 365 days, Path=/, SameSite=Lax, HttpOnly, not Secure over plain HTTP", async () => {
    const res = await get(app, "/", { acceptLanguage: "en-US", userAgent: HUMAN });
    const { value, attributes } = cookieAttributes(localeCookie(res)!);
    expect(value).toBe("us");
    expect(attributes.get("max-age")).toBe("31536000");
    expect(attributes.get("path")).toBe("/");
    expect(attributes.get("samesite")).toBe("Lax");
    expect(attributes.has("httponly")).toBe(true);
    expect(attributes.has("secure")).toBe(false);
    const expires = Date.parse(attributes.get("expires")!);
    expect(Math.abs(expires - (Date.now() + 31536000_000))).toBeLessThan(60_000);
  });

  /** The middleware alone, behind a proxy that the app trusts or not. */
  function behindProxy(trustProxy: boolean): Express {
    const small = express();
    small.set("trust proxy", trustProxy);
    small.use(cookieParser());
    small.use(localeDetection);
    small.get(`${REGION_CHOICE_PREFIX}/:code`, regionChoice);
    small.use((_req, res) => void res.send("page"));
    return small;
  }

  test("is Secure when the request came over HTTPS (X-Forwarded-Proto from a trusted proxy)", async () => {
    const small = behindProxy(true);
    const detected = await get(small, "/", { acceptLanguage: "en-US", userAgent: HUMAN }).set(
      "X-Forwarded-Proto",
      "https",
    );
    expect(cookieAttributes(localeCookie(detected)!).attributes.has("secure")).toBe(true);
    const chosen = await request(small).get("/_region/gb").set("X-Forwarded-Proto", "https");
    expect(cookieAttributes(localeCookie(chosen)!).attributes.has("secure")).toBe(true);
  });

  test("is not Secure when X-Forwarded-Proto comes from a proxy the app does not trust", async () => {
    const small = behindProxy(false);
    const res = await get(small, "/", { acceptLanguage: "en-US", userAgent: HUMAN }).set("X-Forwarded-Proto", "https");
    expect(cookieAttributes(localeCookie(res)!).attributes.has("secure")).toBe(false);
  });

  test("a cookie gb at / serves gb even to an en-US browser; a cookie us at /us stays at /us", async () => {
    const gb = await get(app, "/", { cookie: `${LOCALE_COOKIE}=gb`, acceptLanguage: "en-US", userAgent: HUMAN });
    expect(gb.status).toBe(200);
    expect(gb.text).toContain('<html lang="en-GB">');
    const us = await get(app, "/us", { cookie: `${LOCALE_COOKIE}=us`, acceptLanguage: "en-US", userAgent: HUMAN });
    expect(us.status).toBe(200);
    expect(us.text).toContain('<html lang="en-US">');
  });
});

describe(`the region switcher: GET ${REGION_CHOICE_PREFIX}/{code}?to={path}`, () => {
  test.each(LOCALES.map((l) => [l.code, l] as const))(
    "%s: sets the cookie and goes to the region's home without a to",
    async (code, locale) => {
      const res = await request(app).get(`/_region/${code}`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(locale.prefix || "/");
      expect(res.headers["cache-control"]).toBe("no-store");
      const { value, attributes } = cookieAttributes(localeCookie(res)!);
      expect(value).toBe(code);
      expect(attributes.get("max-age")).toBe("31536000");
      expect(attributes.get("path")).toBe("/");
      expect(attributes.get("samesite")).toBe("Lax");
      expect(attributes.has("httponly")).toBe(true);
    },
  );

  test.each([
    ["/us/gallery", "/us/gallery"],
    ["/us/gallery?page=2#top", "/us/gallery?page=2#top"],
    ["/us/info/blog/choosing-a-worktop", "/us/info/blog/choosing-a-worktop"],
  ])("goes to a same-site path: to=%s", async (to, location) => {
    const res = await request(app).get(regionChoiceHref(US, to));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  test.each([
    ["//evil.example", "to=%2F%2Fevil.example"],
    ["/\\evil.example", "to=%2F%5Cevil.example"],
    ["https://evil.example", "to=https%3A%2F%2Fevil.example"],
    ["%2F%2Fevil (encoded twice in the link)", "to=%252F%252Fevil.example"],
    ["%2F%2Fevil (raw in the query)", "to=%2F%2Fevil.example"],
    ["a tab: /\\t/evil.example", "to=%2F%09%2Fevil.example"],
    ["a dot segment: /.//evil.example", "to=%2F.%2F%2Fevil.example"],
    ["a backslash later: /a/..\\\\evil.example", "to=%2Fa%2F..%5C%5Cevil.example"],
    ["a relative path", "to=evil.example"],
    ["an empty to", "to="],
    ["two to parameters", "to=%2Fgallery&to=%2F%2Fevil.example"],
    ["javascript:", "to=javascript%3Aalert(1)"],
  ])("anything else goes to the region home: %s", async (_what, query) => {
    for (const locale of LOCALES) {
      const res = await request(app).get(`/_region/${locale.code}?${query}`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(locale.prefix || "/");
    }
  });

  test("an unknown region is a 404 and sets no cookie", async () => {
    const res = await request(app).get("/_region/fr?to=/gallery");
    expect(res.status).toBe(404);
    expect(localeCookie(res)).toBeUndefined();
  });

  test("a visitor detected as us who picks gb stays on gb at /", async () => {
    const first = await get(app, "/", { acceptLanguage: "en-US", userAgent: HUMAN });
    expect(first.headers.location).toBe("/us");
    const pick = await request(app).get(regionChoiceHref(GB, "/")).set("Cookie", localeCookie(first)!.split(";")[0]);
    expect(pick.headers.location).toBe("/");
    const cookie = localeCookie(pick)!.split(";")[0];
    expect(cookie).toBe(`${LOCALE_COOKIE}=gb`);
    const home = await get(app, "/", { cookie, acceptLanguage: "en-US", userAgent: HUMAN });
    expect(home.status).toBe(200);
    expect(home.text).toContain('<html lang="en-GB">');
  });

  test("a gb visitor who picks us is sent to /us from / afterwards", async () => {
    const pick = await request(app).get(regionChoiceHref(US));
    const cookie = localeCookie(pick)!.split(";")[0];
    const home = await get(app, "/", { cookie, acceptLanguage: "en-GB", userAgent: HUMAN });
    expect(home.status).toBe(302);
    expect(home.headers.location).toBe("/us");
  });
});

test("the switcher's link names the region, and the page to go to only when there is one", () => {
  expect(regionChoiceHref(US)).toBe(`${REGION_CHOICE_PREFIX}/us`);
  expect(regionChoiceHref(GB, "/gallery?page=2")).toBe(`${REGION_CHOICE_PREFIX}/gb?to=%2Fgallery%3Fpage%3D2`);
});

describe("sameSitePath", () => {
  test.each([
    ["/", "/"],
    ["/us/gallery?page=2", "/us/gallery?page=2"],
    ["/a b", "/a%20b"],
  ])("keeps %j as %j", (to, path) => {
    expect(sameSitePath(to)).toBe(path);
  });

  test.each([
    "",
    "gallery",
    "//evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/.//evil.example",
    "/x/..//evil.example",
    "https://evil.example",
    " /gallery",
    "/a\u0001b",
    "/a\u007fb",
    "/a\\b",
    undefined,
    ["/a"],
  ])("rejects %j", (to) => {
    expect(sameSitePath(to)).toBeNull();
  });
});

describe("while an editor previews", () => {
  test("the root is never redirected, so the gb home can be previewed from any region", async () => {
    const { app } = createTestApp();
    const res = await request(app)
      .get("/")
      .set(
        "Cookie",
        'i18n_redirected=us; io.prismic.preview={"embedded.prismic.io":{"preview":"https://embedded.invalid/previews/spring-refresh"}}',
      )
      .set("Accept-Language", "en-US");
    expect(res.status).toBe(200);
  });
});
