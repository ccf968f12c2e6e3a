/**
 * An accepted request counts as a conversion (docs/tracking.md, "Requests"): the form tells the
 * page with a `site:request-sent` event (views/parts/requestForm/useRequestSubmit.ts), and, only
 * while marketing is allowed, as page views are, this sends it twice under one id: to the site's
 * relay (the server's copy, for Meta's Conversions API) and to Tag Manager's data layer (the
 * browser pixel's copy, `event_id` its eventID), so Meta counts it once. The id is the request's
 * own, which the server gave the form.
 */
import { REQUEST_SENT_EVENT, type RequestSentDetail } from "../views/parts/requestForm/useRequestSubmit";
import type { currentConsent as consentNow } from "./consent/consentState";
import type { track as trackEvent } from "./tracking";

/**
 * Starts listening; `track` is client/tracking.ts's and `currentConsent` client/consent/consentState.ts's,
 * handed over by client/tags.ts (which loads this with the app).
 */
export function trackRequestConversions(track: typeof trackEvent, currentConsent: typeof consentNow): void {
  window.addEventListener(REQUEST_SENT_EVENT, (event) => {
    const { kind, eventName, eventId } = (event as CustomEvent<RequestSentDetail>).detail;
    if (!currentConsent().marketing) return;
    track(eventName, { content_category: kind }, eventId);
    const page = window as { dataLayer?: unknown[] };
    page.dataLayer?.push({ event: "request_sent", meta_event: eventName, event_id: eventId, request_kind: kind });
  });
}
