/**
 * The `<url>` entries of the sitemap: one per routable document at the URL the site serves it
 * (the link resolver of docs/behaviour.md section 1.6 with its language's primary navigation), with `lastmod` and
 * the `xhtml:link` hreflang alternates of the sitemaps protocol.
 *
 * Alternates: every existing translation (from `alternate_languages`, so no extra fetch), the
 * document itself included, plus `x-default` → the gb version when there is one. A translation
 * is listed only when it is itself in the sitemap (served, in a site language), so the links
 * are reciprocal: Prismic's `alternate_languages` is symmetric, and both sides apply the same test.
 */
import type { LinkItem, SitemapItemLoose } from "sitemap";
import { NOT_FOUND_PATH, resolveLink } from "../../shared/linkResolver";
import { DEFAULT_LOCALE, LOCALES, localizePath, type Locale, type LocaleCode } from "../../shared/locales";
import { pageRoute } from "../../shared/routeTable";
import type { SectionIndex } from "../../shared/sectionIndex";
import type { ServedCheck } from "./servedPaths";

export interface EntryContext {
  /** SITE_URL, without a trailing slash. */
  origin: string;
  /** Each site language's sections (document id → section), from its primary navigation. */
  sections: Readonly<Record<string, SectionIndex>>;
  served: ServedCheck;
}

/** The fields of a document, or of one of its `alternate_languages`, that place it. */
export interface Placeable {
  id: string;
  uid?: string | null;
  type: string;
  lang: string;
}

export interface SitemapDocument extends Placeable {
  last_publication_date?: string | null;
  alternate_languages?: ReadonlyArray<Placeable> | null;
}

/** The list pages: served in every region, changed whenever one of their items is. */
export const LIST_PAGES = [
  { route: "gallery", itemType: "gallery_project" },
  { route: "info-blog", itemType: "article" },
] as const;

/** The x-default hreflang value (sitemaps protocol / Google's hreflang). */
export const X_DEFAULT = "x-default";

/** The locale of a site language; undefined for a language the site does not publish. */
function siteLocale(lang: string | undefined): Locale | undefined {
  const lower = lang?.toLowerCase();
  return LOCALES.find((locale) => locale.lang === lower);
}

/** The route the resolver sends a document of this type to (docs/behaviour.md section 1.6). */
function routeNameOf(doc: Placeable, sections: SectionIndex): string | undefined {
  switch (doc.type) {
    case "home":
      return "index";
    case "sample_page":
      return "materials-samples";
    case "gallery_project":
      return "gallery-uid";
    case "article":
      return "info-blog-uid";
    case "page":
      return sections[doc.id] ? "section-uid" : "section";
    default:
      return undefined; // navigation, taxonomy and unknown types have no page
  }
}

/** The site path of a document, or null when it has no page the site would serve. */
export function documentPath(doc: Placeable, ctx: EntryContext): { path: string; locale: Locale } | null {
  const locale = siteLocale(doc.lang);
  if (!locale) return null;
  const sections = ctx.sections[locale.lang] ?? {};
  const routeName = routeNameOf(doc, sections);
  if (!routeName) return null;
  const path = resolveLink(
    { link_type: "Document", id: doc.id, uid: doc.uid ?? null, type: doc.type, lang: locale.lang },
    sections,
    locale,
  );
  if (!path || path === NOT_FOUND_PATH || !ctx.served(path, routeName, locale)) return null;
  return { path, locale };
}

/** A valid timestamp as given (Prismic's `2024-01-31T09:00:00+0000`), or undefined. */
function timestamp(value: string | null | undefined): string | undefined {
  return value && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** hreflang links from the versions of a page, in locale order, plus x-default → gb. */
function alternateLinks(versions: ReadonlyMap<LocaleCode, string>): LinkItem[] {
  const links: LinkItem[] = LOCALES.filter((locale) => versions.has(locale.code)).map((locale) => ({
    lang: locale.language,
    url: versions.get(locale.code)!,
  }));
  const fallback = versions.get(DEFAULT_LOCALE.code);
  if (fallback) links.push({ lang: X_DEFAULT, url: fallback });
  return links;
}

/** The `<url>` entry of a document, or null when the document has no served page. */
export function documentEntry(doc: SitemapDocument, ctx: EntryContext): SitemapItemLoose | null {
  const self = documentPath(doc, ctx);
  if (!self) return null;
  const url = ctx.origin + self.path;
  const versions = new Map<LocaleCode, string>([[self.locale.code, url]]);
  for (const translation of doc.alternate_languages ?? []) {
    const placed = documentPath(translation, ctx);
    if (placed && !versions.has(placed.locale.code)) versions.set(placed.locale.code, ctx.origin + placed.path);
  }
  const lastmod = timestamp(doc.last_publication_date);
  return { url, ...(lastmod ? { lastmod } : {}), links: alternateLinks(versions) };
}

/**
 * The list pages of every region (`/gallery`, `/info/blog`, `/us/gallery`, `/us/info/blog`),
 * each dated by its newest item when `newest(itemType, lang)` knows one.
 */
export function listEntries(
  origin: string,
  newest: (itemType: string, lang: string) => string | null | undefined,
): SitemapItemLoose[] {
  return LIST_PAGES.flatMap(({ route, itemType }) => {
    const path = pageRoute(route).path;
    const versions = new Map(LOCALES.map((locale) => [locale.code, origin + localizePath(path, locale)] as const));
    return LOCALES.map((locale) => {
      const lastmod = timestamp(newest(itemType, locale.lang));
      return { url: versions.get(locale.code)!, ...(lastmod ? { lastmod } : {}), links: alternateLinks(versions) };
    });
  });
}
