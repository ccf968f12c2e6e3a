/**
 * What goes into a page's `<head>` (title, description, canonical, hreflang, share image,
 * structured data), built by the loaders so the server shell and client navigation agree.
 */
import type { Alternate } from "./alternates";
import type { Locale } from "./locales";
import { DEFAULT_SHARE_IMAGE, SITE_NAME } from "./site";
import type { JsonLd } from "./structuredData";
import { absoluteMedia } from "./mediaOrigin";

export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageHead {
  title: string;
  description: string | null;
  /** Absolute canonical URL: this page, query stripped, locale prefix kept. */
  canonical: string;
  /** Every language version, itself included (x-default is added when rendered). */
  alternates: Alternate[];
  image: ShareImage;
  type: "website" | "article";
  jsonLd: JsonLd[];
}

export interface SeoData {
  title?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  meta_image?: {
    url?: string | null;
    dimensions?: { width: number; height: number } | null;
    alt?: string | null;
  } | null;
}

export interface HeadContext {
  origin: string;
  locale: Locale;
  /** The request's path (no query). */
  path: string;
  alternates: Alternate[];
}

/**
 * "Title | Hartley & Reed", or the bare name for the home page's fallback. A meta title an editor
 * already ended with the brand ("… | Hartley & Reed", "… – Hartley & Reed") keeps it once: a tab
 * and a screen reader hear the brand one time.
 */
export function pageTitle(title: string | null | undefined): string {
  if (!title || title === SITE_NAME) return SITE_NAME;
  return title.endsWith(SITE_NAME) && /[|–—:-]\s*$/.test(title.slice(0, -SITE_NAME.length))
    ? title
    : `${title} | ${SITE_NAME}`;
}

function shareImage(origin: string, ...candidates: Array<SeoData["meta_image"]>): ShareImage {
  for (const image of candidates) {
    if (image?.url && image.dimensions) {
      return {
        url: absoluteMedia(image.url, origin),
        width: image.dimensions.width,
        height: image.dimensions.height,
        alt: image.alt ?? "",
      };
    }
  }
  const d = DEFAULT_SHARE_IMAGE;
  return { url: origin + d.path, width: d.width, height: d.height, alt: d.alt };
}

/** The head of a document page: meta fields win, the title and the page's main image are fallbacks. */
export function documentHead(
  data: SeoData,
  context: HeadContext,
  extra: { fallbackImage?: SeoData["meta_image"]; type?: PageHead["type"]; jsonLd?: JsonLd[] } = {},
): PageHead {
  return {
    title: pageTitle(data.meta_title || data.title),
    description: data.meta_description || null,
    canonical: context.origin + context.path,
    alternates: context.alternates,
    image: shareImage(context.origin, data.meta_image, extra.fallbackImage),
    type: extra.type ?? "website",
    jsonLd: extra.jsonLd ?? [],
  };
}

/** The head of a page without a document (a list, the privacy choices); a list's later pages say which page they are. */
export function listHead(
  { title, description }: { title: string; description: string },
  page: number,
  context: HeadContext,
  jsonLd: JsonLd[] = [],
): PageHead {
  return {
    title: pageTitle(`${title}${page > 1 ? ` (page ${page})` : ""}`),
    description,
    canonical: context.origin + context.path,
    alternates: context.alternates,
    image: shareImage(context.origin),
    type: "website",
    jsonLd,
  };
}
