/**
 * The built-in consent banner's dialog, in plain DOM so that it opens with the page, before the
 * app loads (decision record 008). It shows whatever the prompt store (shared/consentPrompt.ts)
 * asks for: the notice on a first visit, the settings view from the footer's "Cookie settings".
 * Modal: the page behind is inert, Tab stays inside, Escape keeps the current choice (from the
 * settings view opened on the notice it goes back to the notice), and focus returns where it
 * was. Accept and reject have equal weight; the settings view has one switch per category.
 * It lives in <body> beside #root, so hydration never sees it.
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

type CategoryId = "necessary" | keyof ConsentChoice;

const CATEGORIES: ReadonlyArray<{ id: CategoryId; label: string; text: string }> = [
  { id: "necessary", label: "Necessary", text: "Keep the site working and remember this choice. Always on." },
  { id: "functional", label: "Functional", text: "Embedded features, such as the reviews widget." },
  {
    id: "marketing",
    label: "Marketing and analytics",
    text: "Measure visits and our advertising (Google Tag Manager, Meta) and run the email sign-up (Klaviyo).",
  },
];

const NOTICE_TEXT =
  "We use necessary cookies to run this site. With your consent we also use functional cookies for embedded " +
  "features, and marketing cookies to measure visits and our advertising. You can change your choice at any time " +
  "with “Cookie settings” at the foot of every page.";
const SETTINGS_TEXT = "Choose the cookies we may use. Necessary cookies are always on.";

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), a[href]";

/** Shows the dialog while the prompt store holds a prompt, one per opening. Call once, before the consent manager opens it. */
export function startConsentDialog(): void {
  let shown: { id: number; close: () => void } | null = null;
  const sync = () => {
    const prompt = consentPromptState();
    if (shown?.id === prompt?.id) return;
    shown?.close();
    shown = prompt ? { id: prompt.id, close: openDialog(prompt) } : null;
  };
  subscribeConsentPrompt(sync);
  sync();
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(text: string, onClick: () => void): HTMLButtonElement {
  const node = element("button", { type: "button", className: "button button--outlined" }, text);
  node.addEventListener("click", onClick);
  return node;
}

/** Opens one prompt's dialog; returns what closes and removes it. */
function openDialog(prompt: PromptState): () => void {
  const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let view: PromptView = prompt.view;
  // The settings view's switches: kept across views, like the visitor left them.
  const choice: ConsentChoice = {
    functional: prompt.current?.functional ?? false,
    marketing: prompt.current?.marketing ?? false,
  };

  const dialog = element("dialog", { className: "consent-dialog" });
  dialog.setAttribute("aria-labelledby", "consent-dialog-title");
  dialog.setAttribute("aria-describedby", "consent-dialog-text");
  const heading = element("h2", { id: "consent-dialog-title", tabIndex: -1 });

  const categories = () => {
    const list = element("ul", { className: "consent-dialog__categories" });
    for (const { id, label, text } of CATEGORIES) {
      const input = element("input", {
        type: "checkbox",
        id: `consent-${id}`,
        checked: id === "necessary" || choice[id],
        disabled: id === "necessary",
      });
      input.setAttribute("aria-describedby", `consent-${id}-text`);
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
    if (view === "settings") row.append(button("Save choices", () => chooseConsent({ ...choice })));
    row.append(
      button("Accept all", () => chooseConsent({ functional: true, marketing: true })),
      button("Reject all", () => chooseConsent({ functional: false, marketing: false })),
    );
    if (view === "notice") row.append(button("Settings", () => show("settings")));
    return row;
  };

  const render = () => {
    heading.textContent = view === "notice" ? "Cookies on this site" : "Cookie settings";
    const text = element("p", { id: "consent-dialog-text" }, view === "notice" ? NOTICE_TEXT : SETTINGS_TEXT);
    dialog.replaceChildren(heading, text, ...(view === "settings" ? [categories()] : []), actions());
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
