import { SITE_NAME, SITE_TAGLINE } from "../../shared/site";
import { useLinkResolver, useSiteChrome } from "../siteData";
import { SiteLink } from "./SiteLink";

/** Site footer: footer navigation and the sign-up form placeholder that Klaviyo fills. */
export function Footer() {
  const chrome = useSiteChrome();
  const resolve = useLinkResolver();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="brand">{SITE_NAME}</p>
          <p>{SITE_TAGLINE}</p>
        </div>
        {chrome?.footerNav.map((group) => (
          <nav key={group.title} className="site-footer__group" aria-label={group.title}>
            <h2>{group.title}</h2>
            <ul>
              {group.items.map((item) => {
                const href = resolve(item.link);
                return href ? (
                  <li key={item.label}>
                    <SiteLink href={href}>{item.label}</SiteLink>
                  </li>
                ) : null;
              })}
            </ul>
          </nav>
        ))}
        {chrome?.footerFormId ? <div className={`klaviyo-form-${chrome.footerFormId}`} /> : null}
      </div>
    </footer>
  );
}
