/**
 * Server-side rendering of a page request (docs/architecture.md, request step 4). The request's scope
 * decides the ref (master, or the editor's preview). A public page is the same for every
 * visitor: a fresh cached copy is sent as it is; a copy of an older ref is first checked at the
 * new ref (its recorded reads replayed: the same results keep it, promoted, without a render:
 * docs/architecture.md, "Keys and promotion"), else sent at once while one background render
 * refreshes it (a development build renders it and waits instead, so the page the dev loop
 * reloads after a content save shows it); a miss is rendered once from the page's key (canonical
 * path and the parameters the page reads), into a buffer every waiting request is sent, and
 * kept. A preview is rendered for its request alone and streamed. When the content service is
 * down, a cached copy of the page (even of an older ref) is served; a page never rendered
 * before gets the friendly 503.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createStaticRouter, isRouteErrorResponse, type StaticHandler, type StaticHandlerContext } from "react-router";
import { browserLoaderData } from "../../shared/browserPayload";
import { canonicalPath, pageUrl } from "../../shared/canonicalPath";
import { localeFromPath } from "../../shared/locales";
import { splitUrl } from "../requestRules/canonicalUrls";
import { isContentUnavailable } from "../content/contentErrors";
import { typeOfDocument } from "../content/documentAddresses";
import { readSiteChrome, recordReads } from "../content/recordingReads";
import { promotion } from "../pageCache/pagePromotion";
import { fitKeys } from "../edge/edgeKeys";
import type { EdgeKeysHeader } from "../edge/edgeSettings";
import { createFetchRequest } from "../http/fetchRequest";
import { pageEntries } from "../http/assets";
import { documentTail } from "./htmlShell";
import { type ShellDeps, shellStart, tailScriptHash } from "./pageShell";
import { hydrationJson } from "./hydrationScript";
import { pageRequest } from "./pageRequests";
import { executableInlineScripts } from "./scriptHashes";
import { withScriptHashes } from "../http/security";
import { builtFieldsLogger, type Logger } from "../observability/logger";
import { labelRoute } from "../observability/metrics/routeLabel";
import { cacheControlFor, PRIVATE_NO_STORE } from "../pageCache/cacheControl";
import { type CachedPage, isFresh, type PageCache } from "../pageCache/pageCache";
import type { RenderCoordinator } from "../pageCache/renderCoordinator";
import type { RenderBudget } from "../http/renderBudget";
import { sendCachedPage } from "../pageCache/sendCached";
import { routerContext, scopeFor, type RequestScope, type ScopeDeps } from "../http/requestScope";
import { devErrorPage } from "../dev/errorPage";
import { renderDocumentToBuffer, streamDocument } from "./streamDocument";
import type { SiteFeatures } from "../../views/siteFeatures";
import { withSpan } from "../observability/tracing";
import { isWarmUpRequest } from "../observability/warmUpRequests";

/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 30;

export interface RenderDeps extends ScopeDeps, ShellDeps {
  /** The router's handler for a page path: its region's routes (server/render/pageHandlers.ts). */
  handlerFor: (path: string) => StaticHandler;
  origin: string;
  cache: PageCache;
  /** Which widgets this deployment has (views/siteFeatures.tsx): the same the browser reads from the page. */
  features?: SiteFeatures;
  /** One render per page at a time, and the background refreshes after a publish. */
  renders: RenderCoordinator;
  /** Each client's budget of uncached renders (server/http/renderBudget.ts); cache hits are never charged. */
  budget?: RenderBudget;
  /** The header carrying a public page's edge keys (EDGE_KEYS_HEADER); none without it. */
  keysHeader?: EdgeKeysHeader;
}

/**
 * Logs unexpected loader errors and replaces them, so no message or stack reaches the page
 * (a development build keeps them: its error screen shows them).
 */
function sanitizeErrors(context: StaticHandlerContext, log: Logger): void {
  if (!context.errors) return;
  for (const [routeId, error] of Object.entries(context.errors)) {
    if (isRouteErrorResponse(error)) continue;
    log.error({ err: error, routeId }, "route loader failed");
    if (process.env.NODE_ENV !== "development") context.errors[routeId] = new Error("Internal Server Error");
  }
}

/** The deepest matched route: the page's route id (a not-found route for a path no page route takes). */
const routeIdOf = (context: StaticHandlerContext): string =>
  context.matches[context.matches.length - 1]?.route.id ?? "page";

