/**
 * The language versions of a page (hreflang): every translation that exists, itself
 * included, each at the URL the link resolver gives it in its own language.
 */
import { resolveLink, NOT_FOUND_PATH, type LinkLike } from "./linkResolver";
import { LOCALES, localeByLang, localizePath } from "./locales";
import type { SectionIndex } from "./sectionIndex";

export interface Alternate {
  /** BCP 47 tag, e.g. en-GB. */
  language: string;
  /** Absolute URL. */
  url: string;
}

interface Translatable extends LinkLike {
  alternate_languages?: ReadonlyArray<LinkLike & { lang: string }>;
}

const byLocaleOrder = (a: Alternate, b: Alternate) =>
  LOCALES.findIndex((l) => l.language === a.language) - LOCALES.findIndex((l) => l.language === b.language);

/** A document and its translations; `sectionsByLang` holds each language's navigation sections. */
export function documentAlternates(
  doc: Translatable,
  sectionsByLang: Record<string, SectionIndex>,
  origin: string,
): Alternate[] {
  const versions = [doc, ...(doc.alternate_languages ?? [])];
  const seen = new Set<string>();
  const alternates: Alternate[] = [];
  for (const version of versions) {
    const locale = localeByLang(version.lang);
    if (seen.has(locale.language)) continue;
    // Stryker disable next-line StringLiteral: resolveLink reads a link with an empty link_type as a document link too
    const path = resolveLink({ link_type: "Document", ...version }, sectionsByLang[locale.lang] ?? {}, locale);
    if (!path || path === NOT_FOUND_PATH) continue;
    seen.add(locale.language);
    alternates.push({ language: locale.language, url: origin + path });
  }
  return alternates.sort(byLocaleOrder);
}

/** A page that exists in every region at the same path (lists): `/gallery` and `/us/gallery`. */
export function everyRegion(path: string, origin: string): Alternate[] {
  return LOCALES.map((locale) => ({ language: locale.language, url: origin + localizePath(path, locale) }));
}
