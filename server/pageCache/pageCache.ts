/**
 * Rendered HTML of public pages, in memory, bounded by bytes (LRU). An entry keeps the bodies
 * already compressed (brotli and gzip) so a hit costs no rendering and no compression. It is
 * keyed by URL and remembers the master ref it was rendered at: an entry of an older ref is
 * not served as fresh, but it is kept to cover an outage (stale-if-error).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface CachedPage {
  /** Master ref the page was rendered at. */
  ref: string;
  /** The route that rendered it (its id): a hit is counted under it in the metrics. */
  routeId: string;
  status: number;
  contentType: string;
  /** The CSP nonce the markup carries: a hit is sent with this nonce in its policy. */
  nonce: string;
  etag: string;
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
  storedAt: number;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  /** Compresses and stores a finished page (off the request path). */
  store(key: string, page: Omit<CachedPage, "bodies" | "etag" | "storedAt"> & { html: Buffer }): Promise<void>;
  /** Entries and bytes held, for metrics and tests. */
  stats(): { entries: number; bytes: number };
}

export function createPageCache(maxBytes: number, now = Date.now): PageCache {
  const cache = new LRUCache<string, CachedPage>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (page) => page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length + 512,
  });
  return {
    get: (key) => (maxBytes > 0 ? cache.get(key) : undefined),
    async store(key, { html, ...rest }) {
      if (maxBytes <= 0) return;
      const [gz, br] = await Promise.all([
        gzip(html, { level: 6 }),
        brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      ]);
      const etag = `"p-${createHash("sha1").update(html).digest("base64url").slice(0, 22)}"`;
      cache.set(key, { ...rest, etag, bodies: { identity: html, gzip: gz, br }, storedAt: now() });
    },
    stats: () => ({ entries: cache.size, bytes: cache.calculatedSize }),
  };
}
