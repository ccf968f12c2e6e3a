/**
 * The visitor's consent as the browser side uses it, read from the consent manager's adapter
 * (built-in banner or Usercentrics) on start-up and on every change. Necessary is always on;
 * analytics follows marketing (docs/behaviour.md §4.2). Until the visitor has answered, nothing optional is on.
 */
import type { ConsentChoice } from "../../shared/consentPrompt";
import { updateConsentMode } from "./consentMode";

export interface ConsentState extends ConsentChoice {
  /** False until the visitor has made a choice (or the CMP has one on record). */
  decided: boolean;
}

/** One adapter per consent manager (docs/architecture.md: one adapter per outside service): it reports the state at once or when known, and on every change. */
export interface ConsentAdapter {
  start(report: (state: ConsentState) => void): void;
}

export const UNDECIDED: ConsentState = { functional: false, marketing: false, decided: false };

let current: ConsentState = UNDECIDED;
const listeners = new Set<(state: ConsentState) => void>();

export const currentConsent = (): ConsentState => current;

/** Called on every consent change after start-up; returns the unsubscribe. */
export function onConsentChange(listener: (state: ConsentState) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function startConsent(adapter: ConsentAdapter): void {
  adapter.start((state) => {
    current = state;
    // Until the visitor answers, the head's default (everything denied) stands.
    if (state.decided) updateConsentMode(state);
    for (const listener of listeners) listener(state);
  });
}
