import { LOCALES, localizePath } from "../../shared/locales";
import { useLocale } from "../siteData";

/**
 * Links to the other region. A plain anchor (a full load), because the region decides the
 * whole page's language, menus and locale cookie.
 */
export function RegionSwitcher() {
  const current = useLocale();
  return (
    <ul className="region-switcher" aria-label="Region">
      {LOCALES.map((l) => (
        <li key={l.code}>
          <a href={localizePath("/", l)} hrefLang={l.language} lang={l.language} aria-current={l.code === current.code ? "true" : undefined}>
            <span aria-hidden="true">{l.code.toUpperCase()}</span>
            <span className="visually-hidden">{l.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
