/**
 * Google Consent Mode v2 updates (docs/behaviour.md §4.2). The default (everything denied but security) is in
 * the head before any tag (server/tags/tagHead.ts), which also defines `gtag`; every consent
 * change sends an `update`: analytics, personalization and the three ad signals follow
 * marketing, functionality follows functional.
 */
import type { ConsentChoice } from "../../shared/consentPrompt";

export type ConsentSignal = "granted" | "denied";

export function consentModeSignals(choice: ConsentChoice): Record<string, ConsentSignal> {
  const marketing: ConsentSignal = choice.marketing ? "granted" : "denied";
  return {
    ad_storage: marketing,
    ad_user_data: marketing,
    ad_personalization: marketing,
    analytics_storage: marketing,
    personalization_storage: marketing,
    functionality_storage: choice.functional ? "granted" : "denied",
    security_storage: "granted",
  };
}

export function updateConsentMode(choice: ConsentChoice): void {
  const gtag = (window as { gtag?: (...args: unknown[]) => void }).gtag;
  if (typeof gtag === "function") gtag("consent", "update", consentModeSignals(choice));
}
