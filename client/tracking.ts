/**
 * Conversion tracking from the browser (docs/behaviour.md section 5): events are posted to the site's own
 * relay, POST /api/meta-capi, as `{event_name, region, fbp, fbclid, custom_data: {page_url,
 * page_title, …}}`, and only while marketing is allowed: consent given (or the opt-out model's
 * default) and no Global Privacy Control signal, unless the visitor turned marketing on over it,
 * which the payload then says with `"gpc_opt_in": true` (the browser also sends `Sec-GPC: 1`, and
 * the relay takes such a request as opted out without it). A PageView goes out about 300 ms after
 * each page mounts (first load and client navigations), once the title has caught up; one that
 * falls due before the visitor has answered waits for the answer. Failures are only logged. The
 * relay's response, not this code, writes the `_fbc`/`_fbp` cookies.
 */
import { hasEmailAddress } from "../shared/contactDetails";
import { regionFromPath, type Region } from "../shared/region";
import { currentConsent, onConsentChange, type ConsentState } from "./consent/consentState";
import { readCookie } from "./cookies";

export const TRACKING_ENDPOINT = "/api/meta-capi";
/** After each page mounts (docs/behaviour.md section 5.2). */
export const PAGE_VIEW_DELAY_MS = 300;

export interface TrackingPayload {
  event_name: string;
  region: Region;
  fbp?: string;
  fbclid?: string;
  /** Marketing is on over the browser's GPC signal by the visitor's own choice. */
  gpc_opt_in?: true;
  /** Shared with the browser's copy of the same event (the Meta pixel's eventID). */
  event_id?: string;
  custom_data: { page_url: string; page_title: string } & Record<string, string | number | boolean | null>;
}

// What the relay accepts; anything else is left out rather than losing the event.
const FBP = /^fb\.\d\.\d{1,16}\.[A-Za-z0-9._-]{1,200}$/;
const FBCLID = /^[A-Za-z0-9_-]{1,500}$/;

/** The landing page's fbclid, kept for the client navigations after it (never re-cased). */
let landingFbclid: string | undefined;

export interface PageFacts {
  /** The page's absolute URL. */
  url: string;
  title: string;
  /** The `_fbp` cookie. */
  fbp: string | null;
  /** From the page's query string, else the landing page's. */
  fbclid: string | null;
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
};

/**
 * `url` without the query parameters (or fragment) that hold an e-mail address, such as a
 * campaign link's `?email=`: the relay refuses a page_url carrying one, and it must never reach
 * Meta. Everything else stays exactly as it was (fbclid must not be re-encoded).
 */
export function withoutEmailAddresses(url: string): string {
  const hashAt = url.indexOf("#");
  const hash = hashAt < 0 || hasEmailAddress(decoded(url.slice(hashAt))) ? "" : url.slice(hashAt);
  const rest = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = rest.indexOf("?");
  if (queryAt < 0) return rest + hash;
  const kept = rest
    .slice(queryAt + 1)
    .split("&")
    .filter((part) => !hasEmailAddress(decoded(part)));
  return rest.slice(0, queryAt) + (kept.length ? `?${kept.join("&")}` : "") + hash;
}

export function buildPayload(eventName: string, page: PageFacts, data: Record<string, string> = {}): TrackingPayload {
  const payload: TrackingPayload = {
    event_name: eventName,
    region: regionFromPath(new URL(page.url).pathname),
    custom_data: { ...data, page_url: withoutEmailAddresses(page.url), page_title: page.title.slice(0, 300) },
  };
  if (page.fbp && FBP.test(page.fbp)) payload.fbp = page.fbp;
  if (page.fbclid && FBCLID.test(page.fbclid)) payload.fbclid = page.fbclid;
  return payload;
}

function currentPage(): PageFacts {
  const fbclid = new URLSearchParams(location.search).get("fbclid");
  if (fbclid) landingFbclid = fbclid;
  return {
    url: location.href,
    title: document.title,
    fbp: readCookie("_fbp"),
    fbclid: fbclid ?? landingFbclid ?? null,
  };
}

/** `payload` as posted under `consent`: with `gpc_opt_in` when marketing is on over the signal. */
export const withPrivacySignal = (payload: TrackingPayload, consent: ConsentState): TrackingPayload =>
  consent.gpc && consent.gpcOptIn ? { ...payload, gpc_opt_in: true } : payload;

async function post(event: TrackingPayload): Promise<void> {
  const payload = withPrivacySignal(event, currentConsent());
  try {
    const response = await fetch(TRACKING_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      keepalive: true,
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) console.warn(`tracking: ${payload.event_name} was refused (${response.status})`, body);
  } catch (error) {
    console.warn(`tracking: ${payload.event_name} could not be posted`, error);
  }
}

/**
 * Posts an event about the current page, only while marketing is allowed. `eventId` is the id the
 * browser's own copy of the event carries too, so Meta counts the two once.
 */
export function track(eventName: string, data?: Record<string, string>, eventId?: string): void {
  if (!currentConsent().marketing) return;
  const payload = buildPayload(eventName, currentPage(), data);
  void post(eventId ? { ...payload, event_id: eventId } : payload);
}

export interface NavigatingRouter {
  subscribe(
    listener: (state: { navigation: { state: string }; location: { pathname: string; search: string } }) => void,
  ): () => void;
}

/**
 * A PageView 300 ms after the page loads (started by the entry, before the app wakes) and,
 * once the app runs, after every client navigation to another page: the returned function
 * hands over the router.
 */
export function trackPageViews(): (router: NavigatingRouter) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: TrackingPayload | null = null;
  let shown = location.pathname + location.search;
  const pageView = () => {
    const consent = currentConsent();
    if (consent.marketing) void post(buildPayload("PageView", currentPage()));
    else if (!consent.decided) waiting = buildPayload("PageView", currentPage());
  };
  const schedule = () => {
    clearTimeout(timer);
    waiting = null;
    timer = setTimeout(pageView, PAGE_VIEW_DELAY_MS);
  };
  onConsentChange((consent) => {
    if (consent.marketing && waiting) void post(waiting);
    if (consent.decided) waiting = null;
  });
  schedule();
  return (router) => {
    router.subscribe(({ navigation, location: next }) => {
      const page = next.pathname + next.search;
      if (navigation.state !== "idle" || page === shown) return;
      shown = page;
      schedule();
    });
  };
}
