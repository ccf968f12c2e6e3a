/**
 * Core Web Vitals from the field (docs/behaviour.md section 7.6, decision record 026): Google's
 * `web-vitals` measures the document's load (LCP, FCP, TTFB) and its INP and CLS; each page view
 * is reported once, as one small JSON beacon to POST /api/vitals, when the page is hidden or
 * left, or when the app routes to another page. Loaded once the page is idle (or on the wake), so
 * none of it counts before the first interaction; the interactions before it are the entry's
 * (client/vitals/earlyInteractions.ts).
 *
 * A client navigation's view reports its own INP and CLS only (client/vitals/viewMetrics.ts);
 * LCP, FCP and TTFB belong to the document's load and so to the view it landed on. Nothing
 * identifies the visitor: the page type (the route's name), region, a coarse device class and
 * the navigation type. A visitor who refused analytics, or whose browser sends Global Privacy
 * Control, is not measured. An engine without a metric (WebKit's LCP and INP) reports without it.
 *
 * A landing view also says why (decision record 026, "Later: why it was slow"): web-vitals'
 * attribution build gives LCP's and INP's phases and names elements by our kinds
 * (client/vitals/elementKind.ts, through its `generateTarget`), so no selector leaves the page.
 */
import {
  onCLS,
  onFCP,
  onINP,
  onLCP,
  onTTFB,
  type CLSMetricWithAttribution,
  type INPMetricWithAttribution,
  type LCPMetricWithAttribution,
  type MetricWithAttribution,
} from "web-vitals/attribution";
import {
  METRICS_OF,
  navigationLabel,
  pageTypeOf,
  VITALS_PATH,
  type DeviceClass,
  type NavigationType,
  type VitalName,
  type VitalsReport,
} from "../../shared/fieldVitals";
import { regionFromPath } from "../../shared/region";
import type { ConsentState } from "../consent/consentState";
import type { EarlyInteractions } from "./earlyInteractions";
import { cumulativeLayoutShift, interactionToNextPaint, type ShiftEntry } from "./viewMetrics";
import { contentKind, controlKind } from "./elementKind";
import { inpWhy, lcpWhy, shiftKind } from "./whyOfView";
import type { VitalsWhy } from "../../shared/vitals/phases";

/** What the reporter needs of the app's router: where it is and whether it is on its way elsewhere. */
export interface RoutingRouter {
  subscribe(
    listener: (state: {
      navigation: { state: string; location?: { pathname: string } };
      location: { pathname: string };
      errors: unknown;
    }) => void,
  ): () => void;
}

export interface FieldVitals {
  /** Hands over the app's router: each client navigation ends one view and starts the next. */
  follow(router: RoutingRouter): void;
}

interface PageView {
  path: string;
  page: string;
  nav: NavigationType;
  /** The view's span on the page's clock. */
  from: number;
  /** The engine's count of interactions when the view began (0 where it keeps none). */
  interactionsBefore: number;
  /** The document's load: web-vitals' values are this view's. */
  landing: boolean;
  metrics: VitalsReport["metrics"];
  /** Why, as web-vitals' attribution saw the document's load (landing views only). */
  why: VitalsWhy;
  /** web-vitals' INP with its attribution: its phases are sent only if it is the view's INP. */
  inp?: INPMetricWithAttribution;
  sent: boolean;
}

/**
 * Whether this visitor is measured: not once they refused analytics (which follows marketing), nor
 * under GPC unless they turned it on. `consent` is undefined on a page without a consent manager
 * (no tags), where no one was asked.
 */
export const mayMeasure = (consent: ConsentState | undefined, gpc: boolean): boolean =>
  consent?.decided ? consent.marketing : !gpc;

/**
 * The browser's Global Privacy Control signal, read as shared/privacyRules.ts `globalPrivacyControl`
 * reads it. Neither that module nor the consent state is imported here: esbuild puts a module that
 * this chunk and the tags' file both import in a chunk of its own, one more file before interaction
 * (docs/development.md, "The JavaScript budget").
 */
const globalPrivacyControl = (): boolean =>
  (navigator as { globalPrivacyControl?: unknown }).globalPrivacyControl === true;

/** Narrow touch screens are phones, wide ones whose main pointer is a finger tablets, the rest desktops. */
export function deviceClass({
  touch,
  coarsePointer,
  width,
}: {
  touch: boolean;
  coarsePointer: boolean;
  width: number;
}): DeviceClass {
  if (touch && width < 600) return "mobile";
  return coarsePointer ? "tablet" : "desktop";
}

/** Seconds with millisecond precision for times; CLS to four places. */
const inUnits = (name: VitalName, value: number) =>
  name === "CLS" ? Math.round(value * 10_000) / 10_000 : Math.round(value) / 1000;

function landingNavigation(): NavigationType {
  const entry = performance.getEntriesByType("navigation")[0] as
    | (PerformanceNavigationTiming & { activationStart?: number })
    | undefined;
  if ((document as { prerendering?: boolean }).prerendering || (entry?.activationStart ?? 0) > 0) return "prerender";
  if ((document as { wasDiscarded?: boolean }).wasDiscarded) return "restore";
  const type = entry?.type.replace(/_/g, "-");
  return type === "reload" || type === "back-forward" ? type : "navigate";
}

/** The landing page's type: `error` when the server answered it with an error status (where the engine says so). */
function landingPageType(): string {
  const status = (performance.getEntriesByType("navigation")[0] as { responseStatus?: number } | undefined)
    ?.responseStatus;
  return status !== undefined && status >= 400 ? "error" : pageTypeOf(location.pathname);
}

