/**
 * Promotion (docs/architecture.md, "Keys and promotion"): after a publish, a cached page whose
 * recorded reads give the same results at the new master ref is the same page, so it is kept at
 * that ref as it is (same bytes, same ETags) instead of being rendered again. The reads are
 * replayed through the new ref's shared reads (server/content/contentService.ts `atMasterRef`),
 * so each document is read once per ref for all pages.
 */
import type { ContentService } from "../content/contentService";
import { sameReads } from "../content/recordingReads";
import { builtFieldsLogger, type Logger } from "../observability/logger";
import { type CachedPage, isFresh, type PageCache } from "./pageCache";

export interface PromotionDeps {
  cache: PageCache;
  logger: Logger;
}

/** Promotions under way, per page cache (an app's) and page at a ref: concurrent requests share one replay. */
const underWay = new WeakMap<PageCache, Map<string, Promise<CachedPage | undefined>>>();

/**
 * `entry`, of an older ref, promoted to `scope.ref` (and kept so in the cache) when every read
 * its render made gives the same result there; undefined when it read something that changed,
 * recorded no reads (one failed), would not be fresh anyway (a 404 past its minute), or when the
 * content service fails (the entry stays as it is, and the page goes the way it went before).
 * `level`: the log level of the "page promoted" line (a warm-up request's is debug).
 */
export function promotion(
  key: string,
  entry: CachedPage,
  scope: { content: ContentService; ref: string },
  deps: PromotionDeps,
  level: "info" | "debug" = "info",
): Promise<CachedPage | undefined> | undefined {
  const reads = entry.reads;
  if (!reads || entry.ref === scope.ref || !isFresh({ ...entry, ref: scope.ref }, scope.ref)) return undefined;
  let pending = underWay.get(deps.cache);
  if (!pending) {
    pending = new Map();
    underWay.set(deps.cache, pending);
  }
  const id = `${key}\u0000${scope.ref}`;
  let found = pending.get(id);
  if (!found) {
    const settled = pending;
    found = (async () => {
      try {
        if (!(await sameReads(scope.content, reads))) return undefined;
      } catch (error) {
        deps.logger.warn({ err: error, page: key }, "page not promoted: its reads failed at the new ref");
        return undefined;
      }
      // A public page's key and master refs: nothing secret, so no redaction pass.
      builtFieldsLogger(deps.logger)[level]({ page: key, ref: scope.ref, from: entry.ref }, "page promoted");
      return deps.cache.promote(key, entry, scope.ref);
    })().finally(() => settled.delete(id));
    pending.set(id, found);
  }
  return found;
}
