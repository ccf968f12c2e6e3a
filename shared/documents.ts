/**
 * Our custom types (customtypes/) as TypeScript shapes over Prismic's field types.
 * Type-only imports: shared/ stays free of runtime dependencies.
 */
import type {
  BooleanField,
  DateField,
  GroupField,
  ImageField,
  KeyTextField,
  LinkField,
  NumberField,
  PrismicDocument,
  PrismicDocumentWithUID,
  RichTextField,
  Slice,
  SliceZone,
  TitleField,
} from "@prismicio/client";

/** SEO fields every routable type carries. */
export type SeoFields = {
  title: KeyTextField;
  meta_title: KeyTextField;
  meta_description: KeyTextField;
  meta_image: ImageField;
  slices: SliceZone<Slice>;
};

export type HomeDocument = PrismicDocument<SeoFields, "home">;

export type PageDocument = PrismicDocumentWithUID<SeoFields & { klaviyo_embed: BooleanField }, "page">;

export type GalleryProjectDocument = PrismicDocumentWithUID<
  SeoFields & {
    summary: KeyTextField;
    location: KeyTextField;
    year: NumberField;
    style: KeyTextField;
    materials: KeyTextField;
    cover: ImageField;
    photos: GroupField<{ image: ImageField; caption: KeyTextField }>;
  },
  "gallery_project"
>;

export type ArticleDocument = PrismicDocumentWithUID<
  SeoFields & {
    excerpt: KeyTextField;
    author: KeyTextField;
    publication_date: DateField;
    category: KeyTextField;
    cover: ImageField;
    body: RichTextField;
  },
  "article"
>;

export type SamplePageDocument = PrismicDocument<
  SeoFields & {
    intro: RichTextField;
    swatches: GroupField<{
      name: KeyTextField;
      material: KeyTextField;
      finish: KeyTextField;
      colour: KeyTextField;
      image: ImageField;
    }>;
  },
  "sample_page"
>;

/** One group of a navigation document's `body` (spec §3: items[].link and primary.title). */
export type NavGroupSlice = Slice<
  "nav_group",
  { title: TitleField },
  { link: LinkField; label: KeyTextField }
>;

export type NavigationDocument = PrismicDocumentWithUID<
  { body: SliceZone<NavGroupSlice>; klaviyo_footer_form_id: KeyTextField },
  "navigation"
>;

export type TaxonomyDocument = PrismicDocument<
  { item: GroupField<{ name: KeyTextField; value: KeyTextField }> },
  "taxonomy"
>;

export type RoutableDocument =
  | HomeDocument
  | PageDocument
  | GalleryProjectDocument
  | ArticleDocument
  | SamplePageDocument;
