import { useSyncExternalStore } from "react";
import { consentSettingsAvailable, openConsentSettings, subscribeConsentPrompt } from "../../shared/consentPrompt";

/** The footer's way back to the consent choice; shown once a consent manager runs in the browser. */
export function CookieSettingsButton() {
  const available = useSyncExternalStore(subscribeConsentPrompt, consentSettingsAvailable, () => false);
  if (!available) return null;
  return (
    <button type="button" className="cookie-settings-button" onClick={openConsentSettings}>
      Cookie settings
    </button>
  );
}
