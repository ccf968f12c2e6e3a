/** What the route loaders return: plain JSON, the same on the server and in the hydration payload. */
import type { LocaleCode } from "./locales";
import type { SectionIndex } from "./sectionIndex";
import type { LinkLike } from "./linkResolver";
import type {
  ArticleDocument,
  GalleryProjectDocument,
  HomeDocument,
  PageDocument,
  SamplePageDocument,
} from "./documents";

export type { PageHead } from "./pageHead";
import type { PageHead } from "./pageHead";
import type { RequestKind } from "./requests/requestKinds";
import type { FieldError } from "./requests/requestSchema";

export interface NavItem {
  label: string;
  link: LinkLike | null;
}

export interface NavGroup {
  title: string;
  /** The title's language when it is not the page's (a BCP 47 code, e.g. "fr"), else null (docs/accessibility.md). */
  titleLang: string | null;
  items: NavItem[];
}

/** Data of a region's layout: menus and taxonomy for its language (docs/behaviour.md section 3.2). */
export interface SiteChrome {
  locale: LocaleCode;
  sections: SectionIndex;
  primaryNav: NavGroup[];
  footerNav: NavGroup[];
  footerFormId: string | null;
  taxonomy: Record<string, string>;
}

export interface DocumentPage<D> {
  head: PageHead;
  document: D;
}

export interface ListPage<D> {
  head: PageHead;
  items: D[];
  page: number;
  totalPages: number;
}

export type HomePageData = DocumentPage<HomeDocument>;
export type ContentPageData = DocumentPage<PageDocument>;
export type GalleryItemData = DocumentPage<GalleryProjectDocument>;
export type ArticleData = DocumentPage<ArticleDocument>;
export type SamplesData = DocumentPage<SamplePageDocument>;
export type GalleryListData = ListPage<GalleryProjectDocument>;
export type BlogListData = ListPage<ArticleDocument>;
/** The privacy choices page: its words are the site's own (shared/consentTexts.ts), not content. */
export interface PrivacyChoicesData {
  head: PageHead;
}

/** A request form on its own page (docs/requests.md): its kind, and for samples the swatches to choose from. */
export interface RequestPageData {
  head: PageHead;
  kind: RequestKind;
  /** The names of the region's sample swatches (samples only; else empty). */
  samples: string[];
}

/** The confirmation a request is answered with. */
export interface RequestSentData {
  head: PageHead;
  kind: RequestKind;
}

/** What a request form's post answers when it is refused (docs/requests.md): every error, and what was typed, kept. */
export interface RequestFormAnswer {
  errors: FieldError[];
  values: Record<string, string | string[]>;
}
