/**
 * What the site asks of its content, in our words. Only server/content/ knows that the
 * answers come from @prismicio/client; a document that does not exist is `null`.
 */
import * as prismic from "@prismicio/client";
import type {
  ArticleDocument,
  GalleryProjectDocument,
  HomeDocument,
  NavigationDocument,
  PageDocument,
  SamplePageDocument,
  TaxonomyDocument,
} from "../../shared/documents";

export interface Paged<D> {
  items: D[];
  page: number;
  totalPages: number;
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
}

/** Turns the client's NotFoundError into null; every other failure propagates. */
async function orNull<T>(query: Promise<T>): Promise<T | null> {
  try {
    return await query;
  } catch (error) {
    if (error instanceof prismic.NotFoundError) return null;
    throw error;
  }
}

async function paged<D extends prismic.PrismicDocument>(
  query: Promise<prismic.Query<D>>,
): Promise<Paged<D>> {
  const response = await query;
  return { items: response.results, page: response.page, totalPages: Math.max(1, response.total_pages) };
}

export function createContentService(client: prismic.Client): ContentService {
  /** Newest first by a date-like field, then by first publication. */
  const newestFirst = <D extends prismic.PrismicDocument>(type: D["type"], field: string) =>
    (lang: string, page: number, pageSize: number) =>
      paged(
        client.getByType<D>(type, {
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
    home: (lang) => orNull(client.getSingle<HomeDocument>("home", { lang })),
    page: (uid, lang) => orNull(client.getByUID<PageDocument>("page", uid, { lang })),
    galleryProject: (uid, lang) => orNull(client.getByUID<GalleryProjectDocument>("gallery_project", uid, { lang })),
    article: (uid, lang) => orNull(client.getByUID<ArticleDocument>("article", uid, { lang })),
    samplePage: (lang) => orNull(client.getSingle<SamplePageDocument>("sample_page", { lang })),
    galleryProjects: newestFirst<GalleryProjectDocument>("gallery_project", "year"),
    articles: newestFirst<ArticleDocument>("article", "publication_date"),
    navigation: (lang) => client.getAllByType<NavigationDocument>("navigation", { lang }),
    taxonomy: (lang) => orNull(client.getSingle<TaxonomyDocument>("taxonomy", { lang })),
  };
}
