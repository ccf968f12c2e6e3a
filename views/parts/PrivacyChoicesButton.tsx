import { useSyncExternalStore } from "react";
import { consentSettingsAvailable, openConsentSettings, subscribeConsentPrompt } from "../../shared/consentPrompt";

/**
 * California's privacy options icon (a pill, a check on white and a cross on blue), drawn small;
 * decorative, since the words beside it say what it means.
 */
function PrivacyOptionsIcon() {
  return (
    <svg
      className="privacy-choices-button__icon"
      viewBox="0 0 30 14"
      width="30"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0.75" y="0.75" width="28.5" height="12.5" rx="6.25" fill="#fff" stroke="#0066ff" strokeWidth="1.5" />
      <path d="M16.9.75H23a6.25 6.25 0 0 1 0 12.5H12.9z" fill="#0066ff" />
      <path
        d="M5.2 7.1l2.1 2.1L11 5.1"
        fill="none"
        stroke="#0066ff"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M19.4 4.9l4.2 4.2m0-4.2l-4.2 4.2" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The US footer's "Your Privacy Choices" (the CPRA's name for the way to opt out of the sale and
 * sharing of personal information): opens the consent settings, where the visitor switches it
 * off and sees whether their browser's Global Privacy Control signal is honoured. Shown once a
 * consent manager runs in the browser, like the UK's "Cookie settings".
 */
export function PrivacyChoicesButton() {
  const available = useSyncExternalStore(subscribeConsentPrompt, consentSettingsAvailable, () => false);
  if (!available) return null;
  return (
    <button type="button" className="privacy-choices-button" onClick={openConsentSettings}>
      <PrivacyOptionsIcon />
      Your Privacy Choices
    </button>
  );
}
