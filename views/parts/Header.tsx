import { AppLink } from "./AppLink";
import { localizePath } from "../../shared/locales";
import { SITE_NAME } from "../../shared/site";
import { useLocale, useSiteChrome } from "../siteData";
import { NavItems } from "./NavItems";
import { RegionSwitcher } from "./RegionSwitcher";
import { useDismissableDetails } from "./useDismissableDetails";

/**
 * Site header: brand, the primary navigation and the region switcher. At lg and up the
 * groups are dropdowns; below lg everything folds into one accessible menu.
 */
export function Header() {
  const chrome = useSiteChrome();
  const locale = useLocale();
  const ref = useDismissableDetails<HTMLElement>();
  const groups = chrome?.primaryNav ?? [];
  return (
    <header className="site-header" ref={ref}>
      <div className="site-header__inner">
        <AppLink to={localizePath("/", locale)} className="brand" aria-label={`${SITE_NAME}, home`}>
          {SITE_NAME}
        </AppLink>
        <nav className="primary-nav" aria-label="Main">
          <ul className="primary-nav__groups">
            {groups.map((group) => (
              <li key={group.title}>
                <details className="primary-nav__group">
                  <summary className="primary-nav__title" lang={group.titleLang ?? undefined}>
                    {group.title}
                  </summary>
                  <NavItems items={group.items} className="primary-nav__items" />
                </details>
              </li>
            ))}
          </ul>
        </nav>
        <RegionSwitcher />
        <details className="mobile-menu">
          <summary className="mobile-menu__toggle" data-vitals-kind="menu-button">
            <span className="mobile-menu__icon" aria-hidden="true" />
            <span className="mobile-menu__label">Menu</span>
          </summary>
          {/* Not a Tab stop of its own: Firefox makes a scrolling box one, even with links inside. */}
          <nav className="mobile-menu__panel" aria-label="Main" tabIndex={-1}>
            {groups.map((group) => (
              <section key={group.title} className="mobile-menu__group">
                <h2 lang={group.titleLang ?? undefined}>{group.title}</h2>
                <NavItems items={group.items} />
              </section>
            ))}
            <RegionSwitcher />
          </nav>
        </details>
      </div>
    </header>
  );
}
