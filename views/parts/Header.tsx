import { Link } from "react-router";
import { LOCALES, localizePath } from "../../shared/locales";
import { SITE_NAME } from "../../shared/site";
import { useLocale, useSiteChrome } from "../siteData";
import { NavItems } from "./NavItems";

/** Site header: brand, primary navigation groups and the region switcher. */
export function Header() {
  const chrome = useSiteChrome();
  const locale = useLocale();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={localizePath("/", locale)} className="brand" aria-label={`${SITE_NAME} home`}>
          {SITE_NAME}
        </Link>
        <nav className="primary-nav" aria-label="Main">
          <ul>
            {chrome?.primaryNav.map((group) => (
              <li key={group.title} className="primary-nav__group">
                <span className="primary-nav__title">{group.title}</span>
                <NavItems items={group.items} className="primary-nav__items" />
              </li>
            ))}
          </ul>
        </nav>
        <nav className="region-switcher" aria-label="Region">
          {LOCALES.map((l) => (
            <a
              key={l.code}
              href={localizePath("/", l)}
              hrefLang={l.language}
              aria-current={l.code === locale.code ? "true" : undefined}
            >
              {l.code.toUpperCase()}
            </a>
          ))}
        </nav>
      </div>
    </header>
  );
}
