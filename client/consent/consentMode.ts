/**
 * Google Consent Mode v2 updates (docs/behaviour.md section 4.2). The defaults are in the head before any tag
 * (server/tags/tagHead.ts), which also defines `gtag`; every consent change sends an `update`
 * (the categories' signals: shared/consentSignals.ts).
 *
 * Under the opt-out model what is on by default is the head's business: its region-specific
 * default grants it to visitors in the US and leaves it denied elsewhere (Google's geolocation).
 * So the browser tells Consent Mode only what the visitor turned off, and grants again only what
 * it denied on this page (the visitor turning it back on); under the opt-in model every update
 * is the whole choice.
 */
import type { ConsentChoice } from "../../shared/consentPrompt";
import { FUNCTIONAL_SIGNALS, MARKETING_SIGNALS, type ConsentSignalName } from "../../shared/consentSignals";
import type { ConsentState } from "../../shared/privacyRules";

export type ConsentSignal = "granted" | "denied";

export function consentModeSignals(choice: ConsentChoice): Record<ConsentSignalName, ConsentSignal> {
  const marketing: ConsentSignal = choice.marketing ? "granted" : "denied";
  const functional: ConsentSignal = choice.functional ? "granted" : "denied";
  const signals = { security_storage: "granted" } as Record<ConsentSignalName, ConsentSignal>;
  for (const name of MARKETING_SIGNALS) signals[name] = marketing;
  for (const name of FUNCTIONAL_SIGNALS) signals[name] = functional;
  return signals;
}

/** The `update` to send for `state`, or null when there is nothing to say; `deniedHere`: the signals this page's updates denied. */
export function consentModeUpdate(
  state: ConsentState,
  deniedHere: ReadonlySet<string>,
): Partial<Record<ConsentSignalName, ConsentSignal>> | null {
  const signals = consentModeSignals(state);
  if (state.model === "opt-in") return signals;
  const said = Object.entries(signals).filter(([name, signal]) => signal === "denied" || deniedHere.has(name));
  return said.length ? Object.fromEntries(said) : null;
}

const deniedHere = new Set<string>();

export function updateConsentMode(state: ConsentState): void {
  const gtag = (window as { gtag?: (...args: unknown[]) => void }).gtag;
  const update = consentModeUpdate(state, deniedHere);
  if (typeof gtag !== "function" || !update) return;
  for (const [name, signal] of Object.entries(update))
    if (signal === "denied") deniedHere.add(name);
    else deniedHere.delete(name);
  gtag("consent", "update", update);
}
