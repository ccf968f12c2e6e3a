/**
 * A preview is a preview only once verified (decision record 015): a made-up token in the preview cookie
 * (the repository's name is public) gets the public cached page; each unknown token is asked
 * about once, within a budget per client and for the whole process; and a preview's menus never
 * push the published ones out of the menus cache. Real previews: test/preview.test.ts,
 * test/previewFallback.test.ts, test/browser/preview.test.ts.
 */
import request from "supertest";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { previewCookieValue } from "../server/preview/previewRoute";
import { mainOf, visibleText } from "./support/html";
import { startPrismicHttpStandIn, type PrismicHttpStandIn } from "./support/prismicHttpStandIn";
import { createTestApp, WITH_PAGE_CACHE, type TestApp } from "./support/testApp";

const PAGE = "/gallery/canal-house";
const PUBLISHED_PROJECT = "Canal House";
const DRAFT_PROJECT = "Canal House, repainted for spring";
/** The default budget of questions about unknown tokens: 10 at once per client (then 30 a minute), 20 at once for the process (then 10 a second). */
const PER_CLIENT_BURST = 10;
/** Questions a client may ask in `ms`: its burst, and what it earns back meanwhile. */
const perClientBudget = (ms: number) => PER_CLIENT_BURST + Math.ceil(ms / 2000);
const GLOBAL_BURST = 20;
const GLOBAL_PER_SECOND = 10;

