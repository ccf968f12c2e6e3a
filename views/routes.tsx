/**
 * The router's route objects, built from the route table in shared/. Loaders are injected:
 * the server passes loaders that read content, the browser passes loaders that fetch the
 * same data as JSON from the server, so Prismic is only ever called by the server.
 */
import type { LoaderFunction, RouteObject, ShouldRevalidateFunction } from "react-router";
import { LOCALES, type LocaleCode } from "../shared/locales";
import { PAGE_ROUTES, routeId, type PageKind, type RouteHandle } from "../shared/routeTable";
import { SiteLayout } from "./layouts/SiteLayout";
import { ErrorScreen } from "./pages/ErrorScreen";
import { pageModules } from "./pageModules";

// Defined in shared/ so that views reading it (siteData.ts) need not import the route tree.
export type { RouteHandle };

export type LoaderKind = PageKind | "layout" | "notFound";

/** Creates the loader of a route; `routeId` lets the browser ask the server for that route's data. */
export type LoaderFactory = (kind: LoaderKind, routeId: string) => LoaderFunction;

export const layoutRouteId = (locale: LocaleCode) => routeId("layout", locale);

// Menus do not change between pages of a region: only an explicit revalidation
// of the same URL (for example a preview update) reloads them.
const keepLayoutData: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.href === nextUrl.href && defaultShouldRevalidate;

export function createRoutes(loaderFor: LoaderFactory): RouteObject[] {
  return LOCALES.map((locale) => {
    const layoutId = layoutRouteId(locale.code);
    const children: RouteObject[] = PAGE_ROUTES.map((route) => {
      const id = routeId(route.name, locale.code);
      const handle: RouteHandle = { layout: route.layout, page: route.page };
      const load = pageModules[route.page];
      return {
        id,
        path: route.path === "/" ? undefined : route.path.slice(1),
        index: route.path === "/" ? true : undefined,
        handle,
        loader: loaderFor(route.page, id),
        lazy: async () => ({ Component: (await load()).default }),
      } as RouteObject;
    });
    const notFoundId = routeId("not-found", locale.code);
    children.push({ id: notFoundId, path: "*", loader: loaderFor("notFound", notFoundId) });
    return {
      id: layoutId,
      path: locale.prefix || "/",
      loader: loaderFor("layout", layoutId),
      shouldRevalidate: keepLayoutData,
      Component: SiteLayout,
      ErrorBoundary: ErrorScreen,
      children,
    };
  });
}
