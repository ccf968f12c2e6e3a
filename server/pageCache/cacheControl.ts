/**
 * Cache headers of HTML responses. Pages may be kept by a CDN for a few seconds and then
 * revalidated (cheap with the ETag), served stale while revalidating, and for a day if we
 * fail; 404s briefly; previews and errors never.
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=60, stale-if-error=86400";
export const NOT_FOUND_CACHE_CONTROL = "public, max-age=0, s-maxage=60";
export const PRIVATE_NO_STORE = "private, no-store";
export const NO_STORE = "no-store";

/** How long a cached 404 stays fresh here: a crawler asking for a million bad uids costs Prismic one request each. */
export const NOT_FOUND_TTL_MS = 60_000;

/** What the server sends as Cache-Control for a rendered status. */
export function cacheControlFor(status: number, preview: boolean): string {
  if (preview) return PRIVATE_NO_STORE;
  if (status === 200) return PAGE_CACHE_CONTROL;
  if (status === 404) return NOT_FOUND_CACHE_CONTROL;
  return NO_STORE;
}
