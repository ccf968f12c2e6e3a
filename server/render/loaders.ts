/**
 * Route loaders as the server runs them: each reads content for its page and throws a
 * 404 for anything that does not exist, before rendering starts (docs/architecture.md, request step 4).
 */
import { LRUCache } from "lru-cache";
import { data, type LoaderFunction, type LoaderFunctionArgs } from "react-router";
import type { RoutableDocument } from "../../shared/documents";
import { LOCALES, localeFromPath, localizePath, type Locale } from "../../shared/locales";
import { resolveLink } from "../../shared/linkResolver";
import type { RequestPageData, RequestSentData, SiteChrome } from "../../shared/pageData";
import { isPlausibleUid } from "../../shared/uid";
import type { LoaderFactory, LoaderKind } from "../../views/routes";
import type { ContentService, Paged } from "../content/contentService";
import { buildSiteChrome } from "../content/siteChrome";
import { isContentUnavailable } from "../content/contentErrors";
import { createOutageLog } from "../content/outageLog";
import type { Logger } from "../observability/logger";
import { headOf, listHeadOf, privacyChoicesHeadOf, requestHeadOf, type HeadScope } from "./pageHeads";
import { isRequestKind, offersKind, type RequestKind } from "../../shared/requests/requestKinds";
import { regionFromPath } from "../../shared/region";
import { sampleNames } from "../requests/sampleNames";
import { requestMemo, requestScope } from "../http/requestScope";

export const LIST_PAGE_SIZE = 12;
/** How long a preview's menus are kept for the preview's next requests. */
export const PREVIEW_CHROME_TTL_MS = 10_000;
const MAX_PAGE = 1000;

function memo<T>(args: LoaderFunctionArgs, key: string, load: () => Promise<T>): Promise<T> {
  const cache = args.context.get(requestMemo);
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    cache.set(key, hit);
  }
  return hit;
}

/** "Page not found: {path}" for what does not exist (docs/behaviour.md section 1.2) ... */
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

/** The content service of this request: bound to its master ref or preview token. */
const contentOf = (args: LoaderFunctionArgs): ContentService => args.context.get(requestScope).content;

/** A content outage is a 503 (the friendly page, or a cached copy), never a 500: docs/behaviour.md section 3.6. */
function unavailable(): never {
  throw data("The content service is temporarily unavailable", { status: 503, statusText: "Service Unavailable" });
}

