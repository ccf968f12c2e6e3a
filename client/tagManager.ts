/**
 * Tag Manager where the head left it out. The head's loader skips it for a browser sending
 * Global Privacy Control (server/tags/tagHead.ts): it carries Meta's Pixel, a marketing tag the
 * signal opts out of. A visitor who turns marketing on over the signal (the settings view, after
 * being told it overrides it) gets it here, once, with Tag Manager's start event; the Consent
 * Mode update that grants it is already in the dataLayer (client/consent/consentState.ts).
 */
import { currentConsent, onConsentChange, type ConsentState } from "./consent/consentState";
import { loadScriptOrWarn } from "./loadScript";

/** Whether the browser, not the head, has to load Tag Manager for `consent`. */
export const tagManagerFromBrowser = (consent: ConsentState): boolean => consent.gpc && consent.marketing;

export function startTagManager(src: string): void {
  let started = false;
  const start = (consent: ConsentState) => {
    if (started || !tagManagerFromBrowser(consent)) return;
    started = true;
    const page = window as { dataLayer?: unknown[] };
    page.dataLayer = page.dataLayer ?? [];
    page.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    loadScriptOrWarn(src);
  };
  start(currentConsent());
  onConsentChange(start);
}
