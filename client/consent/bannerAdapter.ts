/**
 * The built-in consent manager (the default when no hosted CMP is configured): the choice is
 * kept in the first-party cookie `consent` (its format: shared/consentCookie.ts, which the
 * server's privacy choices form writes too). Without an answer the opt-in model's banner opens, or the opt-out model's notice
 * (client/consent/consentDialog.ts, client/consent/optOutNotice.ts, plain DOM, so they open with
 * the page and the app need not load for them; loaded only when they open); the footer's "Cookie settings" ("Your Privacy
 * Choices" on /us) reopens it on the settings view. What the choice, the model and the signal add
 * up to is shared/privacyRules.ts.
 */
import {
  closeConsentPrompt,
  connectConsentPrompt,
  openConsentPrompt,
  type ConsentChoice,
  type PromptContext,
} from "../../shared/consentPrompt";
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_S,
  parseConsentCookie,
  serializeConsentCookie,
} from "../../shared/consentCookie";
import { readCookie, writeCookie } from "../cookies";
import { showChoiceInForm } from "./privacyChoicesOnPage";
import type { ConsentAdapter } from "./consentState";
import {
  answerOnRecord,
  choiceToStore,
  recordSignal,
  reportedConsent,
  type StoredChoice,
} from "../../shared/privacyRules";

/**
 * The dialog and the opt-out notice (client/consent/consentDialog.ts and what it shows, with their
 * texts): loaded when a prompt first opens, a first visit's notice or the footer's settings, not
 * with every page (budgets.json, docs/behaviour.md section 7.5). Once loaded it shows the prompt
 * the store holds, and every later one.
 */
let dialog: Promise<void> | undefined;
const showPrompts = (): Promise<void> =>
  (dialog ??= import("./consentDialog")
    .then(({ startConsentDialog }) => startConsentDialog())
    .catch((error: unknown) => console.warn("consent: the dialog did not load", error)));

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
      connectConsentPrompt({
        choose(choice) {
          answer = choiceToStore(choice, context);
          store(answer);
          closeConsentPrompt();
          report(reportedConsent(answer, context.model));
        },
        openSettings: () => {
          openConsentPrompt("settings", inForce(), context);
          void showPrompts();
        },
      });
      showChoiceInForm(inForce());
      report(reportedConsent(answer, context.model));
      if (asked) {
        openConsentPrompt("notice", answer ? inForce() : null, context);
        void showPrompts();
      }
    },
  };
}