export function createServerLoaders(logger: Logger): LoaderFactory {
  const logOutage = createOutageLog(logger);
  // The last menus that loaded per language: a failed reload keeps them (docs/behaviour.md section 3.6).
  const lastGoodChrome = new Map<string, SiteChrome>();
  // Menus and taxonomy per ref and language, shared by requests (docs/architecture.md: cached with the
  // content, keyed by the ref, so a publish replaces them everywhere without coordination).
  const chromeByRef = new LRUCache<string, Promise<SiteChrome>>({ max: 16 });
  // A preview's menus apart, few and briefly (drafts change as editors save): a preview token
  // never pushes the published menus out of chromeByRef.
  const chromeByPreview = new LRUCache<string, Promise<SiteChrome>>({ max: 8, ttl: PREVIEW_CHROME_TTL_MS });

  const loadChrome = async (content: ContentService, locale: Locale): Promise<SiteChrome> => {
    const [navigation, taxonomy] = await Promise.all([content.navigation(locale.lang), content.taxonomy(locale.lang)]);
    return buildSiteChrome(locale.code, navigation, taxonomy, (message) => logger.warn({ lang: locale.lang }, message));
  };

  const chrome = (args: LoaderFunctionArgs, locale: Locale): Promise<SiteChrome> =>
    memo(args, `chrome:${locale.lang}`, async () => {
      const scope = args.context.get(requestScope);
      const key = `${scope.ref}|${locale.lang}`;
      const cache = scope.preview ? chromeByPreview : chromeByRef;
      try {
        let shared = cache.get(key);
        if (!shared) {
          shared = loadChrome(scope.content, locale);
          cache.set(key, shared);
          // A failed load must not stay cached.
          shared.catch(() => cache.delete(key));
        }
        const fresh = await shared;
        if (!scope.preview) lastGoodChrome.set(locale.lang, fresh);
        return fresh;
      } catch (error) {
        const kept = lastGoodChrome.get(locale.lang);
        if (!kept || !isContentUnavailable(error)) throw error;
        logOutage(error, { lang: locale.lang, kept: "last good menus" });
        return kept;
      }
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
  const documentPage = async <D extends RoutableDocument>(
    args: LoaderFunctionArgs,
    locale: Locale,
    document: D | null,
  ) => (document ? { head: headOf(document, await headScope(args, locale)), document } : notFound(args.url));

  /** A repeatable type at `/.../:uid`: the uid is validated before any content request. */
  const byUid =
    <D extends RoutableDocument>(get: (content: ContentService, uid: string, lang: string) => Promise<D | null>) =>
    async (args: LoaderFunctionArgs, locale: Locale) => {
      const uid = args.params.uid;
      if (!isPlausibleUid(uid)) invalidRoute(args.url);
      return documentPage(args, locale, await get(contentOf(args), uid, locale.lang));
    };

  /**
   * A paged list (`?page=N`); a page past the end is a 404. Each item keeps only the fields
   * its card shows, so the hydration payload does not carry every article's body.
   */
  const list =
    <D extends ListItem>(
      kind: "gallery" | "blog",
      get: (content: ContentService, lang: string, page: number, size: number) => Promise<Paged<D>>,
      fields: string[],
    ) =>
    async (args: LoaderFunctionArgs, locale: Locale) => {
      const page = pageNumber(args.url);
      const [result, scope] = await Promise.all([
        get(contentOf(args), locale.lang, page, LIST_PAGE_SIZE),
        headScope(args, locale),
      ]);
      if (page > result.totalPages) notFound(args.url);
      return {
        head: listHeadOf(kind, page, scope),
        ...result,
        items: result.items.map((item) => cardOf(item, fields)),
      };
    };

  const loaders: Record<LoaderKind, (args: LoaderFunctionArgs, locale: Locale) => Promise<unknown>> = {
    layout: (args, locale) => chrome(args, locale),
    notFound: async (args) => notFound(args.url),
    home: async (args, locale) => documentPage(args, locale, await contentOf(args).home(locale.lang)),
    section: (args, locale) => contentPage(args, locale, args.params.section),
    sectionPage: (args, locale) => {
      if (!isPlausibleUid(args.params.section)) invalidRoute(args.url);
      return contentPage(args, locale, args.params.uid);
    },
    galleryList: list("gallery", (c, ...a) => c.galleryProjects(...a), [
      "title",
      "summary",
      "location",
      "style",
      "cover",
    ]),
    galleryItem: byUid((c, uid, lang) => c.galleryProject(uid, lang)),
    blogList: list("blog", (c, ...a) => c.articles(...a), [
      "title",
      "excerpt",
      "publication_date",
      "category",
      "cover",
    ]),
    blogArticle: byUid((c, uid, lang) => c.article(uid, lang)),
    samples: async (args, locale) => documentPage(args, locale, await contentOf(args).samplePage(locale.lang)),
    privacyChoices: async (args, locale) => ({
      head: privacyChoicesHeadOf(await headScope(args, locale), args.url.searchParams.get("saved") === "1"),
    }),
    request: async (args, locale) => {
      const kind = offeredKind(args, locale);
      const [head, samples] = await Promise.all([
        headScope(args, locale).then((scope) => requestHeadOf(kind, false, scope)),
        kind === "samples" ? sampleNames(contentOf(args), locale) : [],
      ]);
      return { head, kind, samples } satisfies RequestPageData;
    },
    requestSent: async (args, locale) => {
      const kind = offeredKind(args, locale);
      return { head: requestHeadOf(kind, true, await headScope(args, locale)), kind } satisfies RequestSentData;
    },
  };

  /** The request kind in the path, when the path's region offers it; else the route's 404. */
  function offeredKind(args: LoaderFunctionArgs, locale: Locale): RequestKind {
    const kind = args.params.kind;
    if (!isRequestKind(kind) || !offersKind(regionFromPath(localizePath("/", locale)), kind)) invalidRoute(args.url);
    return kind;
  }

  /** A `page` is served only at the URL the link resolver gives it, so each page has one address. */
  async function contentPage(args: LoaderFunctionArgs, locale: Locale, uid: string | undefined) {
    if (!isPlausibleUid(uid)) invalidRoute(args.url);
    const [document, site] = await Promise.all([contentOf(args).page(uid, locale.lang), chrome(args, locale)]);
    if (document && !samePath(resolveLink(document, site.sections) ?? "", args.url.pathname)) notFound(args.url);
    return documentPage(args, locale, document);
  }

  return (kind) =>
    (async (args: LoaderFunctionArgs) => {
      try {
        return await loaders[kind](args, localeFromPath(args.url.pathname));
      } catch (error) {
        if (isContentUnavailable(error)) {
          logOutage(error, { path: args.url.pathname });
          unavailable();
        }
        throw error;
      }
    }) as LoaderFunction;
}
