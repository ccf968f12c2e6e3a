/**
 * Cache headers of HTML responses. Pages may be kept by a CDN for a few seconds and then
 * revalidated (cheap with the ETag), served stale while revalidating, and for a day if we
 * fail; 404s briefly; previews and errors never.
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=60, stale-if-error=86400";
export const NOT_FOUND_CACHE_CONTROL = "public, max-age=0, s-maxage=60";
/** The sitemap's (server/sitemap/sitemapRoute.ts): an hour at the edge, a day stale while revalidating. */
export const SITEMAP_CACHE_CONTROL = "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400";
/** The data endpoint's (server/render/dataRoute.ts): revalidated on each use. */
export const DATA_CACHE_CONTROL = "no-cache";
export const PRIVATE_NO_STORE = "private, no-store";
export const NO_STORE = "no-store";

/** How long a cached 404 stays fresh here: a crawler asking for a million bad uids costs Prismic one request each. */
export const NOT_FOUND_TTL_MS = 60_000;

/**
 * Set in `res.locals` by a request rule whose answer is the public page but is this visitor's
 * alone (server/requestRules/rootRegion.ts: a crawler kept on the gb home): sent private, no-store.
 */
export const PRIVATE_ANSWER = "privateAnswer";

/** What the server sends as Cache-Control for a rendered status (`isPrivate`: a preview, or a PRIVATE_ANSWER). */
export function cacheControlFor(status: number, isPrivate: boolean): string {
  if (isPrivate) return PRIVATE_NO_STORE;
  if (status === 200) return PAGE_CACHE_CONTROL;
  if (status === 404) return NOT_FOUND_CACHE_CONTROL;
  return NO_STORE;
}
