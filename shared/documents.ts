/**
 * Our custom types (customtypes/) as TypeScript shapes: the types generated from the models
 * (shared/prismicio-types.d.ts, `npm run prismic:types`), under the names the site uses.
 * Type-only: shared/ stays free of runtime dependencies.
 */
import type {
  ArticleDocument,
  GalleryProjectDocument,
  HomeDocument,
  NavigationDocument,
  NavigationDocumentDataBodyNavGroupSlice,
  PageDocument,
  SamplePageDocument,
  TaxonomyDocument,
} from "./prismicio-types";

export type {
  ArticleDocument,
  GalleryProjectDocument,
  HomeDocument,
  NavigationDocument,
  PageDocument,
  SamplePageDocument,
  TaxonomyDocument,
};

/** One group of a navigation document's `body` (docs/behaviour.md section 3.2: items[].link and primary.title). */
export type NavGroupSlice = NavigationDocumentDataBodyNavGroupSlice;

export type RoutableDocument =
  | HomeDocument
  | PageDocument
  | GalleryProjectDocument
  | ArticleDocument
  | SamplePageDocument;
