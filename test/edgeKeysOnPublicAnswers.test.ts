/**
 * Every public answer an edge may keep carries its edge keys in EDGE_KEYS_HEADER (docs/architecture.md,
 * "Keys and promotion"): pages (a miss, a hit of either path, a 404), the client-navigation
 * data and the sitemap; a preview or an answer private to one visitor never does.
 */
import request from "supertest";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { previewCookieValue } from "../server/preview/previewRoute";
import { createTestApp, WITH_PAGE_CACHE } from "./support/testApp";

const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function setup(header: "Surrogate-Key" | "Cache-Tag" = "Surrogate-Key") {
  const t = createTestApp({ env: { ...WITH_PAGE_CACHE, EDGE_KEYS_HEADER: header } });
  const token = embeddedPreviewToken(releaseRef(t.contentClient.embedded!.current(), "spring-refresh")!);
  const preview = `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;
  return { ...t, preview };
}

const keysOf = (res: request.Response, header = "surrogate-key") => String(res.headers[header]).split(" ");

test("a page carries its keys on a miss and on a hit, the same keys; a 404 its type's", async () => {
  const { app } = setup();
  const miss = await request(app).get("/gallery/canal-house");
  expect(miss.headers["x-cache"]).toBe("MISS");
  expect(keysOf(miss)).toEqual(expect.arrayContaining(["all", "d-gallery-canal-house-gb", "d-nav-primary-nav-gb"]));
  const hit = await request(app).get("/gallery/canal-house");
  expect(hit.headers["x-cache"]).toBe("HIT");
  expect(hit.headers["surrogate-key"]).toBe(miss.headers["surrogate-key"]);
  // A 304 too: the edge revalidating keeps the keys it is told.
  const notModified = await request(app).get("/gallery/canal-house").set("If-None-Match", String(hit.headers.etag));
  expect(notModified.status).toBe(304);
  expect(notModified.headers["surrogate-key"]).toBe(miss.headers["surrogate-key"]);

  const missing = await request(app).get("/gallery/no-such-project");
  expect(missing.status).toBe(404);
  expect(keysOf(missing)).toContain("t-gallery_project");
  expect(keysOf(missing)).not.toContain("d-gallery-canal-house-gb");
});

test("Cache-Tag carries the same keys, separated by commas", async () => {
  const { app } = setup("Cache-Tag");
  const res = await request(app).get("/info/blog");
  const tags = String(res.headers["cache-tag"]).split(",");
  expect(tags).toEqual(expect.arrayContaining(["all", "t-article", "d-article-lighting-a-kitchen-gb"]));
  expect(res.headers["surrogate-key"]).toBeUndefined();
});

test("the client-navigation data and the sitemap carry keys; robots.txt reads no content and carries none", async () => {
  const { app } = setup();
  const data = await request(app).get("/_data/info/blog?_route=info-blog___gb");
  expect(data.status).toBe(200);
  expect(keysOf(data)).toEqual(expect.arrayContaining(["all", "t-article", "d-article-lighting-a-kitchen-gb"]));
  const missing = await request(app).get("/_data/info/blog/no-such-article?_route=info-blog-uid___gb");
  expect(missing.status).toBe(404);
  expect(keysOf(missing)).toContain("t-article");
  const sitemap = await request(app).get("/sitemap.xml");
  expect(keysOf(sitemap)).toEqual(
    expect.arrayContaining(["all", "t-article", "t-gallery_project", "t-home", "t-page", "t-sample_page"]),
  );
  expect((await request(app).get("/robots.txt")).headers["surrogate-key"]).toBeUndefined();
});

test("a preview, its data, and the home kept for one crawler alone carry no keys", async () => {
  const { app, preview } = setup();
  const page = await request(app).get("/gallery/canal-house").set("Cookie", preview);
  expect(page.text).toContain("Canal House, repainted for spring");
  expect(page.headers["surrogate-key"]).toBeUndefined();
  const data = await request(app).get("/_data/gallery/canal-house?_route=gallery-uid___gb").set("Cookie", preview);
  expect(data.headers["cache-control"]).toBe("private, no-store");
  expect(data.headers["surrogate-key"]).toBeUndefined();
  const crawler = await request(app).get("/").set("User-Agent", BOT).set("Accept-Language", "en-US");
  expect(crawler.headers["cache-control"]).toBe("private, no-store");
  expect(crawler.headers["surrogate-key"]).toBeUndefined();
});
