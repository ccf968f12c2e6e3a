/**
 * The app's Prometheus metrics, in a registry of its own (not prom-client's global one), so a
 * process may build several apps (tests do) without their series mixing or clashing.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Logger } from "../logger";
import type { OutboxStore } from "../../outbox/store";
import type { PageCache } from "../../pageCache/pageCache";
import type { MediaCacheStats, TransformQueueStats } from "../../../packages/prismic-stand-in/src/index";
import type { RefTracker } from "../../content/refTracker";
import type { GpcOptOuts } from "../../tracking/gpcSignal";
import type { RequestStore } from "../../requests/requestStore";
import { DELIVERY_OUTCOMES, type DeliveryOutcome } from "./deliveryOutcomes";
import { createHitCounts, reportHits, type HitRecorder } from "./hitCounts";
import { WRITE_FAILURE_CAUSES, type WriteFailureCause } from "./outboxWriteFailures";
import { createRequestMetrics, type RequestMetrics } from "./requestMetrics";
import { createVitalsMetrics, type VitalsMetrics } from "./vitalsMetrics";

export interface MetricsSources {
  logger: Logger;
  /** The tracking outbox, counted per status at each scrape (and its delivery outcomes when counted: deliveryOutcomes.ts). */
  outbox?: Pick<OutboxStore, "counts" | "oldestPendingAt"> & {
    deliveryOutcomes?(): Record<DeliveryOutcome, number>;
    /** Failed writes by cause, when counted (outboxWriteFailures.ts). */
    writeFailures?(): Record<WriteFailureCause, number>;
  };
  pageCache?: Pick<PageCache, "stats"> & Partial<Pick<PageCache, "promotions">>;
  /** The outbox's cap: events refused because it was full. */
  outboxCapacity?: { refused(): number };
  /** Global Privacy Control opt-outs' events the relay dropped or sent with Limited Data Use. */
  gpcOptOuts?: Pick<GpcOptOuts, "counts">;
  /** Embedded media: the disk cache and the transform queue. */
  media?: { cache: { stats(): MediaCacheStats }; queue: { stats(): TransformQueueStats } };
  /** The master ref's tracker: how old the content being served may be. */
  refs?: Pick<RefTracker, "current" | "confirmedAt">;
  /** Why the instance is not ready, or undefined (server/http/readiness.ts), as /readyz answers. */
  notReady?: () => Promise<string | undefined>;
  /** Visitors' requests' store, its deliveries counted by status at each scrape (requestMetrics.ts). */
  requests?: Pick<RequestStore, "counts" | "oldestUndeliveredAt">;
}

