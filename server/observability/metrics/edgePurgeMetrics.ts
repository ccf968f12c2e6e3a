/**
 * The edge purges of this instance (server/edge/purgeQueue.ts) in its metrics, read from the
 * queue's counts at each scrape (docs/operations.md, "Edge caching and purges"; the alert
 * SiteEdgePurgesFailing reads site_edge_purge_failing_seconds).
 */
import { Counter, Gauge, type Registry } from "prom-client";
import type { PurgeQueue } from "../../edge/purgeQueue";

export function registerEdgePurgeMetrics(registry: Registry, purges: Pick<PurgeQueue, "stats">, now = Date.now): void {
  const registers = [registry];
  const seen = { success: 0, failure: 0, keys: 0 };
  const purgesTotal = new Counter({
    name: "site_edge_purges_total",
    help: "Purge calls to the edge (EDGE_PURGER), by outcome: success, or failure (retried with back-off until accepted).",
    labelNames: ["outcome"] as const,
    registers,
    collect() {
      const stats = purges.stats();
      purgesTotal.inc({ outcome: "success" }, stats.succeeded - seen.success);
      purgesTotal.inc({ outcome: "failure" }, stats.failed - seen.failure);
      seen.success = stats.succeeded;
      seen.failure = stats.failed;
    },
  });
  const keysTotal = new Counter({
    name: "site_edge_purged_keys_total",
    help: "Keys in purges the edge accepted.",
    registers,
    collect() {
      const { keysPurged } = purges.stats();
      keysTotal.inc(keysPurged - seen.keys);
      seen.keys = keysPurged;
    },
  });
  new Gauge({
    name: "site_edge_purge_failing_seconds",
    help: "Seconds since a purge the edge has not accepted yet first failed; 0 while purges work. Meanwhile pages go out with the short edge lifetime.",
    registers,
    collect() {
      const { failingSince } = purges.stats();
      this.set(failingSince === undefined ? 0 : Math.max(0, (now() - failingSince) / 1000));
    },
  });
  new Gauge({
    name: "site_edge_purge_pending_keys",
    help: "Keys waiting for the edge to accept their purge.",
    registers,
    collect() {
      this.set(purges.stats().pendingKeys);
    },
  });
  new Gauge({
    name: "site_edge_purge_last_success_timestamp_seconds",
    help: "When the edge last accepted a purge (Unix seconds); absent before the first.",
    registers,
    collect() {
      const { lastSuccessAt } = purges.stats();
      if (lastSuccessAt === undefined) this.reset();
      else this.set(lastSuccessAt / 1000);
    },
  });
}
