/**
 * What a stored choice, the page's consent model and the browser's Global Privacy Control signal
 * add up to (docs/decisions/024-privacy-signals-and-regional-consent.md). Pure: the built-in
 * banner (client/consent/bannerAdapter.ts) and the consent state (client/consent/consentState.ts)
 * apply them.
 *
 * - The model: the UK is always `opt-in` (nothing optional before a yes); `/us` follows
 *   US_CONSENT_MODEL, and under `opt-out` everything is on until the visitor opts out.
 * - GPC is an opt-out of sale, sharing and targeted advertising under both: marketing is off
 *   while the browser sends it, whatever was stored, unless the visitor turned marketing on in
 *   the settings view after being told that this overrides the signal (`gpcOptIn`).
 * - A signal once seen is written into the record, so a later visit without it does not read
 *   the absence as consent.
 */
import type { ConsentChoice } from "./consentPrompt";
import type { Region } from "./region";
import type { ConsentModel } from "./siteConfig";

/** The consent cookie's choice: `model: "opt-out"` marks one recorded under the opt-out model. */
export interface StoredChoice extends ConsentChoice {
  model?: "opt-out";
}

/** What a consent manager reports: the choice it knows, and whether the visitor has answered. */
export interface ReportedConsent extends ConsentChoice {
  /** False until the visitor has made a choice (or the CMP has one on record). */
  decided: boolean;
}

/** The consent the page acts on: `functional` and `marketing` are what is allowed now. */
export interface ConsentState extends ReportedConsent {
  /** The browser sends Global Privacy Control. */
  gpc: boolean;
  /** Marketing is on over the GPC signal by the visitor's own choice: posted to the relay as `gpc_opt_in`. */
  gpcOptIn: boolean;
  model: ConsentModel;
}

export interface PrivacyContext {
  model: ConsentModel;
  gpc: boolean;
}

/** The browser's opt-out preference signal: `navigator.globalPrivacyControl` is exactly `true` (absent in Safari and Chrome). */
export function globalPrivacyControl(nav: object | undefined = globalThis.navigator): boolean {
  return (nav as { globalPrivacyControl?: unknown } | undefined)?.globalPrivacyControl === true;
}

/** The page's consent model: US_CONSENT_MODEL on /us, opt-in everywhere else. */
export const consentModelFor = (region: Region, usModel: ConsentModel): ConsentModel =>
  region === "us" ? usModel : "opt-in";

/**
 * The stored choice as an answer on this page, or null when the visitor has not answered here:
 * a record made under the opt-out model (its defaults, its notice) is no consent where the
 * opt-in model applies; an opt-in answer counts everywhere.
 */
export const answerOnRecord = (stored: StoredChoice | null, model: ConsentModel): StoredChoice | null =>
  stored && (model === "opt-out" || stored.model !== "opt-out") ? stored : null;

/**
 * The record to write because the browser sends GPC, or null when the cookie already says what
 * the signal says: a stored marketing yes without the visitor's override becomes a no; with no
 * cookie, the opt-out model records its defaults without marketing (the opt-in model's
 * unanswered visitor has nothing on to opt out of, and is asked).
 */
export function recordSignal(stored: StoredChoice | null, { model, gpc }: PrivacyContext): StoredChoice | null {
  if (!gpc) return null;
  if (stored) return stored.marketing && !stored.gpcOptIn ? { ...stored, marketing: false } : null;
  return model === "opt-out" ? { functional: true, marketing: false, model: "opt-out" } : null;
}

/**
 * What a choice made on this page stores: under GPC marketing only with the visitor's override
 * (the first layer's "Accept all" grants the rest), the override only with marketing and the
 * signal, and the model's mark under the opt-out model.
 */
export function choiceToStore(choice: ConsentChoice, { model, gpc }: PrivacyContext): StoredChoice {
  const gpcOptIn = gpc && choice.marketing && choice.gpcOptIn === true;
  const stored: StoredChoice = { functional: choice.functional, marketing: choice.marketing && (!gpc || gpcOptIn) };
  if (gpcOptIn) stored.gpcOptIn = true;
  if (model === "opt-out") stored.model = "opt-out";
  return stored;
}

/** The banner's report for an answer on record, or for none: the opt-out model's defaults are on, the opt-in model's off. */
export function reportedConsent(answer: StoredChoice | null, model: ConsentModel): ReportedConsent {
  if (answer)
    return {
      functional: answer.functional,
      marketing: answer.marketing,
      gpcOptIn: answer.gpcOptIn === true,
      decided: true,
    };
  const on = model === "opt-out";
  return { functional: on, marketing: on, gpcOptIn: false, decided: false };
}

/** The consent the page acts on: marketing off while the browser sends GPC, unless the visitor overrode it. */
export function honourSignal(reported: ReportedConsent, { model, gpc }: PrivacyContext): ConsentState {
  const gpcOptIn = gpc && reported.marketing && reported.gpcOptIn === true;
  return {
    functional: reported.functional,
    marketing: reported.marketing && (!gpc || gpcOptIn),
    decided: reported.decided,
    gpc,
    gpcOptIn,
    model,
  };
}
