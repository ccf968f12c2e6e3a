/** schema.org JSON-LD for the page types (rendered escaped by the server's head). */
import { BUSINESS, SITE_NAME } from "./site";

export type JsonLd = Record<string, unknown>;

const CONTEXT = "https://schema.org";

/** The business, on the home page: a LocalBusiness subtype for a kitchen maker. */
export function organization(origin: string, homeUrl: string, logoUrl: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "HomeAndConstructionBusiness",
    "@id": `${origin}/#business`,
    name: BUSINESS.name,
    description: BUSINESS.description,
    url: homeUrl,
    logo: logoUrl,
    image: logoUrl,
    telephone: BUSINESS.telephone,
    address: { "@type": "PostalAddress", ...BUSINESS.address },
    areaServed: BUSINESS.areaServed.map((code) => ({ "@type": "Country", name: code })),
  };
}

export interface ArticleFacts {
  url: string;
  headline: string;
  description: string | null;
  datePublished: string | null;
  dateModified: string | null;
  image: string | null;
  author: string | null;
  logoUrl: string;
}

export function article(facts: ArticleFacts): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "Article",
    mainEntityOfPage: { "@type": "WebPage", "@id": facts.url },
    // Google shows at most 110 characters of a headline.
    headline: facts.headline.slice(0, 110),
    ...(facts.description ? { description: facts.description } : {}),
    ...(facts.datePublished ? { datePublished: facts.datePublished } : {}),
    ...(facts.dateModified ? { dateModified: facts.dateModified } : {}),
    ...(facts.image ? { image: [facts.image] } : {}),
    author: facts.author ? { "@type": "Person", name: facts.author } : { "@type": "Organization", name: SITE_NAME },
    publisher: { "@type": "Organization", name: SITE_NAME, logo: { "@type": "ImageObject", url: facts.logoUrl } },
  };
}

/** Trail from the region's home to this page; every step but the last has a URL. */
export function breadcrumbs(trail: ReadonlyArray<{ name: string; url: string }>): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** JSON for inside a `<script>` element: `<`, `>`, `&` and the JS line separators cannot end or break it. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
