/**
 * The built-in consent manager (the default when no hosted CMP is configured): the choice is
 * kept in the first-party cookie `consent` (`{"v":1,"functional":…,"marketing":…,"ts":…}`, with
 * `"gpc_opt_in":true` for a visitor who turned marketing on over their browser's Global Privacy
 * Control signal and `"model":"opt-out"` for a record made under the opt-out model; 180 days,
 * SameSite=Lax). Without an answer the opt-in model's banner opens, or the opt-out model's notice
 * (client/consent/consentDialog.ts, client/consent/optOutNotice.ts, plain DOM, so they open with
 * the page and the app need not load for them); the footer's "Cookie settings" ("Your Privacy
 * Choices" on /us) reopens it on the settings view. What the choice, the model and the signal add
 * up to is client/consent/privacyRules.ts.
 */
import {
  closeConsentPrompt,
  connectConsentPrompt,
  openConsentPrompt,
  type ConsentChoice,
  type PromptContext,
} from "../../shared/consentPrompt";
import { readCookie, writeCookie } from "../cookies";
import { startConsentDialog } from "./consentDialog";
import type { ConsentAdapter } from "./consentState";
import { answerOnRecord, choiceToStore, recordSignal, reportedConsent, type StoredChoice } from "./privacyRules";

export const CONSENT_COOKIE = "consent";
export const CONSENT_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

/** The stored choice, or null for a missing, unreadable or other-version cookie (the banner then asks again). */
export function parseConsentCookie(value: string | null): StoredChoice | null {
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

const store = (choice: StoredChoice) =>
  writeCookie(CONSENT_COOKIE, serializeConsentCookie(choice), CONSENT_COOKIE_MAX_AGE_S);

/** The built-in banner on a page of `context`'s region and model, in a browser that does or does not send GPC. */
export function bannerConsent(context: PromptContext): ConsentAdapter {
  return {
    start(report) {
      let stored = parseConsentCookie(readCookie(CONSENT_COOKIE));
      const asked = !answerOnRecord(stored, context.model);
      // The signal is written down at once, so its absence on a later visit is not read as consent.
      const signalled = recordSignal(stored, context);
      if (signalled) {
        stored = signalled;
        store(stored);
      }
      let answer = answerOnRecord(stored, context.model);
      // The settings view starts from the choice in force (the model's defaults, the signal honoured).
      const inForce = (): ConsentChoice => {
        const { functional, marketing, gpcOptIn } = reportedConsent(answer, context.model);
        return { functional, marketing: marketing && (!context.gpc || gpcOptIn === true), gpcOptIn };
      };
      startConsentDialog();
      connectConsentPrompt({
        choose(choice) {
          answer = choiceToStore(choice, context);
          store(answer);
          closeConsentPrompt();
          report(reportedConsent(answer, context.model));
        },
        openSettings: () => openConsentPrompt("settings", inForce(), context),
      });
      report(reportedConsent(answer, context.model));
      if (asked) openConsentPrompt("notice", answer ? inForce() : null, context);
    },
  };
}
