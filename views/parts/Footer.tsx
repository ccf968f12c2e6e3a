import { SITE_NAME, SITE_TAGLINE } from "../../shared/site";
import { useSiteChrome } from "../siteData";
import { CookieSettingsButton } from "./CookieSettingsButton";
import { NavItems } from "./NavItems";

/** Site footer: footer navigation and the sign-up form placeholder that Klaviyo fills. */
export function Footer() {
  const chrome = useSiteChrome();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="brand">{SITE_NAME}</p>
          <p>{SITE_TAGLINE}</p>
          <CookieSettingsButton />
        </div>
        {chrome?.footerNav.map((group) => (
          <nav key={group.title} className="site-footer__group" aria-label={group.title}>
            <h2>{group.title}</h2>
            <NavItems items={group.items} />
          </nav>
        ))}
        {chrome?.footerFormId ? <div className={`klaviyo-form-${chrome.footerFormId}`} /> : null}
      </div>
    </footer>
  );
}
