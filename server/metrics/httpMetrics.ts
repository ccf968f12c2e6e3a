/** Counts and times every HTTP response by method, route label and status, and the page cache's results. */
import type { RequestHandler } from "express";
import type { Counter } from "prom-client";
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

/** Counts one page-cache hit answered before the app (server/pageCache/fastHit.ts): the same series the middleware above writes. */
export type HitRecorder = (method: string, route: string, status: number, seconds: number) => void;

/**
 * The fast path's counting: the labelled series of each (method, route, status) looked up once
 * and kept, so a hit costs two increments and one observation, no label hashing.
 */
export function hitRecorder(metrics: Metrics): HitRecorder {
  const series = new Map<string, { requests: Counter.Internal; duration: ReturnType<Metrics["httpDuration"]["labels"]>; hits: Counter.Internal }>();
  return (method, route, status, seconds) => {
    const key = `${method} ${route} ${status}`;
    let found = series.get(key);
    if (!found) {
      const labels = { method, route, status: String(status) };
      found = { requests: metrics.httpRequests.labels(labels), duration: metrics.httpDuration.labels(labels), hits: metrics.pageCacheResults.labels({ route, result: "hit" }) };
      series.set(key, found);
    }
    found.requests.inc();
    found.duration.observe(seconds);
    found.hits.inc();
  };
}
