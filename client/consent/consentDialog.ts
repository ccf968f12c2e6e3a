/**
 * The built-in consent banner's dialog, in plain DOM so that it opens with the page, before the
 * app loads (decision record 008). It shows whatever the prompt store (shared/consentPrompt.ts)
 * asks for: the opt-in model's notice on a first visit, the settings view from the footer's
 * "Cookie settings" or "Your Privacy Choices" (under the opt-out model, whose first layer is a
 * notice that does not block the page, client/consent/optOutPrompts.ts opens it for the settings).
 * Modal: the page behind is inert, Tab stays inside, Escape keeps the current choice (from the
 * settings view opened on the notice it goes back to the notice; from settings that replaced the
 * opt-out notice it gives that notice back), and focus returns where it was (docs/accessibility.md,
 * "Where focus goes after the consent notice"). Accept and reject have equal weight; the settings
 * view has one switch per category. It lives in <body> beside #root, so hydration never sees it.
 *
 * This module is the first layer a first visit runs before any tap (budgets.json): the banner and
 * its words (shared/consentBannerTexts.ts). The settings view (client/consent/consentSettings.ts,
 * its words shared/consentTexts.ts) loads at the visitor's first interaction, or when the
 * settings are asked for; until it is there, the view on screen stays, and it then shows with the
 * same focus as ever (docs/accessibility.md).
 */
import type * as consentPrompt from "../../shared/consentPrompt";
import type { ConsentChoice, PromptState, PromptView } from "../../shared/consentPrompt";
import { bannerSignal, noticeText, noticeTitle } from "../../shared/consentBannerTexts";
import { button, element, focusOn, onFirstInteraction } from "./dialogElements";

/**
 * The prompt store (shared/consentPrompt.ts), handed over by client/consent/bannerAdapter.ts
 * rather than imported: a chunk loaded later that imported it would take it, and the footer
 * link's code, out of the tags' chunk into chunks of their own, each one more file before
 * interaction (docs/development.md, "The JavaScript budget").
 */
export type PromptStore = Pick<
  typeof consentPrompt,
  | "chooseConsent"
  | "closeConsentPrompt"
  | "consentPromptState"
  | "openConsentPrompt"
  | "openConsentSettings"
  | "subscribeConsentPrompt"
>;

type SettingsView = typeof import("./consentSettings");
/** The settings view (client/consent/consentSettings.ts), once loaded: kept, so that showing it later is at once. */
let settings: SettingsView | undefined;
let settingsLoad: Promise<SettingsView> | undefined;
/** Loads the settings view once; a failed load is tried again the next time. */
const loadSettings = (): Promise<SettingsView> =>
  (settingsLoad ??= import("./consentSettings").then(
    (view) => (settings = view),
    (error: unknown) => {
      settingsLoad = undefined;
      throw error;
    },
  ));
const settingsFailed = (error: unknown) => console.warn("consent: the settings did not load", error);

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), a[href]";

/**
 * The opt-in model's prompts: shows the dialog while `store` holds a prompt, one per opening.
 * Call once, before the consent manager opens it. (The opt-out model's notice, and the settings
 * that replace it, are client/consent/optOutNotice.ts's.)
 */
export function startConsentDialog(store: PromptStore): void {
  onFirstInteraction(() => void loadSettings().catch(settingsFailed));
  let shown: { id: number; close: () => void } | null = null;
  const sync = () => {
    const prompt = store.consentPromptState();
    if (shown?.id === prompt?.id) return;
    // The settings show once their view has loaded; until then what is on screen stays.
    if (prompt?.view === "settings" && !settings) {
      loadSettings().then(sync, settingsFailed);
      return;
    }
    shown?.close();
    shown = prompt && { id: prompt.id, close: openDialog(store, prompt) };
  };
  store.subscribeConsentPrompt(sync);
  sync();
}

/** Loads the settings view, for a dialog opened on it (client/consent/optOutNotice.ts). */
export const settingsReady = (): Promise<unknown> => loadSettings();

