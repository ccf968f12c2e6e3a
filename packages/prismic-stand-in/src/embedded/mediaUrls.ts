/**
 * Embedded documents refer to their images as `/media/<file>`, so the content does not name a
 * host. The Prismic image helpers need absolute URLs (a relative one throws), so on load every
 * `url` value starting with `/media/` becomes `<origin>/media/<file>`: image fields and their
 * responsive views, rich-text image nodes, media links, in slices or anywhere else in `data`.
 */
import type { PrismicDocument } from "@prismicio/client";

const MEDIA_PREFIX = "/media/";

/** A copy of `document` with its media URLs absolute; `origin` has no trailing slash (SITE_URL). */
export function absolutizeMediaUrls<T extends PrismicDocument>(document: T, origin: string): T {
  const base = origin.replace(/\/+$/, "");
  return { ...document, data: rewrite(document.data, base) };
}

function rewrite<T>(value: T, origin: string): T {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, origin)) as T;
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    copy[key] =
      key === "url" && typeof entry === "string" && entry.startsWith(MEDIA_PREFIX)
        ? `${origin}${entry}`
        : rewrite(entry, origin);
  }
  return copy as T;
}
