/**
 * The page cache's store (server/pageCache/pageCache.ts) and the cache headers of each status
 * (server/pageCache/cacheControl.ts), as units: what is kept, in which budget, compressed how,
 * and that PAGE_CACHE_BYTES=0 keeps nothing. (test/pageCache.test.ts checks the same over HTTP.)
 */
import zlib from "node:zlib";
import { createPageCache, isFresh, type PageToStore } from "../server/pageCache/pageCache";
import {
  cacheControlFor,
  NOT_FOUND_CACHE_CONTROL,
  NOT_FOUND_TTL_MS,
  NO_STORE,
  PAGE_CACHE_CONTROL,
  PRIVATE_NO_STORE,
} from "../server/pageCache/cacheControl";

const page = (html: string, status = 200): PageToStore => ({
  ref: "ref-1",
  routeId: "gallery",
  status,
  contentType: "text/html; charset=utf-8",
  scriptHashes: [],
  html: Buffer.from(html),
});
const HTML = `<!doctype html><title>Gallery</title>${"<p>walnut and oak</p>".repeat(200)}`;

test("a stored page comes back with its bytes, gzip and brotli copies of them, and an ETag of its bytes per representation", async () => {
  const cache = createPageCache(1024 * 1024, () => 42);
  await cache.store("/gallery", page(HTML));
  const hit = cache.get("/gallery")!;
  expect(hit.bodies.identity.toString()).toBe(HTML);
  expect(zlib.gunzipSync(hit.bodies.gzip).toString()).toBe(HTML);
  expect(zlib.brotliDecompressSync(hit.bodies.br).toString()).toBe(HTML);
  expect(hit.etags.identity).toMatch(/^"p-[\w-]{22}"$/);
  expect(hit.etags.gzip).toMatch(/^"p-[\w-]{22}-gz"$/);
  expect(hit.etags.br).toMatch(/^"p-[\w-]{22}-br"$/);
  expect((await cache.prepare(page(`${HTML} `))).etags.identity).not.toBe(hit.etags.identity);
  expect(hit.storedAt).toBe(42);
  expect(cache.enabled).toBe(true);
});

test("its size counts all three bodies plus a fixed overhead, in the pages' budget or the 404s'", async () => {
  const cache = createPageCache(1024 * 1024);
  await cache.store("/gallery", page(HTML));
  await cache.store("/gallery/nope", page("<p>not here</p>", 404));
  const [hit, missing] = [cache.get("/gallery")!, cache.get("/gallery/nope")!];
  const size = (p: typeof hit) => p.bodies.identity.length + p.bodies.gzip.length + p.bodies.br.length + 512;
  expect(cache.stats()).toEqual({
    entries: 2,
    bytes: size(hit) + size(missing),
    notFoundEntries: 1,
    notFoundBytes: size(missing),
  });
});

test("PAGE_CACHE_BYTES=0 keeps nothing and compresses nothing ahead", async () => {
  const cache = createPageCache(0);
  expect(cache.enabled).toBe(false);
  const prepared = await cache.prepare(page(HTML));
  expect(prepared.bodies.identity.toString()).toBe(HTML);
  expect(prepared.bodies.gzip.length + prepared.bodies.br.length).toBe(0);
  cache.keep("/gallery", prepared);
  await cache.store("/info/blog", page(HTML));
  expect(cache.get("/gallery")).toBeUndefined();
  expect(cache.get("/info/blog")).toBeUndefined();
  expect(cache.stats()).toEqual({ entries: 0, bytes: 0, notFoundEntries: 0, notFoundBytes: 0 });
});

test("a budget of one byte is a cache, if a useless one: on and keeping nothing that does not fit", async () => {
  const cache = createPageCache(1);
  expect(cache.enabled).toBe(true);
  await cache.store("/gallery", page(HTML));
  expect(cache.get("/gallery")).toBeUndefined();
});

test.each([
  [200, false, PAGE_CACHE_CONTROL],
  [404, false, NOT_FOUND_CACHE_CONTROL],
  [500, false, NO_STORE],
  [503, false, NO_STORE],
  [200, true, PRIVATE_NO_STORE],
  [404, true, PRIVATE_NO_STORE],
])("a %i (preview: %s) is sent with Cache-Control %s", (status, preview, header) => {
  expect(cacheControlFor(status, preview)).toBe(header);
});

test("an entry answers as it is while its ref is the master ref: a page for as long as the ref lasts, a 404 for its first minute, nothing else ever", async () => {
  const cache = createPageCache(1024 * 1024, () => 1_000);
  const found = await cache.prepare(page(HTML));
  const missing = await cache.prepare(page("<!doctype html><title>Not found</title>", 404));
  expect(isFresh(found, "ref-1", 1_000 + 365 * 24 * 3600 * 1000)).toBe(true);
  expect(isFresh(found, "ref-2", 1_000)).toBe(false);
  expect(isFresh(missing, "ref-1", 1_000 + NOT_FOUND_TTL_MS - 1)).toBe(true);
  expect(isFresh(missing, "ref-1", 1_000 + NOT_FOUND_TTL_MS)).toBe(false);
  expect(isFresh(missing, "ref-2", 1_000)).toBe(false);
  const failed = await cache.prepare(page("<!doctype html><title>Error</title>", 500));
  expect(isFresh(failed, "ref-1", 1_000)).toBe(false);
});
