/**
 * What the site asks of its content, in our words. Only server/content/ knows that the
 * answers come from @prismicio/client; a document that does not exist is `null`.
 */
import * as prismic from "@prismicio/client";
import { LRUCache } from "lru-cache";
import type {
  ArticleDocument,
  GalleryProjectDocument,
  HomeDocument,
  NavigationDocument,
  PageDocument,
  SamplePageDocument,
  TaxonomyDocument,
} from "../../shared/documents";
import { deepFreeze } from "./deepFreeze";
import type { DocumentAddress } from "./documentAddresses";
import { fetchPreviewDocument, type PreviewDocument } from "./previewDocument";
import { checkedCounts, MAX_PAGE_SIZE } from "./queryCounts";

export interface Paged<D> {
  items: D[];
  page: number;
  totalPages: number;
}

/** The types that have a page of their own (docs/architecture.md "Content"); navigation and taxonomy do not. */
export const ROUTABLE_TYPES = ["home", "page", "gallery_project", "article", "sample_page"] as const;

/** What the sitemap needs of a document: where it lives, when it changed, and its translations. */
export type DocumentSummary = Pick<
  prismic.PrismicDocument,
  "id" | "uid" | "type" | "lang" | "last_publication_date" | "alternate_languages"
>;

/** A page of a query, with the size of the whole result. */
export interface DocumentPage<D> extends Paged<D> {
  /** Documents matching the query across all pages (`total_results_size`). */
  total: number;
}

export interface ContentService {
  home(lang: string): Promise<HomeDocument | null>;
  page(uid: string, lang: string): Promise<PageDocument | null>;
  galleryProject(uid: string, lang: string): Promise<GalleryProjectDocument | null>;
  article(uid: string, lang: string): Promise<ArticleDocument | null>;
  samplePage(lang: string): Promise<SamplePageDocument | null>;
  galleryProjects(lang: string, page: number, pageSize: number): Promise<Paged<GalleryProjectDocument>>;
  articles(lang: string, page: number, pageSize: number): Promise<Paged<ArticleDocument>>;
  navigation(lang: string): Promise<NavigationDocument[]>;
  taxonomy(lang: string): Promise<TaxonomyDocument | null>;
  /** The repository's master ref: it changes on every publish, so it keys derived caches. */
  masterRef(): Promise<string>;
  /**
   * Page `page` of every document of every language in SITEMAP_ORDERINGS (oldest first
   * publication first), read at `ref` (default: the master ref) so that paging sees one version
   * of the content; only the routable
   * ones (ROUTABLE_TYPES) are returned, so a page may hold fewer than `pageSize`, and `total`
   * counts every document. The query has no type filter: the embedded repository evaluates
   * filters on every document for every page (6× slower at 100,000 documents), and the only
   * other types (navigation, taxonomy) are a handful of documents.
   */
  routableDocuments(page: number, pageSize: number, ref?: string): Promise<DocumentPage<DocumentSummary>>;
  /** The newest `last_publication_date` among the documents of a type and language, or null. */
  latestPublication(type: string, lang: string, ref?: string): Promise<string | null>;
  /**
   * The address (type, language, uid) of each of `ids` that exists at `ref` (default: the master ref), for the edge purge of a
   * publish (server/edge/purgeOnPublish.ts); an id missing from the map does not exist there.
   */
  documentAddresses(ids: readonly string[], ref?: string): Promise<Map<string, DocumentAddress>>;
  /**
   * The same service reading every page query at `ref`: the master ref of this request (so one
   * request sees one version of the content) or a preview token (docs/behaviour.md section 3.4: the cookie wins).
   */
  withRef(ref: string): ContentService;
  /**
   * The same service reading at `ref`, a master ref (never a preview's): its document reads are
   * shared by every request at that ref, each read and parsed once (SHARED_READS bounds them).
   * A publish brings a new ref, hence new reads; a failed read is not kept.
   */
  atMasterRef(ref: string): ContentService;
  /**
   * Preview resolve (docs/behaviour.md section 3.4): the document `documentId` at the preview `token` (any language),
   * or `valid: false` when the content service refuses the token (unknown or expired).
   */
  previewDocument(documentId: string, token: string): Promise<PreviewDocument>;
  /** Whether Prismic has refused this preview token (expired, unknown, not allowed): pages then ignore it. */
  previewRefused(token: string): boolean;
  /**
   * Whether Prismic reads content at the preview `token` (one small query at it): false when it
   * refuses it (then remembered as previewRefused, with the client's warning, as a page's queries
   * would); rejects when the content service cannot tell (down, rate-limiting).
   */
  verifyPreview(token: string): Promise<boolean>;
}

