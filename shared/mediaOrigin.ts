/**
 * Where the embedded repository's images live, as the content carries them. Embedded documents
 * name their images `/media/<file>`; Prismic's image helpers need absolute URLs, so on load they
 * become `https://embedded.invalid/media/<file>` (a name that never resolves: `.invalid` is
 * reserved). Pages then address them root-relative (`/media/<file>?w=…`), so the site works from
 * any host or IP it is reached at; only what a standard wants absolute (Open Graph, Twitter,
 * JSON-LD) gets SITE_URL's origin. Hosted Prismic's images (images.prismic.io) pass unchanged.
 */
export const EMBEDDED_MEDIA_ORIGIN = "https://embedded.invalid";

const PREFIX = `${EMBEDDED_MEDIA_ORIGIN}/`;

/** Every embedded image URL in `value` (a URL or a srcset) made root-relative; other URLs unchanged. */
export const rootRelativeMedia = (value: string): string => value.replaceAll(PREFIX, "/");

/** An image URL as an absolute URL on `origin` (SITE_URL) where it is an embedded one; other URLs unchanged. */
export const absoluteMedia = (url: string, origin: string): string =>
  url.startsWith(PREFIX) ? `${origin.replace(/\/+$/, "")}/${url.slice(PREFIX.length)}` : url;
