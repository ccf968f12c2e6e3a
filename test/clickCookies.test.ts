/**
 * The click cookies (server/tracking/clickCookies.ts): `_fbc` written once when a click's fbclid
 * first arrives and kept unchanged until another click, `_fbp` created when absent, both 90 days
 * at SITE_URL's registrable domain, by the relay's answer only: a page response never sets a
 * cookie, whatever its query or the visitor's signals.
 */
import express from "express";
import request from "supertest";
import {
  clickIds,
  cookieDomainProblem,
  cookieScope,
  FBC_COOKIE,
  FBP_COOKIE,
  writeClickCookies,
} from "../server/tracking/clickCookies";
import { createTestApp, WITH_PAGE_CACHE } from "./support/testApp";
import { warmPage } from "./support/warmPage";

const T = 1_700_000_000_000;
const CLICK = "IwAR2xYz_AbC-dEf";
const UK = { domain: "example.co.uk", subdomainIndex: 2 };

describe("where the cookies live", () => {
  test.each([
    ["https://www.example.com", "example.com", 1],
    ["https://example.com", "example.com", 1],
    ["https://shop.kitchens.example.com:8443", "example.com", 1],
    ["https://www.example.co.uk", "example.co.uk", 2],
    ["https://www.example.com.au", "example.com.au", 2],
    // A registrable domain under a private suffix of the list: browsers refuse cookies for `pages.dev` itself.
    ["https://kitchens.pages.dev", "kitchens.pages.dev", 2],
    ["http://localhost:3000", undefined, 0],
    ["http://127.0.0.1:3000", undefined, 0],
    ["http://[::1]:3000", undefined, 0],
  ])("%s: Domain %s, subdomainIndex %s", (siteUrl, domain, subdomainIndex) => {
    expect(cookieScope(siteUrl)).toEqual({ domain, subdomainIndex });
  });

  test("TRACKING_COOKIE_DOMAIN wins, and names the index", () => {
    expect(cookieScope("https://www.shop.example.com", "shop.example.com")).toEqual({
      domain: "shop.example.com",
      subdomainIndex: 2,
    });
  });

  test.each([
    ["example.com", "https://www.example.com", undefined],
    ["www.example.com", "https://www.example.com", undefined],
    ["example.org", "https://www.example.com", "neither example.org nor under it"],
    ["ample.com", "https://www.example.com", "neither ample.com nor under it"],
    ["co.uk", "https://www.example.co.uk", "co.uk is a public suffix"],
    ["pages.dev", "https://kitchens.pages.dev", "pages.dev is a public suffix"],
    ["localhost", "http://localhost:3000", "localhost is a public suffix"],
    ["0.0.1", "http://127.0.0.1:3000", "is an IP address"],
  ])("a Domain of %s for %s: %s", (domain, siteUrl, problem) => {
    const found = cookieDomainProblem(domain, siteUrl);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });
});

