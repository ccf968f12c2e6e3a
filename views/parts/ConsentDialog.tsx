import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { chooseConsent, closeConsentPrompt, consentPromptState, type PromptState } from "../../shared/consentPrompt";

const CATEGORIES = [
  { id: "necessary", label: "Necessary", text: "Keep the site working and remember this choice. Always on." },
  { id: "functional", label: "Functional", text: "Embedded features, such as the reviews widget." },
  {
    id: "marketing",
    label: "Marketing and analytics",
    text: "Measure visits and our advertising (Google Tag Manager, Meta) and run the email sign-up (Klaviyo).",
  },
] as const;

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), a[href]";

/**
 * The built-in consent banner's dialog. Modal: the page behind is inert, Tab stays inside,
 * Escape keeps the current choice (from the settings view opened on the banner it goes back to
 * the banner), and focus returns where it was. Accept and reject have equal weight; the
 * settings view has one switch per category.
 */
export function ConsentDialog({ prompt }: { prompt: PromptState }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState(prompt.view);
  const [functional, setFunctional] = useState(prompt.current?.functional ?? false);
  const [marketing, setMarketing] = useState(prompt.current?.marketing ?? false);

  useEffect(() => {
    const dialog = ref.current!;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      returnTo?.focus();
    };
  }, []);
  // Each view starts on its heading, so it is read first; Tab then reaches the first button.
  useEffect(() => ref.current?.querySelector<HTMLElement>("h2")?.focus(), [view]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      if (view === "settings" && prompt.view === "notice") setView("notice");
      else closeConsentPrompt();
    } else if (event.key === "Tab") {
      const items = [...ref.current!.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const wrapTo = event.shiftKey ? (at <= 0 ? items.at(-1) : null) : at === items.length - 1 ? items[0] : null;
      if (wrapTo) {
        event.preventDefault();
        wrapTo.focus();
      }
    }
  };
  // Closed some other way (the browser's own Escape handling): the prompt is over too.
  const onClose = () => {
    if (consentPromptState()?.id === prompt.id) closeConsentPrompt();
  };
  const choose = (choice: { functional: boolean; marketing: boolean }) => () => chooseConsent(choice);
  const acceptAll = choose({ functional: true, marketing: true });
  const rejectAll = choose({ functional: false, marketing: false });
  const checked = { necessary: true, functional, marketing };
  const setters = { functional: setFunctional, marketing: setMarketing };

  return (
    <dialog
      ref={ref}
      className="consent-dialog"
      aria-labelledby="consent-dialog-title"
      aria-describedby="consent-dialog-text"
      onKeyDown={onKeyDown}
      onCancel={(event) => event.preventDefault()}
      onClose={onClose}
    >
      <h2 id="consent-dialog-title" tabIndex={-1}>
        {view === "notice" ? "Cookies on this site" : "Cookie settings"}
      </h2>
      {view === "notice" ? (
        <p id="consent-dialog-text">
          We use necessary cookies to run this site. With your consent we also use functional cookies for embedded
          features, and marketing cookies to measure visits and our advertising. You can change your choice at any time
          with “Cookie settings” at the foot of every page.
        </p>
      ) : (
        <>
          <p id="consent-dialog-text">Choose the cookies we may use. Necessary cookies are always on.</p>
          <ul className="consent-dialog__categories">
            {CATEGORIES.map((category) => (
              <li key={category.id} className="consent-dialog__category">
                <input
                  type="checkbox"
                  id={`consent-${category.id}`}
                  aria-describedby={`consent-${category.id}-text`}
                  checked={checked[category.id]}
                  disabled={category.id === "necessary"}
                  onChange={category.id === "necessary" ? undefined : (event) => setters[category.id](event.target.checked)}
                />
                <label htmlFor={`consent-${category.id}`}>{category.label}</label>
                <p id={`consent-${category.id}-text`}>{category.text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="consent-dialog__actions">
        {view === "settings" ? (
          <button type="button" className="button button--outlined" onClick={choose({ functional, marketing })}>
            Save choices
          </button>
        ) : null}
        <button type="button" className="button button--outlined" onClick={acceptAll}>
          Accept all
        </button>
        <button type="button" className="button button--outlined" onClick={rejectAll}>
          Reject all
        </button>
        {view === "notice" ? (
          <button type="button" className="button button--outlined" onClick={() => setView("settings")}>
            Settings
          </button>
        ) : null}
      </div>
    </dialog>
  );
}
