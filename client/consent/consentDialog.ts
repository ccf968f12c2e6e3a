/**
 * The built-in consent banner's dialog, in plain DOM so that it opens with the page, before the
 * app loads (decision record 008). It shows whatever the prompt store (shared/consentPrompt.ts)
 * asks for: the opt-in model's notice on a first visit (the opt-out model's is a notice that does
 * not block the page: client/consent/optOutNotice.ts), the settings view from the footer's
 * "Cookie settings" or "Your Privacy Choices". Modal: the page behind is inert, Tab stays inside,
 * Escape keeps the current choice (from the settings view opened on the notice it goes back to
 * the notice, and from settings that replaced the opt-out notice it gives that notice back), and
 * focus returns where it was. Where the opt-out notice is answered, focus goes to the footer's
 * "Your Privacy Choices" (docs/accessibility.md, "Where focus goes after the consent notice").
 * Accept and reject have equal weight; the settings view has one switch per category. What it
 * says per region and Global Privacy Control signal is shared/consentTexts.ts. It lives in <body>
 * beside #root, so hydration never sees it.
 */
import {
  chooseConsent,
  closeConsentPrompt,
  consentPromptState,
  openConsentPrompt,
  openConsentSettings,
  subscribeConsentPrompt,
  type ConsentChoice,
  type PromptState,
  type PromptView,
} from "../../shared/consentPrompt";
import {
  categoriesFor,
  noticeText,
  noticeTitle,
  settingsText,
  settingsTitle,
  signalStatus,
} from "../../shared/consentTexts";
import { button, element } from "./dialogElements";
import { openOptOutNotice } from "./optOutNotice";
import { SETTINGS_LINK } from "./privacyChoicesOnPage";

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), a[href]";

/** The footer's "Cookie settings" / "Your Privacy Choices": the way back to these choices, on every page. */
const footerLink = () => document.querySelector<HTMLElement>(`.site-footer ${SETTINGS_LINK}`);

/**
 * Whether the visitor's last action was a pointer's (not a key's): focus then moves without
 * scrolling, so a click does not move the page under the pointer; after a key it is scrolled into
 * view, where the visitor can see it.
 */
let byPointer = false;

/** Focuses `target`, scrolled into view unless the pointer did it. */
const focusOn = (target: HTMLElement | null) => target?.focus({ preventScroll: byPointer });

/** The opt-out notice on screen, and whether its own "Manage choices" is what replaces it. */
interface ShownNotice {
  prompt: PromptState;
  managed: boolean;
}

/** Shows the dialog while the prompt store holds a prompt, one per opening. Call once, before the consent manager opens it. */
export function startConsentDialog(): void {
  document.addEventListener("pointerdown", () => (byPointer = true), { capture: true, passive: true });
  document.addEventListener("keydown", () => (byPointer = false), { capture: true, passive: true });
  let shown: { id: number; close: () => void } | null = null;
  let notice: ShownNotice | null = null;
  /** Set by Escape in the settings a notice's "Manage choices" opened: the notice comes back with focus on that button. */
  let backToManage = false;
  const sync = () => {
    const prompt = consentPromptState();
    if (shown?.id === prompt?.id) return;
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
    if (prompt.view === "notice" && prompt.context.model === "opt-out") {
      const own: ShownNotice = { prompt, managed: false };
      notice = own;
      const manage = () => {
        own.managed = true;
        openConsentSettings();
      };
      shown = { id: prompt.id, close: openOptOutNotice(prompt, { manage, focusManage: backToManage }) };
      backToManage = false;
      return;
    }
    const options: DialogOptions = {};
    if (replaced) {
      // Settings that replace the opt-out notice: Escape gives the notice back, unanswered. Opened
      // by its "Manage choices", an answer leaves focus on the footer's link and Escape on that
      // button again; opened by the footer's link, focus returns to the link, as always.
      if (replaced.managed) options.returnTo = footerLink();
      options.escape = () => {
        backToManage = replaced.managed;
        openConsentPrompt("notice", replaced.prompt.current, replaced.prompt.context);
      };
      options.focusBackOnEscape = !replaced.managed;
    }
    shown = { id: prompt.id, close: openDialog(prompt, options) };
  };
  subscribeConsentPrompt(sync);
  sync();
}

interface DialogOptions {
  /** Where focus returns when the dialog closes: by default, where it was when the dialog opened. */
  returnTo?: HTMLElement | null;
  /** What Escape does on the dialog's first view, instead of closing the prompt. */
  escape?: () => void;
  /** With `escape`: whether focus still returns (false when what `escape` shows takes it). */
  focusBackOnEscape?: boolean;
}

/** Opens one prompt's dialog; returns what closes and removes it. */
function openDialog(prompt: PromptState, options: DialogOptions = {}): () => void {
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

  const categories = () => {
    const list = element("ul", { className: "consent-dialog__categories" });
    for (const { id, label, text } of categoriesFor(context)) {
      const input = element("input", {
        type: "checkbox",
        id: `consent-${id}`,
        checked: id === "necessary" || choice[id],
        disabled: id === "necessary",
      });
      input.setAttribute("aria-describedby", `consent-${id}-text`);
      input.setAttribute("role", "switch");
      if (id !== "necessary") input.addEventListener("change", () => (choice[id] = input.checked));
      const item = element("li", { className: "consent-dialog__category" });
      item.append(
        input,
        element("label", { htmlFor: `consent-${id}` }, label),
        element("p", { id: `consent-${id}-text` }, text),
      );
      list.append(item);
    }
    return list;
  };

  const actions = () => {
    const row = element("div", { className: "consent-dialog__actions" });
    if (view === "settings") row.append(button("Save choices", () => chooseConsent(chosen())));
    row.append(
      button("Accept all", () => chooseConsent({ functional: true, marketing: true })),
      button("Reject all", () => chooseConsent({ functional: false, marketing: false })),
    );
    if (view === "notice") row.append(button("Settings", () => show("settings")));
    return row;
  };

  const render = () => {
    heading.textContent = view === "notice" ? noticeTitle : settingsTitle(context);
    const text = element(
      "p",
      { id: "consent-dialog-text" },
      view === "notice" ? noticeText(context) : settingsText(context),
    );
    const status = signalStatus(context, prompt.current, view === "notice" ? "banner" : "settings");
    const className = context.gpc ? "consent-signal" : "consent-signal consent-signal--absent";
    const signal = status ? [element("p", { id: "consent-signal", className }, status)] : [];
    dialog.setAttribute("aria-describedby", status ? "consent-dialog-text consent-signal" : "consent-dialog-text");
    dialog.replaceChildren(heading, text, ...signal, ...(view === "settings" ? [categories()] : []), actions());
  };
  // Each view starts on its heading, so it is read first; Tab then reaches the first button.
  const show = (next: PromptView) => {
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
      } else closeConsentPrompt();
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
    if (consentPromptState()?.id === prompt.id) closeConsentPrompt();
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
