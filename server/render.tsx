/**
 * Server-side rendering of a page request (DESIGN.md, request step 4): run the matched
 * loaders with `query()`, then stream the router into the document shell. Crawlers get
 * the whole document before the first byte; browsers get the shell as soon as it is ready.
 */
import { Transform } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { renderToPipeableStream } from "react-dom/server";
import {
  createStaticRouter,
  isRouteErrorResponse,
  RouterContextProvider,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from "react-router";
import { isbot } from "isbot";
import { localeFromPath } from "../shared/locales";
import type { PageHead } from "../shared/pageHead";
import { SITE_NAME } from "../shared/site";
import { pageModuleFiles } from "../views/pageModules";
import type { RouteHandle } from "../views/routes";
import { modulePreloads, type AssetManifest } from "./assets";
import { createFetchRequest } from "./fetchRequest";
import { DOCUMENT_END, documentStart } from "./htmlShell";
import { requestMemo } from "./loaders";
import type { Logger } from "./logger";

/** A render that has not finished by then is aborted (and its timer cleared when it ends). */
const RENDER_TIMEOUT_MS = 10_000;

export interface RenderDeps {
  handler: StaticHandler;
  assets: () => AssetManifest;
  origin: string;
  logger: Logger;
}

export function newRequestContext(): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestMemo, new Map());
  return context;
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

function matchedPageModules(context: StaticHandlerContext): string[] {
  return context.matches
    .map((m) => (m.route.handle as RouteHandle | undefined)?.page)
    .filter((page): page is NonNullable<typeof page> => Boolean(page))
    .map((page) => pageModuleFiles[page]);
}

export async function renderPage(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps): Promise<void> {
  const log = (req as ExpressRequest & { log?: Logger }).log ?? deps.logger;
  const request = createFetchRequest(req, res, deps.origin);
  const context = await deps.handler.query(request, { requestContext: newRequestContext() });

  if (context instanceof Response) {
    // A loader redirected: pass the redirect on as it is.
    const location = context.headers.get("Location");
    if (location && context.status >= 300 && context.status < 400) return void res.redirect(context.status, location);
    res.status(context.status).end();
    return;
  }

  sanitizeErrors(context, log);
  const nonce = res.locals.cspNonce as string;
  const manifest = deps.assets();
  const locale = localeFromPath(req.path);
  const head = headFor(context);
  const start = documentStart({
    locale,
    title: head?.title ?? `Page not found | ${SITE_NAME}`,
    head,
    nonce,
    css: manifest.css,
    fonts: manifest.fontPreloads ?? [],
    entry: manifest.entry,
    preloads: modulePreloads(manifest, matchedPageModules(context)),
    noindex: context.statusCode >= 400,
  });

  const router = createStaticRouter(deps.handler.dataRoutes, context);
  const forCrawler = isbot(req.get("user-agent") ?? "");

  await new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      resolve();
    };
    const body = new Transform({
      transform(chunk, _encoding, callback) {
        callback(null, chunk);
      },
      flush(callback) {
        callback(null, DOCUMENT_END);
      },
    });
    // React flushes after each chunk it writes; pass that through to compression.
    (body as Transform & { flush?: () => void }).flush = () => (res as ExpressResponse & { flush?: () => void }).flush?.();

    const stream = renderToPipeableStream(<StaticRouterProvider router={router} context={context} nonce={nonce} />, {
      nonce,
      bootstrapModules: [manifest.entry],
      [forCrawler ? "onAllReady" : "onShellReady"]() {
        res.status(context.statusCode);
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.write(start);
        body.pipe(res);
        stream.pipe(body);
      },
      onShellError(error: unknown) {
        log.error({ err: error }, "render failed before the shell was ready");
        if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
        finish();
      },
      onError(error: unknown) {
        log.error({ err: error }, "render error");
      },
    });
    res.on("finish", finish);
    res.on("close", () => {
      if (!res.writableFinished) stream.abort();
      finish();
    });
    timer = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS);
  });
}
