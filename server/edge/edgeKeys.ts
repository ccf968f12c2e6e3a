/**
 * The edge's purge keys (surrogate keys, cache tags): what a public answer was made of, so a
 * publish purges at the edge only the answers that read what it changed (docs/architecture.md,
 * "Keys and promotion"). One vocabulary for the answers that carry keys and for the purges:
 * - `d-<id>`: the answer read the document `<id>`;
 * - `l-<id>`: the answer links to the document `<id>` (a menu, a related article, a translation's
 *   hreflang): it shows the document's address, so a publish purges it only when that address
 *   changed (server/edge/purgeOnPublish.ts);
 * - `t-<type>`: the answer depends on which documents of `<type>` exist (a list, the sitemap, a
 *   404 a new document of that type may fill);
 * - `all`: on every public answer, so an operator or a schema change can purge everything.
 */

import type { EdgeKeysHeader } from "./edgeSettings";

export const EDGE_KEY_ALL = "all";

/**
 * The largest header value sent. Fastly takes 16 KB of Surrogate-Key and Cloudflare 16 KB of
 * Cache-Tag, each key at most 1,024 bytes; but the header must also pass whatever sits between
 * the app and the edge together with our other headers (the CSP alone is about 1 KB): the
 * deploy's nginx reads all of a response's headers into `proxy_buffer_size` (4 or 8 KB by
 * default, deploy/nginx/nginx.conf) and Varnish into `http_resp_hdr_len` (8 KB by default). 2 KB
 * keeps a page's headers well inside both; a page whose keys pass it is keyed by its documents'
 * types instead, which still purges it when any of them changes.
 */
export const EDGE_KEYS_MAX_BYTES = 2_048;

/** Prismic's document ids and our type names: letters, digits, `_` and `-`; never a space or a comma, the headers' separators. */
const KEY = /^[A-Za-z0-9_-]{1,1024}$/;
const DOCUMENT_PREFIX = "d-";
const LINK_PREFIX = "l-";

export const documentKey = (id: string): string => DOCUMENT_PREFIX + id;
export const linkKey = (id: string): string => LINK_PREFIX + id;
export const typeKey = (type: string): string => `t-${type}`;

/** Whether `key` may be sent: anything else (a space, a comma, a non-ASCII letter, too long) is dropped. */
export const isEdgeKey = (key: string): boolean => KEY.test(key);

/** The document id of a document key or a link key, or undefined. */
export const documentOfKey = (key: string): string | undefined =>
  key.startsWith(DOCUMENT_PREFIX) || key.startsWith(LINK_PREFIX) ? key.slice(DOCUMENT_PREFIX.length) : undefined;

const byteLength = (keys: readonly string[]) =>
  // One separator between keys; keys are ASCII (KEY), so characters are bytes.
  keys.reduce((sum, key) => sum + key.length, 0) + Math.max(0, keys.length - 1);

/**
 * The keys to send: valid ones only, `all` included, sorted and de-duplicated, within
 * EDGE_KEYS_MAX_BYTES. Past it, each document or link key gives way to its document's type key
 * (`typeOf`, by document id; a document of unknown type is covered by `all` alone); past it
 * still (never with our handful of types), `all` alone.
 */
export function fitKeys(
  keys: Iterable<string>,
  typeOf: (id: string) => string | undefined = () => undefined,
): string[] {
  const valid = new Set([EDGE_KEY_ALL]);
  for (const key of keys) if (isEdgeKey(key)) valid.add(key);
  const sorted = [...valid].sort();
  if (byteLength(sorted) <= EDGE_KEYS_MAX_BYTES) return sorted;
  const coarse = new Set<string>();
  for (const key of sorted) {
    const id = documentOfKey(key);
    if (id === undefined) coarse.add(key);
    else {
      const type = typeOf(id);
      if (type !== undefined && isEdgeKey(typeKey(type))) coarse.add(typeKey(type));
    }
  }
  const fitted = [...coarse].sort();
  return byteLength(fitted) <= EDGE_KEYS_MAX_BYTES ? fitted : [EDGE_KEY_ALL];
}

/** The header's value: Surrogate-Key separates keys with spaces, Cache-Tag with commas. */
export function formatKeys(
  keys: Iterable<string>,
  header: EdgeKeysHeader,
  typeOf?: (id: string) => string | undefined,
): string {
  return fitKeys(keys, typeOf).join(header === "Cache-Tag" ? "," : " ");
}
