/**
 * The opt-out model's prompts (US_CONSENT_MODEL=opt-out, on /us): its notice on a first visit
 * (client/consent/optOutNotice.ts, which does not block the page) and the settings, in the dialog
 * (client/consent/consentDialog.ts), from the notice's "Manage choices" or the footer's "Your
 * Privacy Choices". The notice is this model's first layer, all that a first visit runs before a
 * tap (budgets.json); the dialog and its settings view load at the visitor's first interaction, or
 * when the settings are asked for, and what is on screen stays until they are there.
 *
 * Escape in settings that replaced the notice gives the notice back, unanswered; where the notice
 * is answered, focus goes to the footer's "Your Privacy Choices", never to the body
 * (docs/accessibility.md, "Where focus goes after the consent notice").
 */
import type { PromptState } from "../../shared/consentPrompt";
import type { DialogOptions, PromptStore } from "./consentDialog";
import { focusOn, onFirstInteraction } from "./dialogElements";
import { openOptOutNotice } from "./optOutNotice";

type Dialog = typeof import("./consentDialog");
/** The dialog, once loaded with its settings view: kept, so that opening it later is at once. */
let dialog: Dialog | undefined;
let dialogLoad: Promise<Dialog> | undefined;
/** Loads the dialog and its settings view side by side, once; a failed load is tried again the next time. */
const loadDialog = (): Promise<Dialog> =>
  (dialogLoad ??= Promise.all([import("./consentDialog"), import("./consentSettings")]).then(
    async ([loaded]) => {
      await loaded.settingsReady();
      dialog = loaded;
      return loaded;
    },
    (error: unknown) => {
      dialogLoad = undefined;
      throw error;
    },
  ));
const dialogFailed = (error: unknown) => console.warn("consent: the settings did not load", error);

/** The notice on screen, and whether its own "Manage choices" is what replaces it. */
interface ShownNotice {
  prompt: PromptState;
  managed: boolean;
}

/**
 * Shows the notice or the settings while `store` holds a prompt, one per opening. Call once,
 * before the consent manager opens one. `settingsLink`: the selector of the footer's "Your Privacy
 * Choices" (client/consent/privacyChoicesOnPage.ts).
 */
export function startOptOutPrompts(store: PromptStore, settingsLink: string): void {
  const footerLink = () => document.querySelector<HTMLElement>(`.site-footer ${settingsLink}`);
  onFirstInteraction(() => void loadDialog().catch(dialogFailed));
  let shown: { id: number; close: () => void } | null = null;
  let notice: ShownNotice | null = null;
  /** Set by Escape in the settings a notice's "Manage choices" opened: the notice comes back with focus on that button. */
  let backToManage = false;
  const sync = () => {
    const prompt = store.consentPromptState();
    if (shown?.id === prompt?.id) return;
    if (prompt?.view === "settings" && !dialog) {
      loadDialog().then(sync, dialogFailed);
      return;
    }
    const replaced = notice;
    notice = null;
    shown?.close();
    shown = null;
    if (!prompt) {
      // The notice answered ("Close"): focus, which was in it (or nowhere), goes to the footer's link, not to the body.
      const lost = !document.activeElement || document.activeElement === document.body;
      if (replaced && lost) focusOn(footerLink());
      return;
    }
    if (prompt.view === "notice" || !dialog) {
      const own: ShownNotice = { prompt, managed: false };
      notice = own;
      const manage = () => {
        own.managed = true;
        store.openConsentSettings();
      };
      shown = { id: prompt.id, close: openOptOutNotice(store, prompt, { manage, focusManage: backToManage }) };
      backToManage = false;
      return;
    }
    const options: DialogOptions = {};
    if (replaced) {
      // Settings that replace the notice: Escape gives the notice back, unanswered. Opened by its
      // "Manage choices", an answer leaves focus on the footer's link and Escape on that button
      // again; opened by the footer's link, focus returns to the link, as always.
      if (replaced.managed) options.returnTo = footerLink();
      options.escape = () => {
        backToManage = replaced.managed;
        store.openConsentPrompt("notice", replaced.prompt.current, replaced.prompt.context);
      };
      options.focusBackOnEscape = !replaced.managed;
    }
    shown = { id: prompt.id, close: dialog.openDialog(store, prompt, options) };
  };
  store.subscribeConsentPrompt(sync);
  sync();
}
