/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN (`Authorization:
 * Bearer <token>`). Mounted only when the token is set: otherwise /metrics is any unknown path.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";
import type { Metrics } from "./registry";

export const METRICS_PATH = "/metrics";

// Digests have one length whatever was sent, so the comparison leaks neither the token nor its length.
const digest = (text: string) => createHash("sha256").update(text).digest();

export function createMetricsRoute(metrics: Metrics, token: string, logger: Logger): RequestHandler {
  const expected = digest(`Bearer ${token}`);
  return async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!timingSafeEqual(digest(req.get("authorization") ?? ""), expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return void res.status(401).type("text/plain").send("Unauthorized");
    }
    try {
      // The field histograms render their own text (vitalsMetrics.ts): a few thousand series in a millisecond.
      const body = (await metrics.registry.metrics()) + metrics.vitals.exposition();
      res.setHeader("Content-Type", metrics.registry.contentType);
      res.send(body);
    } catch (error) {
      (req.log ?? logger).error({ err: error }, "metrics: collection failed");
      res.status(500).type("text/plain").send("Internal Server Error");
    }
  };
}
