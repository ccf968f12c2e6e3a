/**
 * What the consent manager does to the page's own ways to the privacy choices, which the server
 * renders for every visitor and which work without script (docs/tracking-privacy.md, "Without
 * script"): the footer's "Cookie settings" / "Your Privacy Choices" (any element marked
 * `data-consent-settings`) is a link to the privacy choices page, and a click on it opens the
 * settings dialog instead once a consent manager runs; the choices page's form, the same for
 * every visitor, is set to the choice in force.
 */
import { consentSettingsAvailable, openConsentSettings, type ConsentChoice } from "../../shared/consentPrompt";

export const SETTINGS_LINK = "[data-consent-settings]";
export const CHOICES_FORM = "form[data-privacy-choices]";

/**
 * One listener on the document, so the links work before the app wakes and on every page it
 * renders later. A click meant for a new tab or window (a modifier key, another button) keeps the link.
 */
export function openSettingsFromLinks(doc: Document = document): void {
  doc.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest(SETTINGS_LINK) : null;
    if (!link || !consentSettingsAvailable()) return;
    event.preventDefault();
    openConsentSettings();
  });
}

/** Sets the choices page's switches, when the page is one, to the choice in force (the model's defaults otherwise). */
export function showChoiceInForm(choice: ConsentChoice, doc: Document = document): void {
  const form = doc.querySelector<HTMLFormElement>(CHOICES_FORM);
  if (!form) return;
  for (const id of ["functional", "marketing"] as const) {
    const input = form.querySelector<HTMLInputElement>(`input[name="${id}"]`);
    if (input) input.checked = choice[id];
  }
}
