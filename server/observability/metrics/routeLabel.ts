/**
 * The `route` label of the HTTP metrics: the react-router route id of a rendered page, or the
 * fixed name of an endpoint (`assets`, `media`, `healthz`, …). Never the path: paths are
 * unbounded (every mistyped URL would be a new series), route ids and endpoint names are not.
 *
 * Each endpoint is preceded by a `routeLabel(name)` marker; a request that falls through to
 * the next endpoint meets the next marker, so the label is that of whatever answered it.
 */
import type { RequestHandler, Response } from "express";

/** A request answered before any marker (the guards and redirects mark their own). */
export const UNLABELLED_ROUTE = "other";

const KEY = "metricsRoute";

export function labelRoute(res: Response, route: string): void {
  res.locals[KEY] = route;
}

export const routeLabel =
  (route: string): RequestHandler =>
  (_req, res, next) => {
    labelRoute(res, route);
    next();
  };

export function routeLabelOf(res: Response): string {
  const route = res.locals?.[KEY];
  return typeof route === "string" ? route : UNLABELLED_ROUTE;
}