const cookie = (token: string) => `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;
let serial = 0;
/** A made-up token, as an attacker writes it: any plausible ref. */
const madeUp = () => `t${Date.now().toString(36)}${(serial++).toString(36)}`;

let warn: jest.SpyInstance;
beforeEach(() => {
  // The client warns for each refused token it falls back from; not this test's subject.
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

async function warmed(site: TestApp, path: string): Promise<void> {
  for (let i = 0; i < 2; i++) expect((await request(site.app).get(path)).status).toBe(200);
}

describe("made-up preview tokens", () => {
  test("from one client: the public cached page, and only a handful of tokens asked about", async () => {
    const site = createTestApp({ env: WITH_PAGE_CACHE });
    await warmed(site, PAGE);
    site.calls.reset();
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await request(site.app).get(PAGE).set("Cookie", cookie(madeUp())));
    const budget = perClientBudget(Date.now() - started);

    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(visibleText(mainOf(res.text))).toContain(PUBLISHED_PROJECT);
      expect(res.text).not.toContain("data-preview");
    }
    // Past the client's budget, each is an ordinary visitor's cache hit: public, no cookie touched.
    const hits = answers.filter(
      (res) =>
        res.headers["x-cache"] === "HIT" &&
        !String(res.headers["cache-control"]).includes("private") &&
        !res.headers["set-cookie"],
    );
    expect(hits.length).toBeGreaterThanOrEqual(40 - budget);
    expect(site.calls.count("verifyPreview")).toBeLessThanOrEqual(budget);
    // Nothing rendered: no content read but the questions themselves (previewRefused reads a set in memory).
    expect(
      site.calls.log.filter((call) => call.method !== "verifyPreview" && call.method !== "previewRefused"),
    ).toEqual([]);
  });

  test("a token is asked about once: the same refused token again is answered from what was learned", async () => {
    const site = createTestApp({ env: WITH_PAGE_CACHE });
    await warmed(site, PAGE);
    const token = madeUp();
    site.calls.reset();
    const first = await request(site.app).get(PAGE).set("Cookie", cookie(token));
    expect(first.status).toBe(200);
    const again = await Promise.all(
      Array.from({ length: 5 }, () => request(site.app).get(PAGE).set("Cookie", cookie(token))),
    );
    expect(site.calls.count("verifyPreview")).toBe(1);
    for (const res of [first, ...again]) {
      expect(visibleText(mainOf(res.text))).toContain(PUBLISHED_PROJECT);
      // A refused token: the page from the cache, and the cookie cleared as for an expired preview.
      expect(res.headers["x-cache"]).toBe("HIT");
      expect(res.headers["set-cookie"]?.[0]).toMatch(/^io\.prismic\.preview=;/);
    }
  });

  test("from many clients at once: at most the process's budget of questions a second", async () => {
    const site = createTestApp({ env: { ...WITH_PAGE_CACHE, TRUST_PROXY: "loopback" } });
    await warmed(site, PAGE);
    site.calls.reset();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        request(site.app)
          .get(PAGE)
          .set("X-Forwarded-For", `10.0.${i >> 8}.${i & 255}`)
          .set("Cookie", cookie(madeUp())),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(
      answers.every(
        (res) => res.status === 200 && res.text.includes(PUBLISHED_PROJECT) && !res.text.includes("data-preview"),
      ),
    ).toBe(true);
    expect(site.calls.count("verifyPreview")).toBeLessThanOrEqual(
      GLOBAL_BURST + Math.ceil(seconds * GLOBAL_PER_SECOND),
    );
    expect(
      answers.filter((res) => res.headers["x-cache"] === "HIT" && !res.headers["set-cookie"]).length,
    ).toBeGreaterThanOrEqual(120 - GLOBAL_BURST - Math.ceil(seconds * GLOBAL_PER_SECOND));
  });

  test("a request that no preview changes (a POST) asks nothing about its token", async () => {
    const site = createTestApp();
    await request(site.app).post("/api/client-log").set("Cookie", cookie(madeUp())).send({});
    await request(site.app).post("/api/prismic-webhook").set("Cookie", cookie(madeUp())).send({});
    expect(site.calls.count("verifyPreview")).toBe(0);
  });

  test("at /: an unverified token is an ordinary visitor, so the locale detection still applies", async () => {
    const site = createTestApp({ env: WITH_PAGE_CACHE });
    // Spend the client's budget of questions.
    for (let i = 0; i < PER_CLIENT_BURST; i++) await request(site.app).get(PAGE).set("Cookie", cookie(madeUp()));
    const res = await request(site.app)
      .get("/")
      .set("Cookie", cookie(madeUp()))
      .set("Accept-Language", "en-US")
      .set(
        "User-Agent",
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
      );
    expect([res.status, res.headers.location]).toEqual([302, "/us"]);
  });
});

describe("real previews", () => {
  test("a token /preview verified is a preview at once, without being asked about again", async () => {
    const site = createTestApp({ env: WITH_PAGE_CACHE });
    const token = embeddedPreviewToken(releaseRef(site.contentClient.embedded!.current(), "spring-refresh")!);
    const entry = await request(site.app).get("/preview").query({ token, documentId: "gallery-canal-house-gb" });
    expect(entry.headers.location).toBe(PAGE);
    const res = await request(site.app).get(PAGE).set("Cookie", cookie(token));
    expect(visibleText(mainOf(res.text))).toContain(DRAFT_PROJECT);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(site.calls.count("verifyPreview")).toBe(0);
  });

  test("a valid token never seen by /preview (another instance's) is asked about once, then previews", async () => {
    const site = createTestApp({ env: WITH_PAGE_CACHE });
    await warmed(site, PAGE);
    const token = embeddedPreviewToken(releaseRef(site.contentClient.embedded!.current(), "spring-refresh")!);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => request(site.app).get(PAGE).set("Cookie", cookie(token))),
    );
    answers.push(await request(site.app).get(PAGE).set("Cookie", cookie(token)));
    for (const res of answers) {
      expect(visibleText(mainOf(res.text))).toContain(DRAFT_PROJECT);
      expect(res.headers["x-cache"]).toBe("BYPASS");
    }
    expect(site.calls.count("verifyPreview")).toBe(1);
  });
});

describe("hosted (Prismic over HTTP)", () => {
  let standIn: PrismicHttpStandIn;
  beforeAll(async () => {
    standIn = await startPrismicHttpStandIn();
  });
  afterAll(() => standIn.close());
  afterEach(() => standIn.answer(undefined));

  const hosted = () =>
    createTestApp({
      env: {
        ...WITH_PAGE_CACHE,
        PRISMIC_REPOSITORY: "embedded",
        PRISMIC_API_ENDPOINT: standIn.endpoint,
        CONTENT_REF_TTL_MS: "60000",
      },
    });
  const searches = (from: number) =>
    standIn.requests
      .slice(from)
      .filter((r) => r.startsWith("/api/v2/documents/search"))
      .map((r) => new URL(r, standIn.origin));

  test("made-up tokens cost Prismic at most two calls per token asked about, and nothing past the budget", async () => {
    const site = hosted();
    await warmed(site, PAGE);
    const before = standIn.requests.length;
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      const res = await request(site.app).get(PAGE).set("Cookie", cookie(madeUp()));
      expect(visibleText(mainOf(res.text))).toContain(PUBLISHED_PROJECT);
    }
    // One query at the token, and the client's retry at the master ref when it is refused.
    expect(searches(before).length).toBeLessThanOrEqual(2 * perClientBudget(Date.now() - started));
  });

  test("previews never push the published menus out of the menus cache", async () => {
    const site = hosted();
    const master = standIn.repository().masterRef;
    const release = embeddedPreviewToken(releaseRef(standIn.repository(), "spring-refresh")!);
    // Many distinct valid tokens (editors' sessions): each reads the release.
    const VALID = "https://embedded.invalid/previews/session-";
    standIn.answer((url) => {
      const ref = url.searchParams.get("ref");
      if (!ref?.startsWith(VALID)) return undefined;
      const forwarded = new URL(url);
      forwarded.searchParams.set("ref", release);
      return fetch(forwarded);
    });
    await warmed(site, PAGE);
    for (let i = 0; i < 9; i++) {
      const res = await request(site.app)
        .get(PAGE)
        .set("Cookie", cookie(`${VALID}${i}`));
      expect(visibleText(mainOf(res.text))).toContain(DRAFT_PROJECT);
    }
    // A published page not rendered yet: its menus (both languages, at the master ref) are still cached.
    const before = standIn.requests.length;
    const res = await request(site.app).get("/us/info/blog");
    expect(res.status).toBe(200);
    const menus = searches(before).filter(
      (url) =>
        url.searchParams.get("ref") === master && url.searchParams.getAll("q").some((q) => q.includes('"navigation"')),
    );
    expect(menus.map(String)).toEqual([]);
  });
});
