/**
 * The edge keys' vocabulary and header (server/edge/edgeKeys.ts, docs/architecture.md "Keys and
 * promotion"): what an edge reads in Surrogate-Key or Cache-Tag, within the size every hop takes.
 */
import {
  documentKey,
  EDGE_KEY_ALL,
  EDGE_KEYS_MAX_BYTES,
  fitKeys,
  formatKeys,
  isEdgeKey,
  typeKey,
} from "../server/edge/edgeKeys";

test("a document is d-<id>, a type t-<type>, and every answer also carries `all`", () => {
  expect(documentKey("home-gb")).toBe("d-home-gb");
  expect(typeKey("gallery_project")).toBe("t-gallery_project");
  expect(formatKeys([], "Surrogate-Key")).toBe(EDGE_KEY_ALL);
});

test("Surrogate-Key separates with spaces, Cache-Tag with commas; sorted, each key once", () => {
  const keys = [documentKey("b"), typeKey("article"), documentKey("a"), documentKey("b")];
  expect(formatKeys(keys, "Surrogate-Key")).toBe("all d-a d-b t-article");
  expect(formatKeys(keys, "Cache-Tag")).toBe("all,d-a,d-b,t-article");
});

test("a key with a space, a comma or any character outside [A-Za-z0-9_-] is dropped, never sent", () => {
  for (const odd of ["d-a b", "d-a,b", "d-é", "d-a\tb", "d-a\r\nX-Injected: 1", "", "d-a;b", "d-a/b"])
    expect(isEdgeKey(odd)).toBe(false);
  expect(formatKeys(["d-a b", "d-a,b", "d-ok_ID-9", "d-a\r\nX: 1"], "Surrogate-Key")).toBe("all d-ok_ID-9");
  expect(formatKeys(["d-a,b"], "Cache-Tag")).toBe("all");
  // A key is at most 1,024 bytes (Fastly's and Cloudflare's limit).
  expect(isEdgeKey(`d-${"x".repeat(1022)}`)).toBe(true);
  expect(isEdgeKey(`d-${"x".repeat(1023)}`)).toBe(false);
});

test("past EDGE_KEYS_MAX_BYTES the document keys give way to their documents' types, and the header stays within it", () => {
  const types: Record<string, string> = {};
  const keys = [typeKey("navigation")];
  for (let i = 0; i < 200; i++) {
    const id = `article-number-${i}-gb`;
    types[id] = i % 2 ? "article" : "gallery_project";
    keys.push(documentKey(id));
  }
  expect(keys.join(" ").length).toBeGreaterThan(EDGE_KEYS_MAX_BYTES);
  const value = formatKeys(keys, "Surrogate-Key", (id) => types[id]);
  expect(value).toBe("all t-article t-gallery_project t-navigation");
  expect(Buffer.byteLength(formatKeys(keys, "Cache-Tag", (id) => types[id]))).toBeLessThanOrEqual(EDGE_KEYS_MAX_BYTES);
});

test("keys that fit are kept as they are, up to exactly EDGE_KEYS_MAX_BYTES", () => {
  // `all` (3 bytes) and five keys of 408 bytes, each after a separator: 3 + 5 × 409 = 2,048.
  const keys = Array.from({ length: 5 }, (_, i) => `d-${i}${"x".repeat(405)}`);
  const fits = fitKeys(keys);
  expect(fits).toEqual([EDGE_KEY_ALL, ...keys]);
  expect(fits.join(" ").length).toBe(EDGE_KEYS_MAX_BYTES);
  // One byte more and they give way (to `all` alone: their type is unknown).
  expect(fitKeys([...keys.slice(1), `${keys[0]}x`])).toEqual([EDGE_KEY_ALL]);
});

test("a document of unknown type is covered by `all` alone when the keys do not fit", () => {
  const keys = Array.from({ length: 150 }, (_, i) => documentKey(`unknown-document-${i}`));
  expect(fitKeys([...keys, typeKey("page")])).toEqual([EDGE_KEY_ALL, typeKey("page")]);
});
