/**
 * Promotion of a cached page to a newer master ref (server/pageCache/pagePromotion.ts,
 * docs/architecture.md "Keys and promotion"): kept as it is when its reads give the same results
 * there, left alone otherwise; one replay for concurrent requests; never on a failed replay.
 */
import type { ContentService } from "../server/content/contentService";
import { recordReads } from "../server/content/recordingReads";
import { type CachedPage, createPageCache } from "../server/pageCache/pageCache";
import { promotion } from "../server/pageCache/pagePromotion";
import { capturingLogger } from "./support/capturingLogger";

const HOME = { id: "home-gb", type: "home", lang: "en-gb", data: { heading: "Kitchens made to measure" } };

/** A content service whose home is `home` (null: none), counting its reads. */
function contentWith(home: () => Promise<unknown>) {
  let reads = 0;
  const content = {
    home: () => {
      reads++;
      return home();
    },
  } as unknown as ContentService;
  return { content, reads: () => reads };
}

async function cachedHome(status = 200, storedAt?: number) {
  const cache = createPageCache(1024 * 1024, storedAt === undefined ? Date.now : () => storedAt);
  const recorder = recordReads(contentWith(async () => HOME).content, "ref-1");
  await recorder.content.home("en-gb");
  const { keys, reads } = await recorder.finish();
  const entry = await cache.prepare({
    ref: "ref-1",
    routeId: "index___gb",
    status,
    contentType: "text/html; charset=utf-8",
    scriptHashes: [],
    html: Buffer.from("<!doctype html><title>Home</title>"),
    keys,
    reads,
  });
  cache.keep("/", entry);
  const { logger, lines } = capturingLogger("info");
  return { cache, entry, deps: { cache, logger }, lines };
}

test("a page whose reads give the same results at the new ref is kept there: same bytes and ETags, counted", async () => {
  const { cache, entry, deps, lines } = await cachedHome();
  // Another ref's read: an equal document, not the same object.
  const { content } = contentWith(async () => structuredClone(HOME));
  const promoted = (await promotion("/", entry, { content, ref: "ref-2" }, deps)) as CachedPage;
  expect(promoted.ref).toBe("ref-2");
  expect(promoted.etags).toEqual(entry.etags);
  expect(promoted.bodies.identity).toBe(entry.bodies.identity);
  expect(cache.get("/")?.ref).toBe("ref-2");
  expect(cache.promotions()).toBe(1);
  expect(lines.filter((l) => l.msg === "page promoted")).toEqual([
    expect.objectContaining({ page: "/", ref: "ref-2", from: "ref-1" }),
  ]);
});

test("a page that read something that changed is left as it was", async () => {
  const { cache, entry, deps } = await cachedHome();
  const { content } = contentWith(async () => ({ ...HOME, data: { heading: "A new heading" } }));
  expect(await promotion("/", entry, { content, ref: "ref-2" }, deps)).toBeUndefined();
  expect(cache.get("/")).toBe(entry);
  expect(cache.promotions()).toBe(0);
});

test("concurrent requests of one page share one replay", async () => {
  const { entry, deps } = await cachedHome();
  const { content, reads } = contentWith(async () => HOME);
  const all = await Promise.all(
    Array.from({ length: 5 }, () => promotion("/", entry, { content, ref: "ref-2" }, deps)),
  );
  expect(new Set(all).size).toBe(1);
  expect(reads()).toBe(1);
});

test("a replay that fails (content down) leaves the entry as it was, with a warning", async () => {
  const { cache, entry, deps, lines } = await cachedHome();
  const { content } = contentWith(() => Promise.reject(new Error("content down")));
  expect(await promotion("/", entry, { content, ref: "ref-2" }, deps)).toBeUndefined();
  expect(cache.get("/")).toBe(entry);
  expect(lines.map((l) => l.msg)).toContain("page not promoted: its reads failed at the new ref");
});

test("nothing is replayed for an entry without reads, of this ref, or a 404 past its minute", async () => {
  const { entry, deps } = await cachedHome();
  const { content, reads } = contentWith(async () => HOME);
  expect(promotion("/", { ...entry, reads: undefined }, { content, ref: "ref-2" }, deps)).toBeUndefined();
  expect(promotion("/", entry, { content, ref: "ref-1" }, deps)).toBeUndefined();
  const old = await cachedHome(404, Date.now() - 120_000);
  expect(promotion("/", old.entry, { content, ref: "ref-2" }, old.deps)).toBeUndefined();
  expect(reads()).toBe(0);
});
