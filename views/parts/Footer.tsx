import { SITE_NAME, SITE_TAGLINE } from "../../shared/site";
import { useSiteChrome } from "../siteData";
import { useSiteFeatures } from "../siteFeatures";
import { NavItems } from "./NavItems";
import { PrivacyChoicesLink } from "./PrivacyChoicesLink";

/** Empty, and declared as set by hand: React never hydrates nor replaces the form Klaviyo writes into it. */
const FILLED_BY_KLAVIYO = { __html: "" };

/**
 * Site footer: footer navigation, the way to the consent choice ("Cookie settings"; on /us
 * "Your Privacy Choices": a link to the privacy choices page, in the page as served) and, with Klaviyo configured, the sign-up form placeholder that Klaviyo fills.
 */
export function Footer() {
  const chrome = useSiteChrome();
  const { klaviyo } = useSiteFeatures();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="brand">{SITE_NAME}</p>
          <p>{SITE_TAGLINE}</p>
          <PrivacyChoicesLink />
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
