/**
 * The built-in consent manager (the default when no hosted CMP is configured): the choice is
 * kept in the first-party cookie `consent` (its format: shared/consentCookie.ts, which the
 * server's privacy choices form writes too). Without an answer the opt-in model's banner opens,
 * or the opt-out model's notice (client/consent/consentDialog.ts, client/consent/optOutPrompts.ts,
 * plain DOM, so they open with the page and the app need not load for them; loaded only when they
 * open); the footer's "Cookie settings" ("Your Privacy Choices" on /us) reopens it on the settings
 * view. What the choice, the model and the signal add
 * up to is shared/privacyRules.ts.
 */
import {
  chooseConsent,
  closeConsentPrompt,
  connectConsentPrompt,
  consentPromptState,
  openConsentPrompt,
  openConsentSettings,
  subscribeConsentPrompt,
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
import { SETTINGS_LINK, showChoiceInForm } from "./privacyChoicesOnPage";
import type { ConsentAdapter } from "./consentState";
import type { PromptStore } from "./consentDialog";
import {
  answerOnRecord,
  choiceToStore,
  recordSignal,
  reportedConsent,
  type StoredChoice,
} from "../../shared/privacyRules";

/**
 * What the views use of the store, handed over as an object of its own: a namespace import
 * (`import * as`) would make esbuild build the module's namespace with its runtime's `__export`,
 * and load the runtime's chunk before interaction for it (docs/development.md, "The JavaScript budget").
 */
const promptStore: PromptStore = {
  chooseConsent,
  closeConsentPrompt,
  consentPromptState,
  openConsentPrompt,
  openConsentSettings,
  subscribeConsentPrompt,
};

/**
 * The prompt's views, loaded when a prompt first opens (a first visit's banner or notice, the
 * footer's settings), not with every page (budgets.json, docs/behaviour.md section 7.5): under the
 * opt-in model the dialog (client/consent/consentDialog.ts), under the opt-out model its notice
 * (client/consent/optOutPrompts.ts), which loads the dialog for the settings; for the settings the
 * settings view too, side by side. Once loaded they show the prompt the store holds, and every later
 * one. The store and the footer link's selector are handed over, not imported there
 * (client/consent/consentDialog.ts `PromptStore`).
 */
let views: Promise<void> | undefined;
const showPrompts = ({ model }: PromptContext, settings = false): Promise<void> => {
  if (settings) void Promise.all([import("./consentDialog"), import("./consentSettings")]).catch(() => {});
  views ??= (
    model === "opt-out"
      ? import("./optOutPrompts").then(({ startOptOutPrompts }) => startOptOutPrompts(promptStore, SETTINGS_LINK))
      : import("./consentDialog").then(({ startConsentDialog }) => startConsentDialog(promptStore))
  ).catch((error: unknown) => console.warn("consent: the dialog did not load", error));
  return views;
};

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
          void showPrompts(context, true);
        },
      });
      showChoiceInForm(inForce());
      report(reportedConsent(answer, context.model));
      if (asked) {
        openConsentPrompt("notice", answer ? inForce() : null, context);
        void showPrompts(context);
      }
    },
  };
}