export async function renderPage(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps): Promise<void> {
  const log = (req as ExpressRequest & { log?: Logger }).log ?? deps.logger;
  // A render the server's own warm-up asked for is logged at debug (server/observability/warmUpRequests.ts).
  const level = isWarmUpRequest(req) ? "debug" : "info";
  // The page, not the request: its canonical path and the parameters it reads (`page` on the
  // lists). Campaign parameters (fbclid, utm_*, …) neither make a new entry nor reach the render.
  const { path, search } = splitUrl(req.originalUrl);
  const key = pageUrl(canonicalPath(path), search);
  const cached = deps.cache.get(key);

  let scope: RequestScope;
  try {
    scope = await scopeFor(req, deps);
  } catch (error) {
    // Not even a master ref was ever read: a cached copy, or the loaders fail into the 503.
    if (!isContentUnavailable(error)) throw error;
    if (cached) return sendCachedPage(req, res, cached, "STALE", deps.keysHeader);
    scope = { content: deps.content, ref: "", preview: false };
  }
  if (scope.preview) {
    if (deps.budget && !deps.budget.spend(req, res)) return;
    return streamPage(req, res, deps, scope, key, log);
  }
  // The edge keeps a page long only at the master ref confirmed after this request arrived (server/edge/edgeLifetimes.ts).
  const confirmation = scope.confirmed;
  const send = async (page: CachedPage, state: "HIT" | "STALE" | "MISS") =>
    sendCachedPage(
      req,
      res,
      page,
      state,
      deps.keysHeader,
      confirmation !== undefined && deps.lifetimes
        ? { lifetimes: deps.lifetimes, confirmed: await confirmation }
        : undefined,
    );

  if (cached && isFresh(cached, scope.ref)) return send(cached, "HIT");
  // A publish (a newer master ref): a page whose reads give the same results there is the same
  // page, kept as it is (same bytes, same ETag) rather than rendered again.
  if (cached && scope.ref !== "") {
    const promoted = await promotion(key, cached, scope, deps, level);
    if (promoted) return send(promoted, "HIT");
  }
  // In development a content save is a publish, and the page the loop reloads right after it must
  // show the save (docs/development.md, "Development loop"): a copy of an older ref is rendered
  // again and awaited, as a miss is, never sent stale.
  const development = process.env.NODE_ENV === "development";
  // Nor with long edge lifetimes: the request is the edge refetching a page a publish purged, and
  // an older copy would stand there until its short lifetime ran out; the new page is rendered
  // and awaited instead, once per page (docs/operations.md, "Edge caching and purges").
  if (cached && cached.status === 200 && scope.ref !== "" && !development && confirmation === undefined) {
    // A publish (a newer master ref): the older copy at once, and one background render of
    // this page at the new ref (queued, bounded: server/pageCache/renderCoordinator.ts).
    deps.renders.refresh(key, () => renderShared(key, scope, deps, level));
    return send(cached, "STALE");
  }

  // A miss: one render per page, which every concurrent request of it waits for.
  // (With the cache off, PAGE_CACHE_BYTES=0, every request renders on its own.)
  if (deps.budget && !deps.budget.spend(req, res)) return;
  const render = () => renderShared(key, scope, deps, level);
  let result: SharedRender;
  try {
    // In development, one render per page and ref: a request never joins a render of the content
    // before the last save.
    const shared = development ? `${key} ${scope.ref}` : key;
    result = await (deps.cache.enabled ? deps.renders.once(shared, render) : render());
  } catch (error) {
    // A development build shows the render error (server/dev/errorPage.ts); production never does.
    if (process.env.NODE_ENV === "development" && !res.headersSent)
      return void res.status(500).type("html").send(devErrorPage(error));
    throw error;
  }
  if ("location" in result) return void res.redirect(result.status, result.location);
  if (result.entry.status === 503) {
    // Prismic is down or rate-limiting: an older copy of this page beats an error page.
    if (cached) return send(cached, "STALE");
    res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  }
  await send(result.entry, "MISS");
}

/** What one shared render gives every request that waited for it: a page (kept in the cache when it may be), or a redirect. */
type SharedRender = { entry: CachedPage } | { status: number; location: string };

/**
 * Renders a public page for every visitor at once: from its key alone (no header, cookie or
 * other query parameter of any request reaches it), into one buffer, compressed, and kept in
 * the cache when it is a 200 or a 404 at a known ref.
 */
