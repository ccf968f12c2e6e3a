/**
 * The page routes (docs/behaviour.md section 1.2), by name. Every route exists for gb (unprefixed) and
 * again under `/us`; its id in the router is `{name}___{locale}`.
 * Static segments outrank dynamic ones, so `/gallery` never matches `/:section`.
 */
export type Layout = "default" | "basic";

export type PageKind =
  | "home"
  | "section"
  | "sectionPage"
  | "galleryList"
  | "galleryItem"
  | "blogList"
  | "blogArticle"
  | "samples"
  | "privacyChoices"
  | "request"
  | "requestSent";

/** Everything a route carries besides its loader; read with react-router's useMatches(). */
export interface RouteHandle {
  layout?: Layout;
  page?: PageKind;
}

export interface PageRoute {
  name: string;
  path: string;
  page: PageKind;
  layout: Layout;
  /** The query parameters the page reads (static paths only); every other one is ignored (shared/canonicalPath.ts). */
  query?: readonly string[];
}

/**
 * The privacy choices page ("Cookie settings"; on /us "Your Privacy Choices"): the footer's link
 * leads there, and its form posts to the same path (server/consent/privacyChoicesForm.ts).
 */
export const PRIVACY_CHOICES_PATH = "/privacy-choices";

/**
 * The accessibility statement, a `page` editors own, routed by its uid alone. Every footer links
 * to it; the error screen, which has no content to draw its footer from, links here by this path.
 */
export const ACCESSIBILITY_STATEMENT_PATH = "/accessibility-statement";

export const PAGE_ROUTES: readonly PageRoute[] = [
  { name: "index", path: "/", page: "home", layout: "default" },
  { name: "gallery", path: "/gallery", page: "galleryList", layout: "default", query: ["page"] },
  { name: "gallery-uid", path: "/gallery/:uid", page: "galleryItem", layout: "default" },
  { name: "info-blog", path: "/info/blog", page: "blogList", layout: "default", query: ["page"] },
  { name: "info-blog-uid", path: "/info/blog/:uid", page: "blogArticle", layout: "default" },
  { name: "materials-samples", path: "/materials/samples", page: "samples", layout: "default" },
  {
    name: "privacy-choices",
    path: PRIVACY_CHOICES_PATH,
    page: "privacyChoices",
    layout: "basic",
    query: ["saved"],
  },
  // A request form on its own (where a form without script comes back with its errors), and the
  // confirmation a request is answered with (docs/requests.md). Two and three segments: they
  // outrank `/:section/:uid` by their static first segment.
  { name: "requests-kind", path: "/requests/:kind", page: "request", layout: "basic" },
  { name: "requests-kind-sent", path: "/requests/:kind/sent", page: "requestSent", layout: "basic" },
  { name: "section", path: "/:section", page: "section", layout: "basic" },
  { name: "section-uid", path: "/:section/:uid", page: "sectionPage", layout: "basic" },
];

/** Separator between a route name and its locale code in route ids (the @nuxtjs/i18n convention). */
export const ROUTE_LOCALE_SEPARATOR = "___";

export function routeId(name: string, localeCode: string): string {
  return `${name}${ROUTE_LOCALE_SEPARATOR}${localeCode}`;
}

/** Fills a route pattern: `routePath("/gallery/:uid", { uid: "x" })` → `/gallery/x`. Params are URL-encoded. */
export function fillRoutePath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([a-z]+)/gi, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing route param "${key}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}

export function pageRoute(name: string): PageRoute {
  const route = PAGE_ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return route;
}
