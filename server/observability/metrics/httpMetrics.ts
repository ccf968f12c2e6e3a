/** Counts and times every HTTP response by method, route label and status, and the page cache's results. */
import type { RequestHandler } from "express";
import type { Metrics } from "./registry";
import { routeLabelOf } from "./routeLabel";

const CACHE_RESULTS = new Set(["hit", "stale", "miss", "bypass"]);

export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const stop = metrics.httpDuration.startTimer();
    // "close" comes after "finish", or alone when the client went away (or the drain cut it) first.
    res.once("close", () => {
      const route = routeLabelOf(res);
      const labels = { method: req.method, route, status: res.writableFinished ? String(res.statusCode) : "aborted" };
      stop(labels);
      metrics.httpRequests.inc(labels);
      // The renderer decides hit, stale, miss or bypass and says so in X-Cache: count what clients saw
      // (the page cache's fast path writes its headers in one block, and says so in res.locals).
      const cache = String(res.locals.pageCacheResult ?? res.getHeader("X-Cache") ?? "").toLowerCase();
      if (CACHE_RESULTS.has(cache)) metrics.pageCacheResults.inc({ route, result: cache });
    });
    next();
  };
}

/**
 * Counts a response answered before the app (field reports: server/observability/vitalsRoute.ts)
 * as httpMetrics would, in the same series, under `route`. Label sets are kept per status, so a
 * report costs no new object.
 */
export function countEarlyResponses(
  metrics: Metrics,
  method: string,
  route: string,
): (status: number, seconds: number) => void {
  const byStatus = new Map<number, { method: string; route: string; status: string }>();
  return (status, seconds) => {
    let labels = byStatus.get(status);
    if (!labels) {
      labels = { method, route, status: String(status) };
      byStatus.set(status, labels);
    }
    metrics.httpDuration.observe(labels, seconds);
    metrics.httpRequests.inc(labels);
  };
}
