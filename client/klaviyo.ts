/**
 * Klaviyo's onsite script (docs/behaviour.md section 4.4), loaded once. Without marketing consent the cookie
 * `__kla_off=true` tells it not to track; with consent at start-up it is `false`, and a later
 * change that grants consent clears it. If the visitor has not answered 3000 ms after the page
 * started (performance.now(): the entry starts this with the page, not with the app) the script
 * loads anyway, with the off cookie in force: the footer sign-up form still works. Klaviyo fills
 * the `klaviyo-form-{id}` placeholder (views/parts/Footer.tsx), which React leaves alone.
 */
import { currentConsent, onConsentChange, type ConsentState } from "./consent/consentState";
import { deleteCookie, writeCookie } from "./cookies";
import { loadScriptOrWarn } from "./loadScript";

export const KLAVIYO_OFF_COOKIE = "__kla_off";
/** The marketing script's fallback (docs/behaviour.md section 4.4). */
export const MARKETING_SCRIPT_FALLBACK_MS = 3000;

/**
 * Starts Klaviyo; the promise holds when its script was first requested (performance.now()), and
 * never settles while it is not (marketing refused): the KlaviyoForm slice's wait counts from it
 * (client/klaviyoFallback.ts).
 */
export function startKlaviyo(src: string): Promise<number> {
  let requested: (at: number) => void;
  const whenRequested = new Promise<number>((resolve) => (requested = resolve));
  const load = () => {
    requested(performance.now());
    loadScriptOrWarn(src);
  };
  const apply = (consent: ConsentState, atStartUp: boolean) => {
    if (!consent.marketing) return writeCookie(KLAVIYO_OFF_COOKIE, "true");
    if (atStartUp) writeCookie(KLAVIYO_OFF_COOKIE, "false");
    else deleteCookie(KLAVIYO_OFF_COOKIE);
    load();
  };
  apply(currentConsent(), true);
  onConsentChange((consent) => apply(consent, false));
  // Counted from the page's start, however late this module ran.
  setTimeout(
    () => {
      if (!currentConsent().decided) load();
    },
    Math.max(0, MARKETING_SCRIPT_FALLBACK_MS - performance.now()),
  );
  return whenRequested;
}
