/**
 * The head of each page type: hreflang versions, share image and structured data. Runs in
 * the loaders, which know the document, both regions' navigation and the site's origin.
 */
import type { ImageField } from "@prismicio/client";
import { documentAlternates, everyRegion } from "../../shared/alternates";
import type { ArticleDocument, GalleryProjectDocument, RoutableDocument } from "../../shared/documents";
import { canonicalPath } from "../../shared/canonicalPath";
import { settingsName } from "../../shared/consentTexts";
import { privacyChoicesDescription, privacyChoicesSavedTitle } from "../../shared/privacyChoicesTexts";
import { regionFromPath } from "../../shared/region";
import { PRIVACY_CHOICES_PATH } from "../../shared/routeTable";
import { NOT_FOUND_PATH, resolveLink } from "../../shared/linkResolver";
import { LIST_PAGES, type ListPage } from "../../shared/listPages";
import { LOCALES, localizePath, type Locale } from "../../shared/locales";
import { KIND_TEXTS, offersKind, REQUESTS_PREFIX, type RequestKind } from "../../shared/requests/requestKinds";
import { documentHead, listHead, type HeadContext, type PageHead } from "../../shared/pageHead";
import type { SectionIndex } from "../../shared/sectionIndex";
import { DEFAULT_SHARE_IMAGE } from "../../shared/site";
import { article, breadcrumbs, organization, type JsonLd } from "../../shared/structuredData";
import { deepFreeze } from "../content/deepFreeze";

export interface HeadScope {
  origin: string;
  locale: Locale;
  path: string;
  /** Each language's navigation sections (Prismic lang → index), for the translations' URLs. */
  sectionsByLang: Record<string, SectionIndex>;
}

function homeCrumb(scope: HeadScope) {
  return { name: "Home", url: scope.origin + localizePath("/", scope.locale) };
}

function listCrumb(scope: HeadScope, list: ListPage) {
  return { name: LIST_PAGES[list].title, url: scope.origin + localizePath(LIST_PAGES[list].path, scope.locale) };
}

/**
 * The head's context for a document: its path is the document's own URL (the link resolver's,
 * which is canonical), never the request's spelling of it.
 */
function contextFor(scope: HeadScope, doc: RoutableDocument): HeadContext {
  // Stryker disable next-line StringLiteral: resolveLink reads a link with an empty link_type as a document link too
  const own = resolveLink(
    { link_type: "Document", ...doc },
    scope.sectionsByLang[scope.locale.lang] ?? {},
    scope.locale,
  );
  const path = own && own !== NOT_FOUND_PATH ? own : canonicalPath(scope.path);
  return { ...scope, path, alternates: documentAlternates(doc, scope.sectionsByLang, scope.origin) };
}

const logo = (scope: HeadScope) => scope.origin + DEFAULT_SHARE_IMAGE.path;

/**
 * Heads of frozen documents (shared by every render at one ref: server/content/contentService.ts),
 * per scope: worked out once per content version, frozen like their document. A preview's
 * document is not frozen and gets its own head each time.
 */
const heads = new WeakMap<RoutableDocument, Map<string, { sections: SectionIndex[]; head: PageHead }>>();
const HEADS_PER_DOCUMENT = 8;

export function headOf(doc: RoutableDocument, scope: HeadScope): PageHead {
  const sections = Object.values(scope.sectionsByLang);
  if (!Object.isFrozen(doc) || !sections.every(Object.isFrozen)) return headNow(doc, scope);
  const key = `${scope.origin}\n${scope.locale.code}\n${scope.path}\n${Object.keys(scope.sectionsByLang).join(",")}`;
  let byScope = heads.get(doc);
  if (!byScope) {
    byScope = new Map();
    heads.set(doc, byScope);
  }
  const kept = byScope.get(key);
  if (kept && kept.sections.length === sections.length && kept.sections.every((s, i) => s === sections[i]))
    return kept.head;
  const head = deepFreeze(headNow(doc, scope));
  if (byScope.size >= HEADS_PER_DOCUMENT) byScope.clear();
  byScope.set(key, { sections, head });
  return head;
}

