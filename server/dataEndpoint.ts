/**
 * The browser's loader data source: `GET /_data{path}?_route={routeId}` runs one route's
 * server loader with `queryRoute()` and answers JSON, so the browser never talks to Prismic.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isRouteErrorResponse, type StaticHandler } from "react-router";
import { DATA_PREFIX, ROUTE_PARAM } from "../shared/dataEndpoint";
import { createFetchRequest } from "./fetchRequest";
import { newRequestContext } from "./render";
import type { Logger } from "./logger";


export function createDataEndpoint(handler: StaticHandler, origin: string, logger: Logger) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const routeId = typeof req.query[ROUTE_PARAM] === "string" ? req.query[ROUTE_PARAM] : undefined;
    if (!routeId) return void res.status(400).json({ status: 400, message: `Missing ${ROUTE_PARAM}` });
    const url = new URL(origin + req.originalUrl.slice(DATA_PREFIX.length));
    url.searchParams.delete(ROUTE_PARAM);
    const pagePath = url.pathname + url.search;
    res.setHeader("Cache-Control", "no-cache");
    try {
      const result = await handler.queryRoute(createFetchRequest(req, res, origin, pagePath), {
        routeId,
        requestContext: newRequestContext(),
      });
      if (result instanceof Response) return void sendResponse(res, result);
      res.json(result ?? null);
    } catch (thrown) {
      if (thrown instanceof Response) return void sendResponse(res, thrown);
      if (isRouteErrorResponse(thrown)) {
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
