/**
 * The browser's loader data source: `GET /_data{path}?_route={routeId}` runs one route's
 * server loader with `queryRoute()` and answers JSON, so the browser never talks to Prismic.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isRouteErrorResponse, type StaticHandler } from "react-router";
import { browserPayload } from "../../shared/browserPayload";
import { DATA_PREFIX, ROUTE_PARAM } from "../../shared/dataEndpoint";
import { isContentUnavailable } from "../content/contentErrors";
import { createFetchRequest } from "../http/fetchRequest";
import type { Logger } from "../observability/logger";
import { PRIVATE_NO_STORE } from "../pageCache/cacheControl";
import { RETRY_AFTER_SECONDS } from "./render";
import { typeOfDocument } from "../content/documentAddresses";
import { readSiteChrome, recordReads, type ReadRecorder } from "../content/recordingReads";
import { formatKeys } from "../edge/edgeKeys";
import type { EdgeKeysHeader } from "../edge/edgeSettings";
import type { RenderBudget } from "../http/renderBudget";
import { routerContext, scopeFor, type RequestScope, type ScopeDeps } from "../http/requestScope";

/**
 * `budget`: each client's budget of uncached renders (server/http/renderBudget.ts); every data request runs a loader.
 * `keysHeader`: the header carrying a public answer's edge keys (EDGE_KEYS_HEADER), as a page's.
 */
export function createDataEndpoint(
  handler: StaticHandler,
  origin: string,
  deps: ScopeDeps,
  budget?: RenderBudget,
  keysHeader?: EdgeKeysHeader,
) {
  const logger = deps.logger;
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const routeId = typeof req.query[ROUTE_PARAM] === "string" ? req.query[ROUTE_PARAM] : undefined;
    if (!routeId) return void res.status(400).json({ status: 400, message: `Missing ${ROUTE_PARAM}` });
    if (budget && !budget.spend(req, res)) return;
    const url = new URL(origin + req.originalUrl.slice(DATA_PREFIX.length));
    url.searchParams.delete(ROUTE_PARAM);
    const pagePath = url.pathname + url.search;
    res.setHeader("Cache-Control", "no-cache");
    let recorder: ReadRecorder | undefined;
    /** A public 200 or 404 carries the keys of what its loader read, as the page does (render.tsx). */
    const keyed = async (status: number) => {
      if (!recorder || !keysHeader || (status !== 200 && status !== 404)) return;
      await readSiteChrome(recorder.content).catch(() => undefined);
      res.setHeader(keysHeader, formatKeys((await recorder.finish()).keys, keysHeader, typeOfDocument));
    };
    try {
      let scope: RequestScope;
      try {
        scope = await scopeFor(req, deps);
      } catch (error) {
        if (!isContentUnavailable(error)) throw error;
        scope = { content: deps.content, ref: "", preview: false };
      }
      // Drafts never land in a shared cache.
      if (scope.preview) res.setHeader("Cache-Control", PRIVATE_NO_STORE);
      // Drafts are never keyed: only published content's answers are (docs/architecture.md, "Keys and promotion").
      else if (keysHeader && scope.ref !== "") recorder = recordReads(scope.content, scope.ref);
      const result = await handler.queryRoute(createFetchRequest(req, res, origin, pagePath), {
        routeId,
        requestContext: routerContext(recorder ? { ...scope, content: recorder.content } : scope),
      });
      await keyed(result instanceof Response ? result.status : 200);
      if (result instanceof Response) return void sendResponse(res, result);
      // Long at the edge only at the master ref confirmed after this request arrived (server/edge/edgeLifetimes.ts).
      if (scope.confirmed !== undefined && deps.lifetimes)
        res.setHeader("Cache-Control", deps.lifetimes.data(scope.ref, await scope.confirmed));
      // Only what the views read (shared/browserPayload.ts), as in the hydration payload.
      res.json(browserPayload(result) ?? null);
    } catch (thrown) {
      if (thrown instanceof Response) {
        await keyed(thrown.status);
        return void sendResponse(res, thrown);
      }
      if (isRouteErrorResponse(thrown)) {
        await keyed(thrown.status);
        if (thrown.status === 503) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
        res.status(thrown.status).json({ status: thrown.status, message: String(thrown.data) });
        return;
      }
      const log = (req as ExpressRequest & { log?: Logger }).log ?? logger;
      log.error({ err: thrown, routeId }, "data request failed");
      if (!res.headersSent) res.status(500).json({ status: 500, message: "Internal Server Error" });
      else next(thrown);
    }
  };
}

/** Loader responses pass through; an error one becomes `{ status, message }` like every other error here. */
async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (response.status === 503) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  if (response.status >= 400) {
    const text = await response.text();
    let message: unknown = text;
    try {
      message = JSON.parse(text);
    } catch {
      /* plain text body */
    }
    if (typeof message !== "string") message = response.statusText;
    res.status(response.status).json({ status: response.status, message });
    return;
  }
  res.status(response.status);
  const location = response.headers.get("Location");
  if (location) res.setHeader("X-Location", location);
  const contentType = response.headers.get("Content-Type");
  if (contentType) res.setHeader("Content-Type", contentType);
  res.send(Buffer.from(await response.arrayBuffer()));
}
