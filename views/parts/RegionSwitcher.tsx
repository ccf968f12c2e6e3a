import { LOCALES, localizePath, type Locale } from "../../shared/locales";
import { regionChoiceHref } from "../../shared/regionChoice";
import { useLocale } from "../siteData";
import { useRouteHead } from "./HeadSync";

/**
 * Links to the same page in the other region: the translation named by the document's
 * alternate languages, or that region's home when there is none. Each link goes through the
 * server's region-choice endpoint, which remembers the choice in the locale cookie, so it is
 * a plain anchor (a full load); crawlers are asked not to follow it.
 */
export function RegionSwitcher() {
  const current = useLocale();
  const alternates = useRouteHead()?.alternates ?? [];
  const pathIn = (locale: Locale) => {
    const version = alternates.find((a) => a.language === locale.language);
    return version ? new URL(version.url).pathname : localizePath("/", locale);
  };
  return (
    <ul className="region-switcher" aria-label="Region">
      {LOCALES.map((l) => (
        <li key={l.code}>
          <a
            href={regionChoiceHref(l, pathIn(l))}
            hrefLang={l.language}
            lang={l.language}
            rel="nofollow"
            aria-current={l.code === current.code ? "true" : undefined}
          >
            <span aria-hidden="true">{l.code.toUpperCase()}</span>
            <span className="visually-hidden">{l.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