async function renderShared(
  key: string,
  scope: RequestScope,
  deps: RenderDeps,
  level: "info" | "debug" = "info",
): Promise<SharedRender> {
  const started = performance.now();
  const log = deps.logger;
  const handler = deps.handlerFor(key);
  // What the loaders read: the page's edge keys and the fingerprint a newer ref is checked against.
  const recorder = recordReads(scope.content, scope.ref);
  const recording = { ...scope, content: recorder.content };
  const context = await withSpan(
    "page.loaders",
    () => handler.query(pageRequest(deps.origin + key), { requestContext: routerContext(recording) }),
    { attributes: () => ({ "site.page": key }) },
  );
  if (context instanceof Response) {
    const location = context.headers.get("Location");
    if (location && context.status >= 300 && context.status < 400) return { status: context.status, location };
    throw new Error(`a loader answered ${context.status} without a redirect`);
  }
  const routeId = routeIdOf(context);
  sanitizeErrors(context, log);
  const manifest = deps.assets();
  // The head from the loaders' whole data; then only what the views read, for the render and
  // the browser alike (shared/browserPayload.ts), so the markup is what the browser hydrates.
  const start = shellStart(context, scope, deps, localeFromPath(key));
  context.loaderData = browserLoaderData(context.loaderData);
  // No nonce and nothing of any request: the same bytes for every visitor (decision record 004).
  const { html, markup } = await withSpan(
    "page.render",
    () =>
      renderDocumentToBuffer({
        router: createStaticRouter(handler.dataRoutes, context),
        context,
        hydrate: false,
        start: start.html,
        end: documentTail(hydrationJson(context), pageEntries(manifest, Boolean(deps.tagHead))),
        log,
        features: deps.features,
      }),
    { attributes: () => ({ "site.route": routeId }) },
  );
  // A failure here is recorded (the page is then never promoted), not thrown: the render stands.
  await readSiteChrome(recorder.content).catch(() => undefined);
  const recorded = await recorder.finish();
  const page = {
    ref: scope.ref,
    keys: fitKeys(recorded.keys, typeOfDocument),
    reads: recorded.reads,
    routeId,
    status: context.statusCode,
    contentType: "text/html; charset=utf-8",
    // What the shell wrote, and nothing else: React's markup has no business running code.
    scriptHashes: [...new Set([...start.scriptHashes, tailScriptHash(pageEntries(manifest, Boolean(deps.tagHead)))])],
    html,
  };
  const entry = await deps.cache.prepare(page);
  const foreign = executableInlineScripts(markup);
  if (foreign > 0)
    log.error(
      { page: key, scripts: foreign, ref: scope.ref },
      "inline script not written by the document shell: not allowed by the policy, page not cached",
    );
  else if (scope.ref !== "" && (page.status === 200 || page.status === 404)) deps.cache.keep(key, entry);
  // A public page's key and the master ref: nothing secret, so no redaction pass.
  builtFieldsLogger(log)[level](
    { page: key, status: page.status, ref: scope.ref, ms: Math.round(performance.now() - started) },
    "page rendered",
  );
  return { entry };
}

/**
 * A page for this request alone, never cached, with `adjust` applied to the router's answer before
 * it renders: a refused request form comes back so, with its errors and answers as the page's
 * action data and its status (server/requests/requestRoute.ts).
 */
export async function renderOwnPage(
  req: ExpressRequest,
  res: ExpressResponse,
  deps: RenderDeps,
  path: string,
  adjust: (context: StaticHandlerContext) => void,
): Promise<void> {
  const log = (req as ExpressRequest & { log?: Logger }).log ?? deps.logger;
  const scope = await scopeFor(req, deps);
  return streamPage(req, res, deps, scope, path, log, adjust);
}

/** A preview (never cached, never shared): rendered for this request and streamed, with this response's nonce. */
async function streamPage(
  req: ExpressRequest,
  res: ExpressResponse,
  deps: RenderDeps,
  scope: RequestScope,
  key: string,
  log: Logger,
  adjust?: (context: StaticHandlerContext) => void,
): Promise<void> {
  // A GET of the page, whatever the request's method: the router only reads.
  const request = createFetchRequest(req, res, deps.origin, key, "GET");
  const handler = deps.handlerFor(key);
  const context = await handler.query(request, { requestContext: routerContext(scope) });

  if (context instanceof Response) {
    // A loader redirected: pass the redirect on as it is.
    const location = context.headers.get("Location");
    if (location && context.status >= 300 && context.status < 400) return void res.redirect(context.status, location);
    res.status(context.status).end();
    return;
  }
  if (adjust && !context.errors) adjust(context);
  if (context.statusCode === 503) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));

  labelRoute(res, routeIdOf(context));
  sanitizeErrors(context, log);
  const nonce = res.locals.cspNonce as string;
  const manifest = deps.assets();
  const start = shellStart(context, scope, deps, localeFromPath(req.path), nonce);
  // The shell's inline scripts by hash, React's and the router's by this response's nonce.
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string")
    res.setHeader("Content-Security-Policy", withScriptHashes(csp, start.scriptHashes, nonce));
  // A page of one visitor's answers is theirs alone.
  res.setHeader("Cache-Control", adjust ? PRIVATE_NO_STORE : cacheControlFor(context.statusCode, scope.preview));
  res.setHeader("X-Cache", "BYPASS");
  await streamDocument(req, res, {
    router: createStaticRouter(handler.dataRoutes, context),
    context,
    nonce,
    entry: manifest.entry,
    start: start.html,
    log,
    features: deps.features,
  });
}