export interface ContentServiceOptions {
  /** The ref every page query reads; default: the client's master ref. */
  ref?: string;
  /** Where the current master ref comes from (a tracker that a webhook can refresh at once). */
  masterRef?: () => Promise<string>;
  /** The tokens the client's transport saw Prismic refuse (contentClient.previewRefusals). */
  previewRefusals?: { has(token: string): boolean };
  /** Reads shared at master refs (`atMasterRef`): one store for the service and those it hands out. */
  sharedReads?: LRUCache<string, Promise<unknown>>;
  /** Whether this service's reads go through `sharedReads` (a service from `atMasterRef`). */
  shareReads?: boolean;
}

/**
 * Document reads kept for requests at master refs: a page, a list page, the menus of a language.
 * The demo site reads about two hundred per ref; a site of thousands of pages keeps its most read.
 * Entries, not bytes: a document is 5 to 30 KB parsed, so at most about 30 MB.
 */
export const SHARED_READS = 1_000;

/** Turns the client's NotFoundError into null; every other failure propagates. */
async function orNull<T>(query: Promise<T>): Promise<T | null> {
  try {
    return await query;
  } catch (error) {
    if (error instanceof prismic.NotFoundError) return null;
    throw error;
  }
}

async function paged<D extends prismic.PrismicDocument>(query: Promise<prismic.Query<D>>): Promise<Paged<D>> {
  const response = checkedCounts(await query);
  return { items: response.results, page: response.page, totalPages: Math.max(1, response.total_pages) };
}

/**
 * The sitemap's order, explicit because Prismic promises none without `orderings`: first
 * publication (a document keeps its place for life, and new documents come last, so the child
 * sitemaps change little between publishes), then last publication. Prismic orders only by
 * `my.*` fields and these two dates, so documents published in the same second (a release) are
 * left in Prismic's order of ties, which is that of the query at its ref: the one every page of
 * one sitemap generation reads (same ref, same query, same page size), as the client's own
 * `dangerouslyGetAll` relies on.
 */
export const SITEMAP_ORDERINGS: prismic.Ordering[] = [
  { field: "document.first_publication_date" },
  { field: "document.last_publication_date" },
];