export interface DialogOptions {
  /** Where focus returns when the dialog closes: by default, where it was when the dialog opened. */
  returnTo?: HTMLElement | null;
  /** What Escape does on the dialog's first view, instead of closing the prompt. */
  escape?: () => void;
  /** With `escape`: whether focus still returns (false when what `escape` shows takes it). */
  focusBackOnEscape?: boolean;
}

/** Opens one prompt's dialog (on the settings view: once `settingsReady`); returns what closes and removes it. */
export function openDialog(store: PromptStore, prompt: PromptState, options: DialogOptions = {}): () => void {
  let returnTo =
    options.returnTo !== undefined
      ? options.returnTo
      : document.activeElement instanceof HTMLElement
        ? document.activeElement
        : null;
  let view: PromptView = prompt.view;
  const { context } = prompt;
  // The settings view's switches: kept across views, like the visitor left them.
  const choice: ConsentChoice = {
    functional: prompt.current?.functional ?? false,
    marketing: prompt.current?.marketing ?? false,
  };
  // Marketing switched on in the settings view, beside the words saying it overrides the signal.
  const chosen = (): ConsentChoice => ({ ...choice, gpcOptIn: context.gpc && choice.marketing });

  const dialog = element("dialog", { className: "consent-dialog" });
  // Its focus on its heading as it opens does not wake the app (client/firstInteraction.ts).
  dialog.setAttribute("data-no-wake", "");
  dialog.setAttribute("aria-labelledby", "consent-dialog-title");
  const heading = element("h2", { id: "consent-dialog-title", tabIndex: -1 });

  const actions = () => {
    const row = element("div", { className: "consent-dialog__actions" });
    if (view === "settings") row.append(button("Save choices", () => store.chooseConsent(chosen())));
    row.append(
      button("Accept all", () => store.chooseConsent({ functional: true, marketing: true })),
      button("Reject all", () => store.chooseConsent({ functional: false, marketing: false })),
    );
    if (view === "notice") row.append(button("Settings", () => show("settings")));
    return row;
  };

  // The settings view is drawn only once its module is here (`settings`: see `show` and `sync`).
  const render = () => {
    const words =
      view === "notice" || !settings
        ? { title: noticeTitle, text: noticeText(context), signal: bannerSignal(context) }
        : settings.settingsWords(context, prompt.current);
    heading.textContent = words.title;
    const text = element("p", { id: "consent-dialog-text" }, words.text);
    const status = words.signal;
    const className = context.gpc ? "consent-signal" : "consent-signal consent-signal--absent";
    const signal = status ? [element("p", { id: "consent-signal", className }, status)] : [];
    dialog.setAttribute("aria-describedby", status ? "consent-dialog-text consent-signal" : "consent-dialog-text");
    const list = view === "settings" && settings ? [settings.categoryList(context, choice)] : [];
    dialog.replaceChildren(heading, text, ...signal, ...list, actions());
  };
  // Each view starts on its heading, so it is read first; Tab then reaches the first button. The
  // settings wait for their view's module, the notice staying meanwhile (a click that answers it still counts).
  const show = (next: PromptView) => {
    if (next === "settings" && !settings) {
      loadSettings().then(() => dialog.isConnected && show(next), settingsFailed);
      return;
    }
    view = next;
    render();
    heading.focus();
  };

  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      if (view === "settings" && prompt.view === "notice") show("notice");
      else if (options.escape) {
        if (options.focusBackOnEscape === false) returnTo = null;
        options.escape();
      } else store.closeConsentPrompt();
    } else if (event.key === "Tab") {
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const wrapTo = event.shiftKey ? (at <= 0 ? items.at(-1) : null) : at === items.length - 1 ? items[0] : null;
      if (wrapTo) {
        event.preventDefault();
        wrapTo.focus();
      }
    }
  });
  dialog.addEventListener("cancel", (event) => event.preventDefault());
  // Closed some other way (the browser's own Escape handling): the prompt is over too.
  dialog.addEventListener("close", () => {
    if (store.consentPromptState()?.id === prompt.id) store.closeConsentPrompt();
  });

  render();
  document.body.append(dialog);
  dialog.showModal();
  heading.focus();
  return () => {
    if (dialog.open) dialog.close();
    dialog.remove();
    focusOn(returnTo);
  };
}
