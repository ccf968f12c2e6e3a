/**
 * The field measure of speed (docs/behaviour.md section 7.6, decision record 026): what a
 * browser reports of one page view to POST /api/vitals, and the fixed lists its labels come
 * from, shared by the reporter (client/vitals/fieldVitals.ts) and the endpoint
 * (server/observability/vitalsRoute.ts). A value outside these lists is refused, so nothing a
 * browser sends can add a series to the metrics.
 */
import { PAGE_ROUTES } from "./routeTable";
import type { Region } from "./region";
import type { VitalsWhy } from "./vitals/phases";

export const VITALS_PATH = "/api/vitals";

/** Core Web Vitals and the two load metrics beside them, in web-vitals' names. */
export const VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** A route's name (shared/routeTable.ts), or `error` for a page answered with an error status. */
export const PAGE_TYPES = [...PAGE_ROUTES.map((route) => route.name), "error"] as const;
export const REGIONS: readonly Region[] = ["uk", "us"];
/** Coarse on purpose: from the pointer and the viewport's width, never the user agent. */
export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
/**
 * web-vitals' navigation types for a document's own load, and `client` for a page view the app
 * routed to without loading a document.
 */
export const NAVIGATION_TYPES = [
  "navigate",
  "reload",
  "back-forward",
  "back-forward-cache",
  "prerender",
  "restore",
  "client",
] as const;
export type NavigationType = (typeof NAVIGATION_TYPES)[number];

/**
 * The `navigation_type` label: a report's navigation type, folded so the label space stays small
 * (docs/operations.md, "Field speed"). Every load of a document (navigate, reload, back-forward,
 * restore, and a prerendered page once shown: its times count from then) is `navigate`; a page
 * shown again from the back/forward cache and a client navigation keep their own.
 */
export const NAVIGATION_LABELS = ["navigate", "back-forward-cache", "client"] as const;
export type NavigationLabel = (typeof NAVIGATION_LABELS)[number];

export const navigationLabel = (nav: NavigationType): NavigationLabel =>
  nav === "client" || nav === "back-forward-cache" ? nav : "navigate";

/**
 * The metrics a view of each label can carry: LCP, FCP and TTFB belong to a document's load; a
 * client navigation and a page shown from the back/forward cache load nothing, and report their
 * own INP and CLS only. A report with another metric is refused.
 */
export const METRICS_OF: Record<NavigationLabel, readonly VitalName[]> = {
  navigate: VITAL_NAMES,
  "back-forward-cache": ["INP", "CLS"],
  client: ["INP", "CLS"],
};

/** One page view's report: seconds for the times, CLS unitless. */
export interface VitalsReport {
  page: string;
  region: Region;
  device: DeviceClass;
  nav: NavigationType;
  metrics: Partial<Record<VitalName, number>>;
  /** Why it was slow: phases and kinds of element (shared/vitals/phases.ts); absent from older reporters. */
  why?: VitalsWhy;
}

/**
 * The page type of a path: the first route whose pattern fits it (static routes come first in
 * PAGE_ROUTES), after the region's prefix. Only the route's name leaves the browser.
 */
export function pageTypeOf(pathname: string): string {
  const rest = pathname.replace(/^\/us(?=\/|$)/i, "");
  const segments = rest.split("/").filter(Boolean);
  const route = PAGE_ROUTES.find((candidate) => {
    const pattern = candidate.path.split("/").filter(Boolean);
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(":") || part === segments[i].toLowerCase())
    );
  });
  return route?.name ?? "error";
}
