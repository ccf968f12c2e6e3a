/**
 * The consent cookie's name, lifetime and format, for the two places that write it: the built-in
 * banner in the browser (client/consent/bannerAdapter.ts) and the privacy choices form the server
 * answers without script (server/consent/privacyChoicesForm.ts), so both write the same record
 * (docs/tracking-privacy.md, "In the browser"): `{"v":1,"functional":…,"marketing":…,"ts":…}`,
 * with `"gpc_opt_in":true` for a visitor who turned marketing on over their browser's Global
 * Privacy Control signal and `"model":"opt-out"` for a record made under the opt-out model;
 * 180 days, Path=/, SameSite=Lax, readable by script.
 */
import type { StoredChoice } from "./privacyRules";

export const CONSENT_COOKIE = "consent";
export const CONSENT_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

/** The stored choice, or null for a missing, unreadable or other-version cookie (the banner then asks again). */
export function parseConsentCookie(value: string | null | undefined): StoredChoice | null {
  if (!value) return null;
  try {
    const stored = JSON.parse(value) as Record<string, unknown>;
    if (stored?.v !== 1 || typeof stored.functional !== "boolean" || typeof stored.marketing !== "boolean") return null;
    const choice: StoredChoice = { functional: stored.functional, marketing: stored.marketing };
    if (stored.gpc_opt_in === true) choice.gpcOptIn = true;
    if (stored.model === "opt-out") choice.model = "opt-out";
    return choice;
  } catch {
    return null;
  }
}

export const serializeConsentCookie = (choice: StoredChoice, now = Date.now()): string =>
  JSON.stringify({
    v: 1,
    functional: choice.functional,
    marketing: choice.marketing,
    ts: now,
    ...(choice.gpcOptIn ? { gpc_opt_in: true } : {}),
    ...(choice.model === "opt-out" ? { model: "opt-out" } : {}),
  });
