/** Hooks that give any view the region and its menus without prop drilling. */
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { localeFromPath, type Locale } from "../shared/locales";
import { resolveLink, type LinkLike } from "../shared/linkResolver";
import type { SiteChrome } from "../shared/pageData";
import type { SectionIndex } from "../shared/sectionIndex";
import type { RouteHandle } from "../shared/routeTable";

export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** The layout data of the current region; undefined on the error screen when it failed to load. */
export function useSiteChrome(): SiteChrome | undefined {
  const locale = useLocale();
  return useRouteLoaderData(`layout___${locale.code}`) as SiteChrome | undefined;
}

const NO_SECTIONS: SectionIndex = {};

/** What links resolve against: the region's sections and its locale (the same objects for one content version). */
export function useLinkScope(): { sections: SectionIndex; locale: Locale } {
  return { sections: useSiteChrome()?.sections ?? NO_SECTIONS, locale: useLocale() };
}

/** A link resolver bound to the current region's navigation (docs/behaviour.md section 1.6). */
export function useLinkResolver(): (link: LinkLike | string | null | undefined) => string | null {
  const { sections, locale } = useLinkScope();
  return (link) => resolveLink(link, sections, locale);
}

/** The handle of the deepest matched route that declares one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.layout) return handle;
  }
  return {};
}
