/**
 * The visitor's consent as the browser side uses it, read from the consent manager's adapter
 * (built-in banner or Usercentrics) on start-up and on every change, with the browser's Global
 * Privacy Control signal honoured (shared/privacyRules.ts). Necessary is always on;
 * analytics follows marketing (docs/behaviour.md section 4.2). Until the visitor has answered, nothing optional is on
 * under the opt-in model.
 */
import { updateConsentMode } from "./consentMode";
import { honourSignal, type ConsentState, type PrivacyContext, type ReportedConsent } from "../../shared/privacyRules";

export type { ConsentState, ReportedConsent } from "../../shared/privacyRules";

/** One adapter per consent manager (docs/architecture.md: one adapter per outside service): it reports the state at once or when known, and on every change. */
export interface ConsentAdapter {
  start(report: (state: ReportedConsent) => void): void;
}

export const UNDECIDED: ReportedConsent = { functional: false, marketing: false, decided: false };

let current: ConsentState = honourSignal(UNDECIDED, { model: "opt-in", gpc: false });
const listeners = new Set<(state: ConsentState) => void>();

export const currentConsent = (): ConsentState => current;

/** Called on every consent change after start-up; returns the unsubscribe. */
export function onConsentChange(listener: (state: ConsentState) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function startConsent(adapter: ConsentAdapter, context: PrivacyContext): void {
  adapter.start((reported) => {
    current = honourSignal(reported, context);
    // Until the visitor answers, the head's defaults stand.
    if (current.decided) updateConsentMode(current);
    for (const listener of listeners) listener(current);
  });
}
