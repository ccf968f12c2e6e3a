/**
 * Rendered HTML of public pages, in memory, bounded by bytes (LRU). An entry keeps the bodies
 * already compressed (brotli and gzip) so a hit costs no rendering and no compression. It is
 * keyed by the page (shared/canonicalPath.ts `pageUrl`: canonical path and the parameters the
 * page reads), and remembers the master ref it was rendered at: an entry of an older ref is
 * first checked against the new ref: when every read the render made gives the same result
 * there, the entry is promoted to it unchanged (`promote`: server/content/recordingReads.ts);
 * otherwise it is served stale while one background render refreshes it (renderCoordinator.ts).
 * An entry also covers an outage (stale-if-error). 404s live in their own small budget, so junk
 * URLs cannot evict pages.
 */
import { hash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import type { RecordedReads } from "../content/recordingReads";
import { NOT_FOUND_TTL_MS } from "./cacheControl";
import type { Encoding } from "./contentCoding";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

// Stryker disable next-line ObjectLiteral: level 6 is gzip's default, and brotli's quality only trades CPU for bytes: the same page either way
const GZIP_OPTIONS = { level: 6 };
const brotliOptions = (html: Buffer) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
});

/** A page compressed now, for a response of a cache that keeps nothing (PAGE_CACHE_BYTES=0: tests and benchmarks). */
export const compressNow = (html: Buffer, encoding: "br" | "gzip"): Buffer =>
  encoding === "br" ? zlib.brotliCompressSync(html, brotliOptions(html)) : zlib.gzipSync(html, GZIP_OPTIONS);

/** The share of PAGE_CACHE_BYTES that 404 pages may take, apart from real pages. */
export const NOT_FOUND_SHARE = 1 / 16;

export interface CachedPage {
  /** Master ref the page was rendered at. */
  ref: string;
  /** The route that rendered it (its id): a hit is counted under it in the metrics. */
  routeId: string;
  status: number;
  contentType: string;
  /** `'sha256-…'` sources of the page's inline scripts: its policy's script-src (no nonce: the bytes are everyone's). */
  scriptHashes: string[];
  /** One strong ETag per representation: the same tag for two codings of a page would let a 304 confirm the wrong bytes. */
  etags: Record<Encoding, string>;
  bodies: Record<Encoding, Buffer>;
  storedAt: number;
  /** The edge keys of what the render read (server/edge/edgeKeys.ts), within the header's size; absent: `all` only. */
  keys?: string[];
  /** The reads the render made and their fingerprint, replayed at a newer ref; absent (a read failed): never promoted. */
  reads?: RecordedReads;
}

/**
 * Whether an entry answers as it is (a HIT) at the current master ref: a 200 rendered at that
 * ref, or a 404 rendered at it within the last minute; no other status. An entry of an older ref
 * is served stale while it is refreshed (server/render/render.tsx); the fast path leaves that to the app.
 */
export function isFresh(entry: CachedPage, ref: string, now = Date.now()): boolean {
  if (entry.ref !== ref) return false;
  return entry.status === 200 || (entry.status === 404 && now - entry.storedAt < NOT_FOUND_TTL_MS);
}

export type PageToStore = Omit<CachedPage, "bodies" | "etags" | "storedAt"> & { html: Buffer };

export interface PageCache {
  /** False with PAGE_CACHE_BYTES=0: nothing is kept and every request renders on its own. */
  readonly enabled: boolean;
  get(key: string): CachedPage | undefined;
  /** Compresses a finished page into an entry (off the request path), without storing it. */
  prepare(page: PageToStore): Promise<CachedPage>;
  /** Keeps a prepared entry: a 404 in the 404 budget, anything else in the pages'. */
  keep(key: string, entry: CachedPage): void;
  /** Compresses and stores a finished page. */
  store(key: string, page: PageToStore): Promise<void>;
  /**
   * Keeps `entry` as rendered at `ref`, the same bytes and ETags (its reads give the same results
   * there), unless another entry took its place meanwhile; returns the entry kept.
   */
  promote(key: string, entry: CachedPage, ref: string): CachedPage;
  /** Entries promoted to a newer ref without a render, since start. */
  promotions(): number;
  /** Entries and bytes held (both budgets), for metrics and tests. */
  stats(): { entries: number; bytes: number; notFoundEntries: number; notFoundBytes: number };
}

const NONE = Buffer.alloc(0);

const sizeOf = (page: CachedPage) =>
  page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length + 512;

export function createPageCache(maxBytes: number, now = Date.now): PageCache {
  const pages = new LRUCache<string, CachedPage>({ maxSize: Math.max(1, maxBytes), sizeCalculation: sizeOf });
  const notFound = new LRUCache<string, CachedPage>({
    maxSize: Math.max(1, Math.floor(maxBytes * NOT_FOUND_SHARE)),
    sizeCalculation: sizeOf,
  });
  const prepare = async ({ html, ...rest }: PageToStore): Promise<CachedPage> => {
    const tag = `p-${hash("sha1", html, "base64url").slice(0, 22)}`;
    const etags = { identity: `"${tag}"`, gzip: `"${tag}-gz"`, br: `"${tag}-br"` };
    // With the cache off nothing is kept: no body is compressed ahead (the response compresses
    // the one encoding it sends: sendCached.ts).
    if (maxBytes <= 0) return { ...rest, etags, bodies: { identity: html, gzip: NONE, br: NONE }, storedAt: now() };
    const [gz, br] = await Promise.all([gzip(html, GZIP_OPTIONS), brotli(html, brotliOptions(html))]);
    return { ...rest, etags, bodies: { identity: html, gzip: gz, br }, storedAt: now() };
  };
  const keep = (key: string, entry: CachedPage) => {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: at 0 bytes the caches hold one byte, which no page fits; the guard saves the work
    if (maxBytes <= 0) return;
    if (entry.status === 404) {
      pages.delete(key);
      notFound.set(key, entry);
    } else {
      notFound.delete(key);
      pages.set(key, entry);
    }
  };
  let promotions = 0;
  return {
    enabled: maxBytes > 0,
    // Stryker disable next-line EqualityOperator: at 0 bytes nothing was kept to be found
    get: (key) => (maxBytes > 0 ? (pages.get(key) ?? notFound.get(key)) : undefined),
    prepare,
    keep,
    async store(key, page) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: keep() refuses it too; this saves compressing
      if (maxBytes <= 0) return;
      keep(key, await prepare(page));
    },
    promote(key, entry, ref) {
      promotions++;
      const promoted = { ...entry, ref };
      const current = pages.peek(key) ?? notFound.peek(key);
      if (current === entry) keep(key, promoted);
      return promoted;
    },
    promotions: () => promotions,
    stats: () => ({
      entries: pages.size + notFound.size,
      bytes: pages.calculatedSize + notFound.calculatedSize,
      notFoundEntries: notFound.size,
      notFoundBytes: notFound.calculatedSize,
    }),
  };
}
