import { useId } from "react";
import type { NavGroup } from "../../shared/pageData";
import { SITE_NAME, SITE_TAGLINE } from "../../shared/site";
import { useSiteChrome } from "../siteData";
import { useSiteFeatures } from "../siteFeatures";
import { NavItems } from "./NavItems";
import { PrivacyChoicesLink } from "./PrivacyChoicesLink";

/** Empty, and declared as set by hand: React never hydrates nor replaces the form Klaviyo writes into it. */
const FILLED_BY_KLAVIYO = { __html: "" };

/**
 * One group of footer links, a landmark named by its heading: the name is read from the element
 * that carries the title's language, where an `aria-label` would be read in the page's
 * (docs/accessibility.md, "Words in another language").
 */
function FooterGroup({ group }: { group: NavGroup }) {
  const headingId = useId();
  return (
    <nav className="site-footer__group" aria-labelledby={headingId}>
      <h2 id={headingId} lang={group.titleLang ?? undefined}>
        {group.title}
      </h2>
      <NavItems items={group.items} />
    </nav>
  );
}

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
          <FooterGroup key={group.title} group={group} />
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
