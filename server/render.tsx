/**
 * Server-side rendering of a page request (docs/architecture.md, request step 4). The request's scope
 * decides the ref (master, or the editor's preview); a fresh cached copy is sent as it is;
 * otherwise the matched loaders run with `query()` and the router streams into the shell,
 * while a copy is kept for the cache. When the content service is down, a cached copy of the
 * page (even of an older ref) is served; a page never rendered before gets the friendly 503.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createStaticRouter, isRouteErrorResponse, type StaticHandler, type StaticHandlerContext } from "react-router";
import { localeFromPath } from "../shared/locales";
import type { PageHead } from "../shared/pageHead";
import { SITE_NAME } from "../shared/site";
import { pageModuleFiles } from "../views/pageModules";
import type { RouteHandle } from "../views/routes";
import { appModules, modulePreloads, type AssetManifest } from "./assets";
import { isContentUnavailable } from "./content/contentErrors";
import { createFetchRequest } from "./fetchRequest";
import { documentStart } from "./htmlShell";
import type { Logger } from "./logger";
import { labelRoute } from "./metrics/routeLabel";
import { cacheControlFor, NOT_FOUND_TTL_MS } from "./pageCache/cacheControl";
import type { PageCache } from "./pageCache/pageCache";
import { sendCachedPage } from "./pageCache/sendCached";
import { routerContext, scopeFor, type RequestScope, type ScopeDeps } from "./requestScope";
import { streamDocument } from "./streamDocument";
import type { SiteFeatures } from "../views/siteFeatures";

/** Default of BUILD_CHECK_INTERVAL_MS: ten minutes. */
const DEFAULT_BUILD_CHECK_MS = 600_000;

/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 30;

export interface RenderDeps extends ScopeDeps {
  handler: StaticHandler;
  assets: () => AssetManifest;
  origin: string;
  cache: PageCache;
  /** The preview toolbar script (PRISMIC_TOOLBAR_SRC), included in preview only. */
  toolbarSrc?: string;
  /** The tags' head for a nonce (server/tags/tagHead.ts); absent when no tag is configured. */
  tagHead?: (nonce: string) => string;
  /** Which widgets this deployment has (views/siteFeatures.tsx): the same the browser reads from the page. */
  features?: SiteFeatures;
  /** How often an open tab checks for a newer build (BUILD_CHECK_INTERVAL_MS). */
  buildCheckIntervalMs?: number;
}

/** Logs unexpected loader errors and replaces them, so no message or stack reaches the page. */
function sanitizeErrors(context: StaticHandlerContext, log: Logger): void {
  if (!context.errors) return;
  for (const [routeId, error] of Object.entries(context.errors)) {
    if (isRouteErrorResponse(error)) continue;
    log.error({ err: error, routeId }, "route loader failed");
    context.errors[routeId] = new Error("Internal Server Error");
  }
}

/** The head of the deepest matched route that has one; none on error pages. */
function headFor(context: StaticHandlerContext): PageHead | null {
  if (context.errors) return null;
  for (let i = context.matches.length - 1; i >= 0; i--) {
    const data = context.loaderData[context.matches[i].route.id] as { head?: PageHead } | undefined;
    if (data?.head) return data.head;
  }
  return null;
}

/** The deepest matched route: the page's route id (a not-found route for a path no page route takes). */
const routeIdOf = (context: StaticHandlerContext): string => context.matches[context.matches.length - 1]?.route.id ?? "page";

function matchedPageModules(context: StaticHandlerContext): string[] {
  return context.matches
    .map((m) => (m.route.handle as RouteHandle | undefined)?.page)
    .filter((page): page is NonNullable<typeof page> => Boolean(page))
    .map((page) => pageModuleFiles[page]);
}

const errorTitle = (status: number) =>
  status === 503 ? `Back shortly | ${SITE_NAME}` : `Page not found | ${SITE_NAME}`;

export async function renderPage(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps): Promise<void> {
  const log = (req as ExpressRequest & { log?: Logger }).log ?? deps.logger;
  const key = req.originalUrl;
  const cached = deps.cache.get(key);

  let scope: RequestScope;
  try {
    scope = await scopeFor(req, deps);
  } catch (error) {
    // Not even a master ref was ever read: a cached copy, or the loaders fail into the 503.
    if (!isContentUnavailable(error)) throw error;
    if (cached) return sendCachedPage(req, res, cached, "STALE");
    scope = { content: deps.content, ref: "", preview: false };
  }
  if (!scope.preview && cached && cached.ref === scope.ref) {
    const fresh = cached.status === 200 || Date.now() - cached.storedAt < NOT_FOUND_TTL_MS;
    if (fresh) return sendCachedPage(req, res, cached, "HIT");
  }

  const request = createFetchRequest(req, res, deps.origin);
  const context = await deps.handler.query(request, { requestContext: routerContext(scope) });

  if (context instanceof Response) {
    // A loader redirected: pass the redirect on as it is.
    const location = context.headers.get("Location");
    if (location && context.status >= 300 && context.status < 400) return void res.redirect(context.status, location);
    res.status(context.status).end();
    return;
  }
  if (context.statusCode === 503) {
    // Prismic is down or rate-limiting: an older copy of this page beats an error page.
    if (cached && !scope.preview) return sendCachedPage(req, res, cached, "STALE");
    res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  }

  const routeId = routeIdOf(context);
  labelRoute(res, routeId);
  sanitizeErrors(context, log);
  const nonce = res.locals.cspNonce as string;
  const manifest = deps.assets();
  const head = headFor(context);
  const start = documentStart({
    locale: localeFromPath(req.path),
    title: head?.title ?? errorTitle(context.statusCode),
    head,
    nonce,
    css: manifest.css,
    fonts: manifest.fontPreloads ?? [],
    entry: manifest.entry,
    preloads: modulePreloads(manifest),
    appModules: appModules(manifest, matchedPageModules(context)),
    noindex: context.statusCode >= 400 || scope.preview,
    toolbarSrc: scope.preview ? deps.toolbarSrc : undefined,
    speculationRules: !scope.preview,
    tagHead: deps.tagHead?.(nonce),
    build: { id: manifest.buildId, checkIntervalMs: deps.buildCheckIntervalMs ?? DEFAULT_BUILD_CHECK_MS },
  });
  res.setHeader("Cache-Control", cacheControlFor(context.statusCode, scope.preview));
  res.setHeader("X-Cache", scope.preview ? "BYPASS" : "MISS");

  const cacheable = !scope.preview && scope.ref !== "" && (context.statusCode === 200 || context.statusCode === 404);
  const chunks: Buffer[] = [];
  const { completed } = await streamDocument(req, res, {
    router: createStaticRouter(deps.handler.dataRoutes, context),
    context,
    nonce,
    entry: manifest.entry,
    start,
    log,
    features: deps.features,
    onChunk: cacheable ? (chunk) => chunks.push(Buffer.from(chunk)) : undefined,
  });
  if (cacheable && completed && req.method === "GET") {
    void deps.cache
      .store(key, {
        ref: scope.ref,
        routeId,
        status: context.statusCode,
        contentType: "text/html; charset=utf-8",
        nonce,
        html: Buffer.concat(chunks),
      })
      .catch((error: unknown) => log.warn({ err: error }, "could not cache the page"));
  }
}
