/**
 * A cache key that is the page, not the request (docs/behaviour.md section 6.1): campaign parameters neither make a
 * new entry nor reach the render, a junk preview cookie is an ordinary visitor, and 404s keep
 * to their own budget so junk URLs cannot evict real pages.
 */
import request from "supertest";
import { createPageCache, type PageToStore } from "../server/pageCache/pageCache";
import { createTestApp, WITH_PAGE_CACHE } from "./support/testApp";
import { warmPage } from "./support/warmPage";

const CAMPAIGN_PARAMETERS = [
  ["Meta", "fbclid=IwAR2x_unique"],
  ["Google Ads", "gclid=Cj0KCQ_unique"],
  ["Google's wbraid", "wbraid=abc"],
  ["Microsoft Ads", "msclkid=7f1c"],
  ["Klaviyo", "_kx=token.abc"],
  ["Mailchimp", "mc_cid=1&mc_eid=2"],
  ["UTM", "utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=x&utm_content=y"],
  ["an arbitrary parameter", "anything=goes&bust=42"],
] as const;

describe("campaign links hit the cache", () => {
  const t = createTestApp({ env: WITH_PAGE_CACHE });

  test.each(CAMPAIGN_PARAMETERS)("%s (%s): HIT after the page's first render, the same bytes", async (_name, query) => {
    const clean = await warmPage(t.app, "/info/blog");
    const before = t.calls.log.length;
    const res = await request(t.app).get(`/info/blog?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers["x-cache"]).toBe("HIT");
    expect(res.text).toBe(clean.text);
    expect(t.calls.log.length).toBe(before);
  });

  test("a parameter the page reads is part of the key: ?page=1 is its own entry, and campaign parameters beside it are ignored", async () => {
    await warmPage(t.app, "/gallery?page=1");
    const res = await request(t.app).get("/gallery?utm_source=x&page=1&fbclid=y");
    expect(res.headers["x-cache"]).toBe("HIT");
  });

  test("1,500 junk query strings leave the home page cached, and render nothing", async () => {
    const home = await warmPage(t.app, "/");
    const before = t.calls.log.length;
    for (let i = 0; i < 1500; i++) {
      const res = await request(t.app).get(`/?bust=${i}&fbclid=${i}`);
      expect(res.headers["x-cache"]).toBe("HIT");
    }
    expect(t.calls.log.length).toBe(before);
    const again = await request(t.app).get("/");
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.text).toBe(home.text);
  }, 60_000);
});

describe("the preview cookie", () => {
  const t = createTestApp({ env: WITH_PAGE_CACHE });

  test.each([
    // A bare word is a plausible plain ref (the toolbar's shape in the editor's frame): it is asked
    // about and refused instead (test/previewCookieShapes.test.ts); junk here is no ref at all.
    ["junk", "io.prismic.preview=junk%20%3C%3E"],
    ["JSON that does not parse", "io.prismic.preview=%7Bnot-json"],
    [
      "another repository's preview",
      `io.prismic.preview=${encodeURIComponent(JSON.stringify({ "someone-else.prismic.io": { preview: "https://someone-else.prismic.io/previews/x" } }))}`,
    ],
    [
      "a token that is not one",
      `io.prismic.preview=${encodeURIComponent(JSON.stringify({ "embedded.prismic.io": { preview: "no spaces allowed" } }))}`,
    ],
    ["a bare non-https token", "io.prismic.preview=http%3A%2F%2Fembedded.invalid%2Fpreviews%2Fx"],
  ])("%s is no preview: the page is a HIT, public", async (_what, cookie) => {
    const clean = await warmPage(t.app, "/gallery");
    const res = await request(t.app).get("/gallery").set("Cookie", cookie);
    expect(res.headers["x-cache"]).toBe("HIT");
    expect(res.headers["cache-control"]).toBe(clean.headers["cache-control"]);
    expect(res.text).toBe(clean.text);
  });

  test("a junk cookie's visit that renders the page gets the same bytes and policy as anyone, not the preview's", async () => {
    // Prismic's hosted toolbar, whose hosts a preview's policy would add.
    const fresh = createTestApp({
      env: {
        ...WITH_PAGE_CACHE,
        PRISMIC_TOOLBAR_SRC: "https://static.cdn.prismic.io/prismic.js?new=true&repo=embedded",
      },
    });
    const first = await request(fresh.app).get("/materials/samples").set("Cookie", "io.prismic.preview=junk");
    expect(first.headers["x-cache"]).toBe("MISS");
    const clean = await warmPage(fresh.app, "/materials/samples");
    expect(first.text).toBe(clean.text);
    expect(first.headers["content-security-policy"]).toBe(clean.headers["content-security-policy"]);
    expect(first.headers["content-security-policy"]).not.toContain("*.prismic.io");
  });

  test("a well-formed preview of this repository still bypasses the cache", async () => {
    await warmPage(t.app, "/gallery");
    const cookie = `io.prismic.preview=${encodeURIComponent(JSON.stringify({ "embedded.prismic.io": { preview: "https://embedded.invalid/previews/spring-refresh" } }))}`;
    const res = await request(t.app).get("/gallery").set("Cookie", cookie);
    expect(res.headers["x-cache"]).toBe("BYPASS");
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("404s have their own budget", () => {
  const page = (status: number, bytes: number): PageToStore => ({
    ref: "r1",
    routeId: "x",
    status,
    contentType: "text/html",
    scriptHashes: [],
    html: Buffer.from(
      Math.random()
        .toString(36)
        .repeat(Math.ceil(bytes / 10))
        .slice(0, bytes),
    ),
  });

  test("1,500 cached 404s evict each other, never a page", async () => {
    const cache = createPageCache(2_000_000);
    await cache.store("/", page(200, 60_000));
    await cache.store("/gallery", page(200, 60_000));
    for (let i = 0; i < 1500; i++) await cache.store(`/no-such-${i}`, page(404, 5_000));
    expect(cache.get("/")?.status).toBe(200);
    expect(cache.get("/gallery")?.status).toBe(200);
    const stats = cache.stats();
    // One sixteenth of the cache (docs/behaviour.md section 8), filled to within two entries.
    expect(stats.notFoundBytes).toBeLessThanOrEqual(2_000_000 / 16);
    expect(stats.notFoundBytes).toBeGreaterThan(2_000_000 / 16 - 2 * 5_000);
    expect(stats.notFoundEntries).toBeGreaterThan(0);
    expect(stats.notFoundEntries).toBeLessThan(1500);
    expect(cache.get("/no-such-1499")?.status).toBe(404);
  });

  test("over HTTP: junk 404s cannot push the home page out of a small cache", async () => {
    const t = createTestApp({ env: { PAGE_CACHE_BYTES: String(200_000) } });
    await warmPage(t.app, "/");
    for (let i = 0; i < 40; i++) expect((await request(t.app).get(`/gallery/no-such-${i}`)).status).toBe(404);
    expect((await request(t.app).get("/")).headers["x-cache"]).toBe("HIT");
  }, 30_000);
});
