/**
 * After a publish only the pages that read what it changed are rendered again (docs/architecture.md,
 * "Keys and promotion"; docs/decisions/004-page-cache-keyed-by-ref.md): a cached page whose reads
 * give the same results at the new ref is promoted to it (the same bytes and ETag, a HIT, no
 * render, counted in page_cache_promotions_total); the others are served stale and rendered once.
 * A change of the menus, which every page reads, renders every page again.
 */
import path from "node:path";
import type { PrismicDocument } from "@prismicio/client";
import request from "supertest";
import { loadDocuments } from "../packages/prismic-stand-in/src/index";
import { capturingLogger } from "./support/capturingLogger";
import { createTestApp, ROOT, WITH_PAGE_CACHE } from "./support/testApp";

const TOKEN = "a-metrics-token-of-some-length";
const ARTICLE = "/info/blog/lighting-a-kitchen";
const BLOG = "/info/blog";
const HOME = "/";
const GALLERY = "/gallery/canal-house";
const PAGES = [HOME, GALLERY, BLOG, ARTICLE];

function setup() {
  const { logger, lines } = capturingLogger("info");
  const t = createTestApp({
    logger,
    env: { ...WITH_PAGE_CACHE, CONTENT_REF_TTL_MS: "60000", METRICS_TOKEN: TOKEN, EDGE_KEYS_HEADER: "Surrogate-Key" },
  });
  const count = (msg: string, page: string) => lines.filter((l) => l.msg === msg && l.page === page).length;
  /** Publishes the demo content with `change` applied to the document `id`: a new master ref, as a publish webhook moves it. */
  const publish = async (id: string, change: (doc: PrismicDocument) => void) => {
    const documents = loadDocuments(path.join(ROOT, "content")).map((doc) => {
      if (doc.id !== id) return doc;
      const copy = structuredClone(doc);
      change(copy);
      return copy;
    });
    t.contentClient.embedded!.publish(documents);
    await t.contentClient.refs.refresh();
  };
  /** Waits (bounded) until every page has been rendered `times` times or more. */
  const rendered = async (pages: string[], times: number) => {
    const deadline = Date.now() + 10_000;
    while (pages.some((page) => count("page rendered", page) < times) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
  };
  const promotionsMetric = async () => {
    const text = (await request(t.app).get("/metrics").set("Authorization", `Bearer ${TOKEN}`)).text;
    return Number(/^page_cache_promotions_total (\d+)$/m.exec(text)?.[1]);
  };
  return { ...t, count, publish, rendered, promotionsMetric };
}

test("publishing one article renders the article and the blog list again; the home and a gallery page are promoted without a render", async () => {
  const { app, count, publish, rendered, promotionsMetric } = setup();
  const before: Record<string, request.Response> = {};
  for (const page of PAGES) {
    before[page] = await request(app).get(page);
    expect(before[page].status).toBe(200);
    expect(count("page rendered", page)).toBe(1);
  }
  expect(await promotionsMetric()).toBe(0);

  await publish("article-lighting-a-kitchen-gb", (doc) => {
    (doc.data as { title: string }).title = "Lighting a kitchen, revised";
  });

  // The unchanged pages: the same bytes and ETag, answered as a HIT, never rendered again.
  for (const page of [HOME, GALLERY]) {
    const res = await request(app).get(page);
    expect(res.headers["x-cache"]).toBe("HIT");
    expect(res.headers.etag).toBe(before[page].headers.etag);
    expect(res.text).toBe(before[page].text);
    expect(res.headers["surrogate-key"]).toBe(before[page].headers["surrogate-key"]);
    expect(count("page promoted", page)).toBe(1);
  }
  // The changed ones: the older copy at once, and one render each at the new ref.
  for (const page of [ARTICLE, BLOG]) expect((await request(app).get(page)).headers["x-cache"]).toBe("STALE");
  await rendered([ARTICLE, BLOG], 2);
  for (const page of [ARTICLE, BLOG]) {
    const res = await request(app).get(page);
    expect(res.headers["x-cache"]).toBe("HIT");
    expect(res.text).toContain("Lighting a kitchen, revised");
    expect(count("page rendered", page)).toBe(2);
    expect(count("page promoted", page)).toBe(0);
  }
  for (const page of [HOME, GALLERY]) expect(count("page rendered", page)).toBe(1);
  expect(await promotionsMetric()).toBe(2);
  // Promoted, a page is fresh at the new ref: the fast path answers it again.
  expect((await request(app).get(HOME)).headers["x-cache"]).toBe("HIT");
  expect(count("page rendered", HOME)).toBe(1);
}, 60_000);

test("a menu change, which every page reads, renders every page again", async () => {
  const { app, count, publish, rendered, promotionsMetric } = setup();
  for (const page of PAGES) expect((await request(app).get(page)).status).toBe(200);

  await publish("nav-primary-nav-gb", (doc) => {
    const body = (doc.data as { body: Array<{ items: Array<{ label: string }> }> }).body;
    body[0].items[0].label = "Doors, drawers and more";
  });
  for (const page of PAGES) expect((await request(app).get(page)).headers["x-cache"]).toBe("STALE");
  await rendered(PAGES, 2);
  for (const page of PAGES) {
    expect(count("page rendered", page)).toBe(2);
    expect(count("page promoted", page)).toBe(0);
    expect((await request(app).get(page)).text).toContain("Doors, drawers and more");
  }
  expect(await promotionsMetric()).toBe(0);
}, 60_000);

test("a promotion whose reads fail at the new ref (content down) leaves the page as it was: served stale, never promoted", async () => {
  let down = false;
  const { logger, lines } = capturingLogger("info");
  const t = createTestApp({
    logger,
    env: { ...WITH_PAGE_CACHE, CONTENT_REF_TTL_MS: "60000" },
    wrapFetch: (inner) =>
      (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if (down && url.includes("/documents/search")) throw new TypeError("fetch failed");
        return inner(input, init);
      }) as typeof fetch,
  });
  const first = await request(t.app).get(GALLERY);
  expect(first.status).toBe(200);
  t.contentClient.embedded!.publish(
    loadDocuments(path.join(ROOT, "content")).map((doc) =>
      doc.id === "home-gb" ? { ...doc, last_publication_date: "2030-01-01T00:00:00+0000" } : doc,
    ),
  );
  await t.contentClient.refs.refresh();
  down = true;
  const res = await request(t.app).get(GALLERY);
  expect(res.status).toBe(200);
  expect(res.headers["x-cache"]).toBe("STALE");
  expect(res.text).toBe(first.text);
  expect(lines.filter((l) => l.msg === "page promoted")).toEqual([]);
  expect(lines.some((l) => l.msg === "page not promoted: its reads failed at the new ref")).toBe(true);
}, 60_000);
