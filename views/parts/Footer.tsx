import { SITE_NAME, SITE_TAGLINE } from "../../shared/site";
import { useLocale, useSiteChrome } from "../siteData";
import { useSiteFeatures } from "../siteFeatures";
import { CookieSettingsButton } from "./CookieSettingsButton";
import { NavItems } from "./NavItems";
import { PrivacyChoicesButton } from "./PrivacyChoicesButton";

/** Empty, and declared as set by hand: React never hydrates nor replaces the form Klaviyo writes into it. */
const FILLED_BY_KLAVIYO = { __html: "" };

/**
 * Site footer: footer navigation, the way back to the consent choice ("Cookie settings"; on /us
 * "Your Privacy Choices") and, with Klaviyo configured, the sign-up form placeholder that Klaviyo fills.
 */
export function Footer() {
  const chrome = useSiteChrome();
  const { klaviyo } = useSiteFeatures();
  const us = useLocale().code === "us";
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="brand">{SITE_NAME}</p>
          <p>{SITE_TAGLINE}</p>
          {us ? <PrivacyChoicesButton /> : <CookieSettingsButton />}
        </div>
        {chrome?.footerNav.map((group) => (
          <nav key={group.title} className="site-footer__group" aria-label={group.title}>
            <h2>{group.title}</h2>
            <NavItems items={group.items} />
          </nav>
        ))}
        {klaviyo && chrome?.footerFormId ? (
          <div
            className={`klaviyo-form-${chrome.footerFormId}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so React leaves alone the form Klaviyo puts here
            dangerouslySetInnerHTML={FILLED_BY_KLAVIYO}
            suppressHydrationWarning
          />
        ) : null}
      </div>
    </footer>
  );
}
