/**
 * React Router's static handlers for the server. The data endpoint asks for one route's data by
 * its id, over every route. A page is rendered by its region's handler alone: a path under
 * `/us` is always one of the US routes (a page or its not-found), any other path one of the GB
 * routes, so matching it against the other region's routes too (in the query, in
 * `createStaticRouter`'s copy of the routes, and again while rendering) was wasted work on every
 * render (docs/capacity.md).
 */
import { createStaticHandler, type RouteObject, type StaticHandler } from "react-router";
import { LOCALES, localeFromPath, type LocaleCode } from "../../shared/locales";
import { layoutRouteId } from "../../views/routes";

export interface PageHandlers {
  /** Every route of every region. */
  all: StaticHandler;
  /** The handler of the region `path` (a canonical page path) belongs to. */
  forPath(path: string): StaticHandler;
}

export function createPageHandlers(routes: RouteObject[]): PageHandlers {
  const byRegion = new Map<LocaleCode, StaticHandler>();
  for (const locale of LOCALES) {
    const layout = routes.find((route) => route.id === layoutRouteId(locale.code));
    if (!layout) throw new Error(`no layout route for ${locale.code}`);
    byRegion.set(locale.code, createStaticHandler([layout]));
  }
  return {
    all: createStaticHandler(routes),
    forPath: (path) => byRegion.get(localeFromPath(path).code) as StaticHandler,
  };
}