describe("which click and browser ids an event carries, and which cookies are written", () => {
  const fbc = (ms: number, click = CLICK) => `fb.2.${ms}.${click}`;

  test("a first click: the click's time is now, and both cookies are written", () => {
    const ids = clickIds(UK, { fbclid: CLICK, cookies: {}, now: T, mayWrite: true });
    expect(ids.fbc).toBe(fbc(T));
    expect(ids.fbp).toMatch(new RegExp(`^fb\\.2\\.${T}\\.\\d{1,10}$`));
    expect(ids.write).toEqual([
      { name: FBC_COOKIE, value: fbc(T) },
      { name: FBP_COOKIE, value: ids.fbp },
    ]);
  });

  test("the same click again, or no click: the cookie's value unchanged, its creation time kept, nothing written", () => {
    const cookies = { _fbc: fbc(T), _fbp: "fb.2.1690000000000.123456789" };
    for (const fbclid of [CLICK, undefined]) {
      expect(clickIds(UK, { fbclid, cookies, now: T + 86_400_000, mayWrite: true })).toEqual({
        fbc: fbc(T),
        fbp: "fb.2.1690000000000.123456789",
        write: [],
      });
    }
  });

  test("a cookie of Meta's own tools, with its appendix segment, is passed on exactly as it is", () => {
    const cookies = { _fbc: `fb.1.${T}.${CLICK}.AQ`, _fbp: `fb.1.${T}.987654321.Bg` };
    expect(clickIds(UK, { fbclid: CLICK, cookies, now: T + 5, mayWrite: true })).toEqual({
      fbc: `fb.1.${T}.${CLICK}.AQ`,
      fbp: `fb.1.${T}.987654321.Bg`,
      write: [],
    });
  });

  test("a different click: a new creation time, the `_fbc` cookie replaced, `_fbp` kept", () => {
    const cookies = { _fbc: fbc(T), _fbp: "fb.2.1690000000000.123456789" };
    const ids = clickIds(UK, { fbclid: "IwZXh0bgNhZW0CMTAAAR", cookies, now: T + 60_000, mayWrite: true });
    expect(ids).toEqual({
      fbc: fbc(T + 60_000, "IwZXh0bgNhZW0CMTAAAR"),
      fbp: "fb.2.1690000000000.123456789",
      write: [{ name: FBC_COOKIE, value: fbc(T + 60_000, "IwZXh0bgNhZW0CMTAAAR") }],
    });
  });

  test("a click id differing only in case is another click (fbclid is never re-cased)", () => {
    const ids = clickIds(UK, { fbclid: CLICK.toLowerCase(), cookies: { _fbc: fbc(T) }, now: T + 1, mayWrite: true });
    expect(ids.fbc).toBe(fbc(T + 1, CLICK.toLowerCase()));
  });

  test("a malformed cookie counts as none: replaced when a click or a browser id is due, never passed on", () => {
    const cookies = { _fbc: "fb.1.notatime.x y", _fbp: "junk" };
    const withClick = clickIds(UK, { fbclid: CLICK, cookies, now: T, mayWrite: true });
    expect(withClick.fbc).toBe(fbc(T));
    expect(withClick.write.map((c) => c.name)).toEqual([FBC_COOKIE, FBP_COOKIE]);
    const withoutClick = clickIds(UK, { cookies: { _fbc: "junk", _fbp: "fb.2.1.1" }, now: T, mayWrite: false });
    expect(withoutClick).toEqual({ fbc: undefined, fbp: "fb.2.1.1", write: [] });
  });

  test("the body's fbp wins over the cookie's; the cookie's is read when the body has none", () => {
    const cookies = { _fbp: "fb.2.1690000000000.111" };
    expect(clickIds(UK, { fbp: "fb.1.1680000000000.222", cookies, now: T, mayWrite: true }).fbp).toBe(
      "fb.1.1680000000000.222",
    );
    expect(clickIds(UK, { cookies, now: T, mayWrite: true }).fbp).toBe("fb.2.1690000000000.111");
  });

  test("an opted-out visitor (mayWrite false): a click the cookie does not hold is left out, nothing is made up or written", () => {
    // Without a cookie, each event would date the click anew: Meta wants the time it was first seen.
    for (const now of [T, T + 300, T + 600])
      expect(clickIds(UK, { fbclid: CLICK, cookies: undefined, now, mayWrite: false })).toEqual({
        fbc: undefined,
        fbp: undefined,
        write: [],
      });
    const cookies = { _fbc: fbc(T - 1000), _fbp: "fb.2.1690000000000.123456789" };
    expect(clickIds(UK, { fbclid: "Other", cookies, now: T, mayWrite: false })).toEqual({
      fbc: undefined,
      fbp: "fb.2.1690000000000.123456789",
      write: [],
    });
    // The click the cookie remembers (from before the signal): passed on exactly as stored.
    for (const fbclid of [CLICK, undefined])
      expect(clickIds(UK, { fbclid, cookies, now: T, mayWrite: false }).fbc).toBe(fbc(T - 1000));
  });
});

