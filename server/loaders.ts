/**
 * Route loaders as the server runs them: each reads content for its page and throws a
 * 404 for anything that does not exist, before rendering starts (DESIGN.md, request step 4).
 */
import { createContext, data, type LoaderFunction, type LoaderFunctionArgs } from "react-router";
import type { RoutableDocument } from "../shared/documents";
import { LOCALES, localeFromPath, type Locale } from "../shared/locales";
import { resolveLink } from "../shared/linkResolver";
import type { SiteChrome } from "../shared/pageData";
import { isPlausibleUid } from "../shared/uid";
import type { LoaderFactory, LoaderKind } from "../views/routes";
import type { ContentService, Paged } from "./content/contentService";
import { buildSiteChrome } from "./content/siteChrome";
import { headOf, listHeadOf, type HeadScope } from "./pageHeads";

export const LIST_PAGE_SIZE = 12;
const MAX_PAGE = 1000;

/** Per-request memo, so the layout and a page loader share one navigation fetch. */
export const requestMemo = createContext<Map<string, Promise<unknown>>>();

function memo<T>(args: LoaderFunctionArgs, key: string, load: () => Promise<T>): Promise<T> {
  const cache = args.context.get(requestMemo);
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    cache.set(key, hit);
  }
  return hit;
}

/** Spec §8: "Page not found: {path}" for what does not exist ... */
function notFound(url: URL): never {
  throw data(`Page not found: ${url.pathname}`, { status: 404, statusText: "Not Found" });
}
/** ... and "Page Not Found: {path}" when a route's validation rejects its params. */
function invalidRoute(url: URL): never {
  throw data(`Page Not Found: ${url.pathname}`, { status: 404, statusText: "Not Found" });
}

function pageNumber(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  const page = /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(page <= MAX_PAGE)) invalidRoute(url);
  return page;
}

type ListItem = { id: string; uid: string | null; type: string; lang: string; data: Record<string, unknown> };

/** The part of a document a list card needs: what resolves its link, and the named fields. */
function cardOf<D extends ListItem>(doc: D, fields: string[]): D {
  const data = Object.fromEntries(fields.map((f) => [f, doc.data[f] ?? null]));
  return { id: doc.id, uid: doc.uid, type: doc.type, lang: doc.lang, data } as unknown as D;
}

function samePath(a: string, b: string): boolean {
  try {
    return decodeURIComponent(a) === decodeURIComponent(b);
  } catch {
    return false;
  }
}

export function createServerLoaders(content: ContentService): LoaderFactory {
  const chrome = (args: LoaderFunctionArgs, locale: Locale): Promise<SiteChrome> =>
    memo(args, `chrome:${locale.lang}`, async () => {
      const [navigation, taxonomy] = await Promise.all([content.navigation(locale.lang), content.taxonomy(locale.lang)]);
      return buildSiteChrome(locale.code, navigation, taxonomy);
    });

  /** Where the head is built: the site's origin (the request's), the region and every region's sections. */
  const headScope = async (args: LoaderFunctionArgs, locale: Locale): Promise<HeadScope> => {
    const chromes = await Promise.all(LOCALES.map((l) => chrome(args, l)));
    return {
      origin: new URL(args.request.url).origin,
      locale,
      path: args.url.pathname,
      sectionsByLang: Object.fromEntries(LOCALES.map((l, i) => [l.lang, chromes[i].sections])),
    };
  };

  /** A document page: its document or a 404, with its head. */
  const documentPage = async <D extends RoutableDocument>(args: LoaderFunctionArgs, locale: Locale, document: D | null) =>
    document ? { head: headOf(document, await headScope(args, locale)), document } : notFound(args.url);

  /** A repeatable type at `/.../:uid`: the uid is validated before any content request. */
  const byUid =
    <D extends RoutableDocument>(get: (uid: string, lang: string) => Promise<D | null>) =>
    async (args: LoaderFunctionArgs, locale: Locale) => {
      const uid = args.params.uid;
      if (!isPlausibleUid(uid)) invalidRoute(args.url);
      return documentPage(args, locale, await get(uid, locale.lang));
    };

  /**
   * A paged list (`?page=N`); a page past the end is a 404. Each item keeps only the fields
   * its card shows, so the hydration payload does not carry every article's body.
   */
  const list =
    <D extends ListItem>(
      kind: "gallery" | "blog",
      get: (lang: string, page: number, size: number) => Promise<Paged<D>>,
      fields: string[],
    ) =>
    async (args: LoaderFunctionArgs, locale: Locale) => {
      const page = pageNumber(args.url);
      const [result, scope] = await Promise.all([get(locale.lang, page, LIST_PAGE_SIZE), headScope(args, locale)]);
      if (page > result.totalPages) notFound(args.url);
      return { head: listHeadOf(kind, page, scope), ...result, items: result.items.map((item) => cardOf(item, fields)) };
    };

  const loaders: Record<LoaderKind, (args: LoaderFunctionArgs, locale: Locale) => Promise<unknown>> = {
    layout: (args, locale) => chrome(args, locale),
    notFound: async (args) => notFound(args.url),
    home: async (args, locale) => documentPage(args, locale, await content.home(locale.lang)),
    section: (args, locale) => contentPage(args, locale, args.params.section),
    sectionPage: (args, locale) => {
      if (!isPlausibleUid(args.params.section)) invalidRoute(args.url);
      return contentPage(args, locale, args.params.uid);
    },
    galleryList: list("gallery", content.galleryProjects, ["title", "summary", "location", "style", "cover"]),
    galleryItem: byUid(content.galleryProject),
    blogList: list("blog", content.articles, ["title", "excerpt", "publication_date", "category", "cover"]),
    blogArticle: byUid(content.article),
    samples: async (args, locale) => documentPage(args, locale, await content.samplePage(locale.lang)),
  };

  /** A `page` is served only at the URL the link resolver gives it, so each page has one address. */
  async function contentPage(args: LoaderFunctionArgs, locale: Locale, uid: string | undefined) {
    if (!isPlausibleUid(uid)) invalidRoute(args.url);
    const [document, site] = await Promise.all([content.page(uid, locale.lang), chrome(args, locale)]);
    if (document && !samePath(resolveLink(document, site.sections) ?? "", args.url.pathname)) notFound(args.url);
    return documentPage(args, locale, document);
  }

  return (kind) =>
    ((args: LoaderFunctionArgs) => loaders[kind](args, localeFromPath(args.url.pathname))) as LoaderFunction;
}
