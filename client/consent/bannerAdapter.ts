/**
 * The built-in consent manager (the default when no hosted CMP is configured): the choice is
 * kept in the first-party cookie `consent` (`{"v":1,"functional":…,"marketing":…,"ts":…}`,
 * 180 days, SameSite=Lax). Without one the banner opens (client/consent/consentDialog.ts, plain
 * DOM, so it opens with the page and the app need not load for it); the footer's "Cookie
 * settings" reopens it on the settings view.
 */
import {
  closeConsentPrompt,
  connectConsentPrompt,
  openConsentPrompt,
  type ConsentChoice,
} from "../../shared/consentPrompt";
import { readCookie, writeCookie } from "../cookies";
import { startConsentDialog } from "./consentDialog";
import { UNDECIDED, type ConsentAdapter } from "./consentState";

export const CONSENT_COOKIE = "consent";
export const CONSENT_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

/** The stored choice, or null for a missing, unreadable or other-version cookie (the banner then asks again). */
export function parseConsentCookie(value: string | null): ConsentChoice | null {
  if (!value) return null;
  try {
    const stored = JSON.parse(value) as Record<string, unknown>;
    if (stored?.v !== 1 || typeof stored.functional !== "boolean" || typeof stored.marketing !== "boolean") return null;
    return { functional: stored.functional, marketing: stored.marketing };
  } catch {
    return null;
  }
}

export const serializeConsentCookie = (choice: ConsentChoice, now = Date.now()): string =>
  JSON.stringify({ v: 1, functional: choice.functional, marketing: choice.marketing, ts: now });

export const bannerConsent: ConsentAdapter = {
  start(report) {
    let stored = parseConsentCookie(readCookie(CONSENT_COOKIE));
    startConsentDialog();
    connectConsentPrompt({
      choose(choice) {
        stored = { functional: choice.functional, marketing: choice.marketing };
        writeCookie(CONSENT_COOKIE, serializeConsentCookie(stored), CONSENT_COOKIE_MAX_AGE_S);
        closeConsentPrompt();
        report({ ...stored, decided: true });
      },
      openSettings: () => openConsentPrompt("settings", stored),
    });
    report(stored ? { ...stored, decided: true } : UNDECIDED);
    if (!stored) openConsentPrompt("notice", null);
  },
};
