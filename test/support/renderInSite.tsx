/**
 * Renders a view to HTML on the server exactly as a page would: inside the router, under the
 * region's layout route, so link resolution and the site hooks work. For slice and rich-text tests.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { localeFromPath } from "../../shared/locales";
import type { SiteChrome } from "../../shared/pageData";
import type { SectionIndex } from "../../shared/sectionIndex";

export function chromeFor(path: string, sections: SectionIndex = {}): SiteChrome {
  return {
    locale: localeFromPath(path).code,
    sections,
    primaryNav: [],
    footerNav: [],
    footerFormId: null,
    taxonomy: { design: "Design" },
  };
}

export async function renderInSite(
  element: ReactNode,
  options: { path?: string; sections?: SectionIndex; chrome?: Partial<SiteChrome> } = {},
): Promise<string> {
  const path = options.path ?? "/";
  const locale = localeFromPath(path);
  const handler = createStaticHandler([
    {
      id: `layout___${locale.code}`,
      path: locale.prefix || "/",
      loader: () => ({ ...chromeFor(path, options.sections), ...options.chrome }),
      children: [{ index: true, element }],
    },
  ]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