describe("the Set-Cookie lines", () => {
  const answer = (secure: boolean, scope: Parameters<typeof writeClickCookies>[2]) => {
    const app = express();
    app.get("/", (_req, res) => {
      writeClickCookies(
        res,
        [
          { name: FBC_COOKIE, value: `fb.2.${T}.${CLICK}` },
          { name: FBP_COOKIE, value: `fb.2.${T}.123` },
        ],
        scope,
        secure,
      );
      res.end();
    });
    return request(app).get("/");
  };

  test("90 days (Max-Age), the whole site, the registrable domain, Lax, Secure over HTTPS, readable by script", async () => {
    const res = await answer(true, UK);
    const lines = res.headers["set-cookie"] as unknown as string[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^_fbc=fb\\.2\\.${T}\\.${CLICK}; Max-Age=7776000; Domain=example\\.co\\.uk; Path=/; Expires=[^;]+; Secure; SameSite=Lax$`,
      ),
    );
    expect(lines[1]).toMatch(/^_fbp=fb\.2\.1700000000000\.123; Max-Age=7776000; Domain=example\.co\.uk; Path=\/;/);
    for (const line of lines) expect(line).not.toMatch(/HttpOnly/i);
  });

  test("host-only (no Domain) on localhost, and not Secure over plain HTTP", async () => {
    const lines = (await answer(false, { domain: undefined, subdomainIndex: 0 })).headers[
      "set-cookie"
    ] as unknown as string[];
    for (const line of lines) {
      expect(line).not.toMatch(/Domain=|Secure/);
      expect(line).toMatch(/; Max-Age=7776000; Path=\/; Expires=[^;]+; SameSite=Lax$/);
    }
  });
});

describe("through the app", () => {
  const SITE = "https://www.example.co.uk";
  const t = createTestApp({ env: { ...WITH_PAGE_CACHE, SITE_URL: SITE, TRUST_PROXY: "loopback" } });
  const landing = `/gallery?fbclid=${CLICK}&utm_source=facebook`;

  test("the relay's answer sets the cookies for SITE_URL's registrable domain, Secure behind an HTTPS proxy", async () => {
    const res = await request(t.app)
      .post("/api/meta-capi")
      .set({ Origin: SITE, "X-Forwarded-Proto": "https" })
      .send({
        event_name: "PageView",
        region: "uk",
        fbclid: CLICK,
        custom_data: { page_url: `${SITE}${landing}`, page_title: "Gallery" },
      });
    expect(res.status).toBe(202);
    expect(res.headers["cache-control"]).toBe("no-store");
    const lines = res.headers["set-cookie"] as unknown as string[];
    expect(lines.map((l) => l.split("=")[0])).toEqual(["_fbc", "_fbp"]);
    for (const line of lines)
      expect(line).toMatch(/; Max-Age=7776000; Domain=example\.co\.uk; Path=\/; .*; Secure; SameSite=Lax$/);
    const stored = (await t.outbox.get(res.body.event_id))!;
    expect(lines[0]).toContain(`_fbc=fb.2.${stored.createdAt}.${CLICK};`);
  });

  test("a page never sets a cookie: not on a render nor from the cache, not with ?fbclid=, a click cookie or Sec-GPC", async () => {
    const visits = [
      { path: landing, headers: {} },
      { path: landing, headers: { Cookie: `_fbc=fb.2.${T}.Older; _fbp=fb.2.${T}.1` } },
      { path: landing, headers: { "Sec-GPC": "1" } },
      { path: `/us/gallery?fbclid=${CLICK}`, headers: {} },
      { path: `/no-such-page?fbclid=${CLICK}`, headers: {} },
    ];
    await warmPage(t.app, landing);
    for (const { path, headers } of visits) {
      for (let i = 0; i < 2; i++) {
        const res = await request(t.app).get(path).set(headers);
        expect({ path, headers, status: res.status, setCookie: res.headers["set-cookie"] }).toEqual({
          path,
          headers,
          status: path.startsWith("/no-such-page") ? 404 : 200,
          setCookie: undefined,
        });
      }
    }
    expect((await request(t.app).get(landing)).headers["x-cache"]).toBe("HIT");
  });
});