function send(report: VitalsReport): void {
  const body = JSON.stringify(report);
  // sendBeacon posts the string as text/plain, which the endpoint accepts; it survives the page's unload.
  if (navigator.sendBeacon?.(VITALS_PATH, body)) return;
  void fetch(VITALS_PATH, { method: "POST", body, keepalive: true, headers: { "Content-Type": "text/plain" } }).catch(
    () => {},
  );
}

/** The engine's count of the page's interactions, where it keeps one (Chromium): quick ones included. */
const interactionCount = () => (performance as { interactionCount?: number }).interactionCount ?? 0;

/**
 * `consent`: the consent the page's consent manager holds (client/consent/consentState.ts
 * `currentConsent`), handed over by the entry from the tags' entry on a page with tags; none on a
 * page without.
 */
export function startFieldVitals(early: EarlyInteractions, consent?: () => ConsentState): FieldVitals {
  const shifts: ShiftEntry[] = [];
  // No Layout Instability API (WebKit, Firefox): no CLS for client navigations either. Where
  // there is one, a client view without shifts reports its CLS of 0.
  const measuresShifts = PerformanceObserver.supportedEntryTypes?.includes("layout-shift") ?? false;
  if (measuresShifts)
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push(entry as unknown as ShiftEntry);
    }).observe({ type: "layout-shift", buffered: true });
  // Read now: while the page is being left, an engine may no longer answer for its screen.
  const device = deviceClass({
    touch: navigator.maxTouchPoints > 0,
    coarsePointer: matchMedia("(pointer: coarse)").matches,
    width: innerWidth,
  });
  const newView = (nav: NavigationType, landing: boolean, page: string): PageView => ({
    path: location.pathname,
    page,
    nav,
    from: landing ? 0 : performance.now(),
    interactionsBefore: landing ? 0 : interactionCount(),
    landing,
    metrics: {},
    why: {},
    sent: false,
  });
  let view = newView(landingNavigation(), true, landingPageType());

  const report = (ending: PageView) => {
    if (ending.sent || !ending.page || (document as { prerendering?: boolean }).prerendering) return;
    ending.sent = true;
    if (!mayMeasure(consent?.(), globalPrivacyControl())) return;
    const span = { from: ending.from, to: performance.now() };
    const inp = interactionToNextPaint(early.entries(), span, interactionCount() - ending.interactionsBefore);
    const metrics = { ...ending.metrics };
    if (inp !== undefined && (metrics.INP === undefined || inp / 1000 > metrics.INP)) metrics.INP = inUnits("INP", inp);
    if (!ending.landing && measuresShifts) metrics.CLS = inUnits("CLS", cumulativeLayoutShift(shifts, span));
    if (Object.keys(metrics).length === 0) return;
    const why: VitalsWhy = { ...ending.why };
    if (ending.inp && metrics.INP !== undefined) {
      const inpPart = inpWhy(ending.inp, metrics.INP);
      if (inpPart) why.inp = inpPart;
    }
    if (metrics.LCP === undefined) delete why.lcp;
    if (!metrics.CLS) delete why.cls;
    const report: VitalsReport = {
      page: ending.page,
      region: regionFromPath(ending.path),
      device,
      nav: ending.nav,
      metrics,
    };
    if (Object.keys(why).length > 0) report.why = why;
    send(report);
  };

  // Every change, kept until the view is reported: the last value is the view's. A view shown
  // from the back/forward cache loaded nothing: its INP and CLS only (METRICS_OF), as the
  // endpoint refuses the rest.
  const keep = (metric: MetricWithAttribution) => {
    if (!view.landing || !METRICS_OF[navigationLabel(view.nav)].includes(metric.name)) return;
    view.metrics[metric.name] = inUnits(metric.name, metric.value);
    // Why, in kinds and phases only: the attribution's target is our kind (generateTarget below), never a selector.
    if (metric.name === "LCP") view.why.lcp = lcpWhy(metric as LCPMetricWithAttribution, view.metrics.LCP as number);
    else if (metric.name === "INP") view.inp = metric as INPMetricWithAttribution;
    else if (metric.name === "CLS")
      view.why.cls = { kind: shiftKind((metric as CLSMetricWithAttribution).attribution.largestShiftTarget) };
  };
  // The attribution names elements by our kinds, not selectors (client/vitals/elementKind.ts):
  // what is shown for LCP and CLS, what is pressed for INP.
  const shown = { reportAllChanges: true, generateTarget: contentKind };
  for (const on of [onLCP, onFCP, onTTFB, onCLS]) on(keep, shown);
  onINP(keep, { reportAllChanges: true, generateTarget: controlKind });

  addEventListener("visibilitychange", () => document.visibilityState === "hidden" && report(view), true);
  addEventListener("pagehide", () => report(view), true);
  // Back from the back/forward cache: a new view of the same page, which web-vitals measures afresh.
  addEventListener(
    "pageshow",
    (event) => {
      if (event.persisted)
        view = {
          ...newView("back-forward-cache", true, view.page),
          from: performance.now(),
          interactionsBefore: interactionCount(),
        };
    },
    true,
  );

  return {
    follow(router) {
      router.subscribe(({ navigation, location: shown, errors }) => {
        const heading = navigation.location?.pathname ?? shown.pathname;
        if (heading !== view.path) {
          report(view);
          view = newView("client", false, "");
          view.path = heading;
        }
        if (navigation.state === "idle" && !view.landing && !view.page)
          view.page = errors ? "error" : pageTypeOf(shown.pathname);
      });
    },
  };
}
