import { localizePath } from "../../shared/locales";
import { PRIVACY_CHOICES_PATH } from "../../shared/routeTable";
import { useLocale } from "../siteData";
import { useSiteFeatures } from "../siteFeatures";

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
 * The footer's way to the consent choice, in the page as served for every visitor: "Cookie
 * settings", and on /us "Your Privacy Choices" with the icon (the CPRA's name for the way to opt
 * out of the sale and sharing of personal information). A real link to the privacy choices page,
 * whose form works without script; once the consent manager runs, the browser turns it into the
 * opener of the settings dialog (client/consent/settingsLinks.ts, `data-consent-settings`).
 * Rendered where a consent manager is configured: without one nothing optional runs.
 * (The class names keep the "button" the footer's control had before it was a link.)
 */
export function PrivacyChoicesLink() {
  const locale = useLocale();
  const { consentManager } = useSiteFeatures();
  if (!consentManager) return null;
  const href = localizePath(PRIVACY_CHOICES_PATH, locale);
  return (
    <p className="site-footer__choices">
      {locale.code === "us" ? (
        <a className="privacy-choices-button" href={href} data-consent-settings="">
          <PrivacyOptionsIcon />
          Your Privacy Choices
        </a>
      ) : (
        <a className="cookie-settings-button" href={href} data-consent-settings="">
          Cookie settings
        </a>
      )}
    </p>
  );
}