export function createContentService(client: prismic.Client, options: ContentServiceOptions = {}): ContentService {
  const { ref } = options;
  const sharedReads = options.sharedReads ?? new LRUCache<string, Promise<unknown>>({ max: SHARED_READS });
  /** `read` once per ref and arguments when this service shares its reads; as it is otherwise. */
  const shared = <A extends unknown[], R>(name: string, read: (...args: A) => Promise<R>) =>
    !options.shareReads
      ? read
      : (...args: A): Promise<R> => {
          const key = `${ref}\u0000${name}\u0000${args.join("\u0000")}`;
          let found = sharedReads.get(key) as Promise<R> | undefined;
          if (!found) {
            found = read(...args).then(deepFreeze);
            sharedReads.set(key, found);
            found.catch(() => sharedReads.delete(key));
          }
          return found;
        };
  /** Newest first by a date-like field, then by first publication. */
  const newestFirst =
    <D extends prismic.PrismicDocument>(type: D["type"], field: string) =>
    (lang: string, page: number, pageSize: number) =>
      paged(
        client.getByType<D>(type, {
          ref,
          lang,
          page,
          pageSize,
          orderings: [
            { field: `my.${type}.${field}`, direction: "desc" },
            { field: "document.first_publication_date", direction: "desc" },
          ],
        }),
      );
  return {
    home: shared("home", (lang: string) => orNull(client.getSingle<HomeDocument>("home", { lang, ref }))),
    page: shared("page", (uid: string, lang: string) =>
      orNull(client.getByUID<PageDocument>("page", uid, { lang, ref })),
    ),
    galleryProject: shared("galleryProject", (uid: string, lang: string) =>
      orNull(client.getByUID<GalleryProjectDocument>("gallery_project", uid, { lang, ref })),
    ),
    article: shared("article", (uid: string, lang: string) =>
      orNull(client.getByUID<ArticleDocument>("article", uid, { lang, ref })),
    ),
    samplePage: shared("samplePage", (lang: string) =>
      orNull(client.getSingle<SamplePageDocument>("sample_page", { lang, ref })),
    ),
    galleryProjects: shared("galleryProjects", newestFirst<GalleryProjectDocument>("gallery_project", "year")),
    articles: shared("articles", newestFirst<ArticleDocument>("article", "publication_date")),
    // One page: a language has a few menus (primary-nav, footer), and the client's getAll* would
    // follow an answer's next_page for as long as it names one.
    navigation: shared(
      "navigation",
      async (lang: string) =>
        checkedCounts(await client.getByType<NavigationDocument>("navigation", { lang, ref, pageSize: MAX_PAGE_SIZE }))
          .results,
    ),
    taxonomy: shared("taxonomy", (lang: string) =>
      orNull(client.getSingle<TaxonomyDocument>("taxonomy", { lang, ref })),
    ),
    masterRef: options.masterRef ?? (async () => (await client.getMasterRef()).ref),
    // A preview's service (or any other ref's) shares nothing: its reads are its own.
    withRef: (at) => createContentService(client, { ...options, ref: at, sharedReads, shareReads: false }),
    atMasterRef: (at) => createContentService(client, { ...options, ref: at, sharedReads, shareReads: true }),
    previewDocument: (documentId, token) => fetchPreviewDocument(client, documentId, token),
    previewRefused: (token) => options.previewRefusals?.has(token) ?? false,
    verifyPreview: async (token) => {
      // A refused token is answered at the master ref by the client's own retry; the transport
      // has recorded the refusal (expiredPreview.ts).
      await client.get({ ref: token, pageSize: 1 });
      return !(options.previewRefusals?.has(token) ?? false);
    },
    routableDocuments: async (page, pageSize, ref) => {
      const response = checkedCounts(
        await client.get({ ref, page, pageSize, lang: "*", orderings: SITEMAP_ORDERINGS }),
      );
      const routable: ReadonlySet<string> = new Set(ROUTABLE_TYPES);
      return {
        // Only the header fields: a page of documents is dropped as soon as it is written out.
        items: response.results
          .filter((doc) => routable.has(doc.type))
          .map(({ id, uid, type, lang, last_publication_date, alternate_languages }) => ({
            id,
            uid,
            type,
            lang,
            last_publication_date,
            alternate_languages,
          })),
        page: response.page,
        totalPages: Math.max(1, response.total_pages),
        total: response.total_results_size,
      };
    },
    documentAddresses: async (ids, at) => {
      const addresses = new Map<string, DocumentAddress>();
      if (ids.length === 0) return addresses;
      const found = await client.getAllByIDs([...ids], { ref: at, lang: "*", pageSize: MAX_PAGE_SIZE });
      for (const doc of found) addresses.set(doc.id, { type: doc.type, lang: doc.lang, uid: doc.uid ?? null });
      return addresses;
    },
    latestPublication: async (type, lang, ref) => {
      const response = await client.get({
        ref,
        lang,
        pageSize: 1,
        filters: [prismic.filter.at("document.type", type)],
        orderings: [{ field: "document.last_publication_date", direction: "desc" }],
      });
      return response.results[0]?.last_publication_date ?? null;
    },
  };
}