export interface Metrics {
  registry: Registry;
  /** Labels: method, route (a route id or an endpoint's fixed name, never a path), status (the code, or "aborted"). */
  httpRequests: Counter<"method" | "route" | "status">;
  httpDuration: Histogram<"method" | "route" | "status">;
  /** Pages answered from the page cache or not, as their X-Cache header says: hit, stale, miss, bypass. */
  pageCacheResults: Counter<"route" | "result">;
  /** Failed calls to the content service: `unavailable` (down, slow, rate-limited) or `other` (refused). */
  contentErrors: Counter<"operation" | "kind">;
  /** Counts a page-cache hit answered before the app, into the three series above (server/observability/metrics/hitCounts.ts). */
  recordHit: HitRecorder;
  /** Visitors' Core Web Vitals, reported by their browsers (server/observability/metrics/vitalsMetrics.ts). */
  vitals: VitalsMetrics;
  /** Visitors' requests accepted, refused and delivered (server/observability/metrics/requestMetrics.ts). */
  requests: RequestMetrics;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics({
  logger,
  outbox,
  outboxCapacity,
  gpcOptOuts,
  pageCache,
  media,
  refs,
  notReady,
  requests,
}: MetricsSources): Metrics {
  const registry = new Registry();
  // The Node process: CPU, memory, heap, event-loop lag, GC, handles.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const httpLabels = ["method", "route", "status"] as const;

  if (outbox) {
    new Gauge({
      name: "outbox_events",
      help: "Tracking events in the outbox by status; pending + leased is the delivery backlog (depth).",
      labelNames: ["status"] as const,
      registers,
      async collect() {
        try {
          const counts = await outbox.counts();
          for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
        } catch (error) {
          // A store that cannot answer must not fail the whole scrape: the series go missing instead.
          this.reset();
          logger.warn({ err: error }, "metrics: could not count the outbox");
        }
      },
    });
  }
  if (outbox?.oldestPendingAt) {
    const oldestPendingAt = outbox.oldestPendingAt.bind(outbox);
    new Gauge({
      name: "outbox_oldest_pending_age_seconds",
      help: "Age of the oldest tracking event not yet delivered (pending or leased); 0 when none waits. Meta refuses events over 7 days old.",
      registers,
      async collect() {
        try {
          const at = await oldestPendingAt();
          this.set(at === undefined ? 0 : Math.max(0, (Date.now() - at) / 1000));
        } catch (error) {
          this.reset();
          logger.warn({ err: error }, "metrics: could not read the outbox's oldest pending event");
        }
      },
    });
  }
  if (outbox?.deliveryOutcomes) {
    const read = outbox.deliveryOutcomes.bind(outbox);
    const seen: Record<string, number> = {};
    const counter = new Counter({
      name: "outbox_delivery_events_total",
      help: "Tracking events this instance's delivery worker settled, by outcome: delivered, retry (Meta down or throttling: tried again later), failed (refused by Meta for good), not_sent (no credentials).",
      labelNames: ["outcome"] as const,
      registers,
      collect() {
        const now = read();
        for (const outcome of DELIVERY_OUTCOMES) {
          counter.inc({ outcome }, now[outcome] - (seen[outcome] ?? 0));
          seen[outcome] = now[outcome];
        }
      },
    });
  }
  if (outbox?.writeFailures) {
    const read = outbox.writeFailures.bind(outbox);
    const seen: Record<string, number> = {};
    const counter = new Counter({
      name: "outbox_write_failures_total",
      help: "Writes to the tracking outbox that failed (the relay's, the delivery worker's claims and settlements), by cause: full (no space left), read_only, denied, quota, io, busy, unavailable, other. While they fail the relay answers 503 and nothing is delivered.",
      labelNames: ["cause"] as const,
      registers,
      collect() {
        const now = read();
        for (const cause of WRITE_FAILURE_CAUSES) {
          counter.inc({ cause }, now[cause] - (seen[cause] ?? 0));
          seen[cause] = now[cause];
        }
      },
    });
  }
  if (refs?.confirmedAt) {
    const confirmedAt = refs.confirmedAt.bind(refs);
    new Gauge({
      name: "content_ref_age_seconds",
      help: "Seconds since the content service (Prismic) last confirmed the master ref: about CONTENT_REF_TTL_MS when healthy, growing while it cannot be read (pages are then served from the last content known).",
      registers,
      async collect() {
        // A scrape reads the ref when its TTL has passed, so an idle instance does not look stale.
        await refs.current().catch(() => undefined);
        const at = confirmedAt();
        if (at === undefined) this.reset();
        else this.set(Math.max(0, (Date.now() - at) / 1000));
      },
    });
  }
  if (notReady) {
    new Gauge({
      name: "app_ready",
      help: "1 when /readyz answers ready, 0 when not (draining, client build missing, content service never reached).",
      registers,
      async collect() {
        this.set((await notReady()) === undefined ? 1 : 0);
      },
    });
  }
  if (outboxCapacity) {
    new Gauge({
      name: "outbox_full_refusals",
      help: "Tracking events refused since start because the outbox held OUTBOX_MAX_EVENTS.",
      registers,
      collect() {
        this.set(outboxCapacity.refused());
      },
    });
  }
  if (gpcOptOuts) {
    const seen = { dropped: 0, limited: 0 };
    const counter = new Counter({
      name: "tracking_gpc_opt_out_events_total",
      help: "Tracking events from browsers sending Global Privacy Control without the visitor's opt-in, by treatment: dropped (TRACKING_GPC=drop, answered 202, never sent) or limited (sent to Meta with Limited Data Use).",
      labelNames: ["treatment"] as const,
      registers,
      collect() {
        const now = gpcOptOuts.counts();
        for (const treatment of ["dropped", "limited"] as const) {
          counter.inc({ treatment }, now[treatment] - seen[treatment]);
          seen[treatment] = now[treatment];
        }
      },
    });
  }
  if (pageCache) {
    new Gauge({
      name: "page_cache_entries",
      help: "Pages held in the in-memory page cache.",
      registers,
      collect() {
        this.set(pageCache.stats().entries);
      },
    });
    new Gauge({
      name: "page_cache_bytes",
      help: "Bytes of compressed and uncompressed HTML held in the page cache.",
      registers,
      collect() {
        this.set(pageCache.stats().bytes);
      },
    });
    const { promotions } = pageCache;
    if (promotions) {
      let seen = 0;
      new Counter({
        name: "page_cache_promotions_total",
        help: "Cached pages kept at a newer master ref without a render, because everything they read was unchanged there.",
        registers,
        collect() {
          const now = promotions();
          this.inc(now - seen);
          seen = now;
        },
      });
    }
  }

  if (media) {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge(
      "media_cache_bytes",
      "Bytes of transformed images in the media disk cache (MEDIA_CACHE_BYTES is its budget).",
      () => media.cache.stats().bytes,
    );
    gauge("media_cache_files", "Transformed images in the media disk cache.", () => media.cache.stats().files);
    gauge(
      "media_cache_evictions",
      "Images deleted from the media disk cache to make room, since start.",
      () => media.cache.stats().evicted,
    );
    gauge("media_transforms_running", "Image transforms running now.", () => media.queue.stats().running);
    gauge(
      "media_transforms_waiting",
      "Visitors' image transforms waiting for a core.",
      () => media.queue.stats().waiting,
    );
    gauge(
      "media_transforms_refused",
      "Image requests answered 503 because the transform queue was full, since start.",
      () => media.queue.stats().refused,
    );
    gauge(
      "media_transforms_abandoned",
      "Queued image transforms dropped because every requester had gone, since start.",
      () => media.queue.stats().abandoned,
    );
  }

  const hits = createHitCounts(DURATION_BUCKETS);
  // Either counter read first brings both up to date with the hits.
  const flushHits = () => hits.flushCounters(httpRequests, pageCacheResults);
  const pageCacheResults: Counter<"route" | "result"> = new Counter({
    name: "page_cache_requests_total",
    help: "Page requests by page-cache result (hit, stale, miss, bypass).",
    labelNames: ["route", "result"] as const,
    registers,
    collect: flushHits,
  });
  const httpRequests: Counter<"method" | "route" | "status"> = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route and status.",
    labelNames: httpLabels,
    registers,
    collect: flushHits,
  });
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request to the last byte of its response (a streamed page included).",
    labelNames: httpLabels,
    buckets: DURATION_BUCKETS,
    registers,
  });
  reportHits(httpDuration, hits);
  return {
    registry,
    httpRequests,
    httpDuration,
    pageCacheResults,
    recordHit: hits.record,
    vitals: createVitalsMetrics(registry),
    requests: createRequestMetrics({ registry, logger, store: requests }),
    contentErrors: new Counter({
      name: "content_service_errors_total",
      help: "Failed calls to the content service (Prismic) by operation; kind unavailable: down, slow or rate-limiting.",
      labelNames: ["operation", "kind"] as const,
      registers,
    }),
  };
}
