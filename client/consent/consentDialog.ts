/**
 * The built-in consent banner's dialog, in plain DOM so that it opens with the page, before the
 * app loads (decision record 008). It shows whatever the prompt store (shared/consentPrompt.ts)
 * asks for: the opt-in model's notice on a first visit (the opt-out model's is a notice that does
 * not block the page: client/consent/optOutNotice.ts), the settings view from the footer's
 * "Cookie settings" or "Your Privacy Choices". Modal: the page behind is inert, Tab stays inside,
 * Escape keeps the current choice (from the settings view opened on the notice it goes back to
 * the notice), and focus returns where it was. Accept and reject have equal weight; the settings
 * view has one switch per category. What it says per region and Global Privacy Control signal is
 * shared/consentTexts.ts. It lives in <body> beside #root, so hydration never sees it.
 */
import {
  chooseConsent,
  closeConsentPrompt,
  consentPromptState,
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

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), a[href]";

/** Shows the dialog while the prompt store holds a prompt, one per opening. Call once, before the consent manager opens it. */
export function startConsentDialog(): void {
  let shown: { id: number; close: () => void } | null = null;
  const sync = () => {
    const prompt = consentPromptState();
    if (shown?.id === prompt?.id) return;
    shown?.close();
    const open = prompt?.view === "notice" && prompt.context.model === "opt-out" ? openOptOutNotice : openDialog;
    shown = prompt ? { id: prompt.id, close: open(prompt) } : null;
  };
  subscribeConsentPrompt(sync);
  sync();
}

/** Opens one prompt's dialog; returns what closes and removes it. */
function openDialog(prompt: PromptState): () => void {
  const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
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
      else closeConsentPrompt();
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
  // On a first visit this runs before the entry listens for the first interaction, so this focus does not wake the app.
  heading.focus();
  return () => {
    if (dialog.open) dialog.close();
    dialog.remove();
    returnTo?.focus();
  };
}
