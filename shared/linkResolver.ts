import { localeByLang, localizePath, type Locale } from "./locales";
import { fillRoutePath, pageRoute } from "./routeTable";
import { isSafeHref } from "./safeUrl";
import type { SectionIndex } from "./sectionIndex";
import { rootRelativeMedia } from "./mediaOrigin";

/** The fields of a Prismic link (or document) that resolution reads (docs/behaviour.md section 1.6). */
export interface LinkLike {
  link_type?: string;
  id?: string;
  uid?: string | null;
  type?: string;
  lang?: string;
  url?: string | null;
  isBroken?: boolean;
}

export const NOT_FOUND_PATH = "/not-found";

/**
 * Resolves a content link to a site URL (docs/behaviour.md section 1.6), locale-prefixed for us documents:
 * - gallery_project → /gallery/{uid}; article → /info/blog/{uid}; sample_page → /materials/samples
 * - home → the region's root
 * - any other document with a uid → /{section}/{uid} when a primary navigation group links it,
 *   otherwise /{uid} (the page is its own section)
 * - a document with no uid → /not-found
 * - a string → as given; a web or media link → its URL when it is safe
 * Returns null for an empty link or one whose URL is unsafe (render it as plain text).
 */
export function resolveLink(
  link: LinkLike | string | null | undefined,
  sections: SectionIndex,
  fallbackLocale?: Locale,
): string | null {
  if (typeof link === "string") return link;
  if (!link) return null;
  // Frozen content (shared by every render at one ref) is resolved once per content version.
  if (!Object.isFrozen(link) || !Object.isFrozen(sections)) return resolveNow(link, sections, fallbackLocale);
  let bySections = resolved.get(link);
  if (!bySections) {
    bySections = new WeakMap();
    resolved.set(link, bySections);
  }
  let byLocale = bySections.get(sections);
  if (!byLocale) {
    byLocale = new Map();
    bySections.set(sections, byLocale);
  }
  const localeKey = fallbackLocale?.code ?? "";
  let href = byLocale.get(localeKey);
  if (href === undefined) {
    href = resolveNow(link, sections, fallbackLocale);
    byLocale.set(localeKey, href);
  }
  return href;
}

/** Resolutions of frozen links, per frozen section index and fallback locale. */
const resolved = new WeakMap<object, WeakMap<object, Map<string, string | null>>>();

function resolveNow(link: LinkLike, sections: SectionIndex, fallbackLocale?: Locale): string | null {
  if (link.link_type === "Web" || link.link_type === "Media") {
    // An embedded file (a media link) is a path on this site, like its images.
    return link.url && isSafeHref(link.url) ? rootRelativeMedia(link.url) : null;
  }
  if (!link.type || (link.link_type && link.link_type !== "Document")) return null;

  const locale = link.lang ? localeByLang(link.lang) : (fallbackLocale ?? localeByLang(undefined));
  const at = (name: string, params: Record<string, string> = {}) =>
    localizePath(fillRoutePath(pageRoute(name).path, params), locale);

  switch (link.type) {
    case "home":
      return at("index");
    case "sample_page":
      return at("materials-samples");
    case "gallery_project":
      return link.uid ? at("gallery-uid", { uid: link.uid }) : NOT_FOUND_PATH;
    case "article":
      return link.uid ? at("info-blog-uid", { uid: link.uid }) : NOT_FOUND_PATH;
  }
  if (!link.uid) return NOT_FOUND_PATH;
  const section = link.id ? sections[link.id] : undefined;
  return section ? at("section-uid", { section, uid: link.uid }) : at("section", { section: link.uid });
}
