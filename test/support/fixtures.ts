/** Content fixtures shared by the view tests and the sitemap tests. */
import type { ImageField } from "@prismicio/client";
import type { DocumentSummary } from "../../server/content/contentService";

/** A filled Prismic image field for a file in the media folder (absolute URL, as the helpers need). */
export function imageField(file: string, alt: string | null, width = 2400, height = 1600): ImageField {
  const name = /\.\w+$/.test(file) ? file : `${file}.jpg`;
  return {
    id: file,
    url: `http://localhost/media/${name}`,
    alt,
    copyright: null,
    dimensions: { width, height },
    edit: { x: 0, y: 0, zoom: 1, background: "transparent" },
  } as ImageField;
}

/** The n-th of many published UK articles, as the content service lists them for a sitemap. */
export const articleSummary = (n: number): DocumentSummary => ({
  id: `a${n}`,
  uid: `article-${n}`,
  type: "article",
  lang: "en-gb",
  last_publication_date: "2025-01-01T00:00:00+0000",
  alternate_languages: [],
});
