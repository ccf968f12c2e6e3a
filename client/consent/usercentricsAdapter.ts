/**
 * The hosted consent manager, Usercentrics v3 (selected by USERCENTRICS_SETTINGS_ID; the server
 * puts its loader in the head). Consent is read with `__ucCmp.getConsentDetails()` once the CMP
 * is up and from every `UC_CONSENT` event. A category counts as granted when its state is
 * ALL_ACCEPTED or SOME_ACCEPTED (docs/behaviour.md section 4.1); the categories read are `functional` and `marketing`.
 */
import type { PromptHandlers } from "../../shared/consentPrompt";
import type { ConsentAdapter, ReportedConsent } from "./consentState";

type CategoryState = "ALL_ACCEPTED" | "SOME_ACCEPTED" | "ALL_DENIED";

/** The part of Usercentrics' consent details this site reads. */
export interface UsercentricsConsentDetails {
  /** `required`: the visitor has not answered yet (the CMP shows its banner). */
  consent?: { required?: boolean };
  categories?: Record<string, { state?: CategoryState } | undefined>;
}

interface UsercentricsCmp {
  getConsentDetails(): Promise<UsercentricsConsentDetails>;
  showSecondLayer?(): unknown;
}

const granted = (details: UsercentricsConsentDetails, category: string) => {
  const state = details.categories?.[category]?.state;
  return state === "ALL_ACCEPTED" || state === "SOME_ACCEPTED";
};

export function consentFromUsercentrics(details: UsercentricsConsentDetails): ReportedConsent {
  return {
    functional: granted(details, "functional"),
    marketing: granted(details, "marketing"),
    decided: details.consent?.required !== true,
  };
}

const cmp = () => (window as { __ucCmp?: UsercentricsCmp }).__ucCmp;

/**
 * The adapter; `connect` is the prompt store's connectConsentPrompt (shared/consentPrompt.ts),
 * handed over by client/tags.ts rather than imported, so the store stays in the tags' own chunk
 * (client/consent/consentDialog.ts `PromptStore`).
 */
export const usercentricsConsent = (connect: (handlers: PromptHandlers) => void): ConsentAdapter => ({
  start(report) {
    const read = () =>
      cmp()
        ?.getConsentDetails()
        .then((details) => report(consentFromUsercentrics(details)))
        .catch((error: unknown) => console.warn("consent: Usercentrics gave no consent details", error));
    window.addEventListener("UC_CONSENT", (event) => {
      const details = (event as CustomEvent<UsercentricsConsentDetails | undefined>).detail;
      if (details?.categories) report(consentFromUsercentrics(details));
      else void read();
    });
    // The loader is async: it may be up already, or announce itself later.
    window.addEventListener("UC_UI_INITIALIZED", () => void read());
    connect({ choose: () => {}, openSettings: () => void cmp()?.showSecondLayer?.() });
    void read();
  },
});