function headNow(doc: RoutableDocument, scope: HeadScope): PageHead {
  const context = contextFor(scope, doc);
  const here = { name: doc.data.title ?? "", url: context.origin + context.path };
  switch (doc.type) {
    case "home":
      return documentHead(doc.data, context, { jsonLd: [organization(scope.origin, here.url, logo(scope))] });
    case "article":
      return articleHead(doc, scope, context, here);
    case "gallery_project":
      return documentHead(doc.data, context, {
        fallbackImage: (doc as GalleryProjectDocument).data.cover,
        jsonLd: [breadcrumbs([homeCrumb(scope), listCrumb(scope, "gallery"), here])],
      });
    default:
      return documentHead(doc.data, context, { jsonLd: [breadcrumbs([homeCrumb(scope), here])] });
  }
}

function articleHead(
  doc: ArticleDocument,
  scope: HeadScope,
  context: HeadContext,
  here: { name: string; url: string },
): PageHead {
  const cover = doc.data.cover as ImageField;
  const head = documentHead(doc.data, context, { fallbackImage: cover, type: "article" });
  const jsonLd: JsonLd[] = [
    article({
      url: here.url,
      headline: doc.data.title ?? head.title,
      description: head.description ?? doc.data.excerpt ?? null,
      datePublished: doc.data.publication_date ?? doc.first_publication_date,
      dateModified: doc.last_publication_date,
      image: head.image.url,
      author: doc.data.author ?? null,
      logoUrl: logo(scope),
    }),
    breadcrumbs([homeCrumb(scope), listCrumb(scope, "blog"), here]),
  ];
  return { ...head, jsonLd };
}

/**
 * The privacy choices page: named as the footer's link of its region names it; after a save
 * (`?saved=1`) its title says so first, as its focused status does (docs/accessibility.md).
 */
export function privacyChoicesHeadOf(scope: HeadScope, saved = false): PageHead {
  const context: HeadContext = {
    ...scope,
    path: localizePath(PRIVACY_CHOICES_PATH, scope.locale),
    alternates: everyRegion(PRIVACY_CHOICES_PATH, scope.origin),
  };
  const region = regionFromPath(context.path);
  const title = settingsName({ region });
  const here = { name: title, url: context.origin + context.path };
  const shown = saved ? `${privacyChoicesSavedTitle} – ${title}` : title;
  return listHead({ title: shown, description: privacyChoicesDescription(region) }, 1, context, [
    breadcrumbs([homeCrumb(scope), here]),
  ]);
}

/** A request form on its own page, or its confirmation (docs/requests.md): the kind's own words, in the regions that offer it. */
export function requestHeadOf(kind: RequestKind, sent: boolean, scope: HeadScope): PageHead {
  const path = sent ? `${REQUESTS_PREFIX}/${kind}/sent` : `${REQUESTS_PREFIX}/${kind}`;
  const offered = new Set(
    LOCALES.filter((locale) => offersKind(regionFromPath(localizePath("/", locale)), kind)).map(
      (l): string => l.language,
    ),
  );
  const context: HeadContext = {
    ...scope,
    path: localizePath(path, scope.locale),
    alternates: everyRegion(path, scope.origin).filter((alternate) => offered.has(alternate.language)),
  };
  const texts = KIND_TEXTS[kind];
  const title = sent ? texts.sentTitle : texts.title;
  const here = { name: title, url: context.origin + context.path };
  return listHead({ title, description: texts.next[0] }, 1, context, [breadcrumbs([homeCrumb(scope), here])]);
}

export function listHeadOf(list: ListPage, page: number, scope: HeadScope): PageHead {
  const { title, path, lede } = LIST_PAGES[list];
  const context: HeadContext = {
    ...scope,
    path: localizePath(path, scope.locale),
    alternates: everyRegion(path, scope.origin),
  };
  return listHead({ title, description: lede }, page, context, [
    breadcrumbs([homeCrumb(scope), listCrumb(scope, list)]),
  ]);
}
