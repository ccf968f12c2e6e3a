/**
 * Values derived from content, kept for one content version (server/sitemap/refCache.ts): a new
 * ref drops the old one's entries; a value being computed is shared; a failure is forgotten; a
 * value that would pass the byte bound is not kept.
 */
import { RefCache } from "../server/sitemap/refCache";

const later = <T>(value: T) => {
  let resolve!: () => void;
  const promise = new Promise<T>((settle) => (resolve = () => settle(value)));
  return { promise, resolve };
};

test("one computation per key at one ref, shared while it runs and kept after", async () => {
  const cache = new RefCache<string>();
  cache.observe("r1");
  const compute = jest.fn(async () => "sitemap");
  const [a, b] = [cache.getOrCompute("r1", "k", compute), cache.getOrCompute("r1", "k", compute)];
  expect(a).toBe(b);
  expect(await a).toBe("sitemap");
  expect(await cache.getOrCompute("r1", "k", compute)).toBe("sitemap");
  expect(compute).toHaveBeenCalledTimes(1);
});

test("a new ref drops every entry of the old one", async () => {
  const cache = new RefCache<string>();
  cache.observe("r1");
  await cache.getOrCompute("r1", "k", async () => "old");
  cache.observe("r2");
  expect(cache.ref).toBe("r2");
  expect(cache.get("r1", "k")).toBeUndefined();
  expect(cache.get("r2", "k")).toBeUndefined();
  expect(await cache.getOrCompute("r2", "k", async () => "new")).toBe("new");
});

test("observing the same ref again keeps everything", async () => {
  const cache = new RefCache<string>();
  cache.observe("r1");
  await cache.getOrCompute("r1", "k", async () => "v");
  cache.observe("r1");
  expect(await cache.get("r1", "k")).toBe("v");
});

test("a value computed for another ref than the current one is returned but not kept", async () => {
  const cache = new RefCache<string>();
  cache.observe("r2");
  expect(await cache.getOrCompute("r1", "k", async () => "stale")).toBe("stale");
  expect(cache.get("r1", "k")).toBeUndefined();
  expect(cache.get("r2", "k")).toBeUndefined();
});

test("a failure is forgotten, so the next request tries again", async () => {
  const cache = new RefCache<string>();
  cache.observe("r1");
  await expect(cache.getOrCompute("r1", "k", async () => Promise.reject(new Error("Prismic down")))).rejects.toThrow();
  expect(cache.get("r1", "k")).toBeUndefined();
  expect(await cache.getOrCompute("r1", "k", async () => "ok")).toBe("ok");
});

test("values are kept up to the byte bound; one that would pass it is dropped once done", async () => {
  const cache = new RefCache<string>({ maxBytes: 10, sizeOf: (value) => value.length });
  cache.observe("r1");
  await cache.getOrCompute("r1", "a", async () => "123456");
  await cache.getOrCompute("r1", "b", async () => "1234");
  await cache.getOrCompute("r1", "c", async () => "1");
  expect(await cache.get("r1", "a")).toBe("123456");
  expect(await cache.get("r1", "b")).toBe("1234");
  expect(cache.get("r1", "c")).toBeUndefined();
  cache.observe("r2");
  await cache.getOrCompute("r2", "c", async () => "1234567890");
  expect(await cache.get("r2", "c")).toBe("1234567890");
});

test("an entry replaced while it ran is not counted nor dropped by the old computation", async () => {
  const cache = new RefCache<string>({ maxBytes: 5, sizeOf: (value) => value.length });
  cache.observe("r1");
  const first = later("12345");
  cache.track("r1", "k", first.promise);
  const second = later("abc");
  cache.track("r1", "k", second.promise);
  first.resolve();
  second.resolve();
  await Promise.all([first.promise, second.promise]);
  expect(await cache.get("r1", "k")).toBe("abc");
  await cache.getOrCompute("r1", "other", async () => "xy");
  expect(await cache.get("r1", "other")).toBe("xy");
});
