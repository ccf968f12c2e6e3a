/**
 * Visitors' requests (a showroom visit, a consultation, samples, a quote) in the app's metrics
 * (docs/operations.md, "Requests"): what the forms' endpoint accepted and refused, what the
 * delivery worker made of each delivery, and, read from the request store at each scrape, the
 * deliveries by status and how long the oldest undelivered request has waited.
 *
 * Every label comes from a fixed list here, never from the request: a kind the site does not
 * offer is counted as `unknown`, and a value outside the lists (a caller's bug) is not counted
 * at all, with a warning, so no request can add a series. Every series exists from the start at
 * 0, so an alert on `increase(…) > 0` sees the first refusal or the first failed delivery.
 */
import { Counter, Gauge, type Registry } from "prom-client";
import { REQUEST_KINDS, type RequestKind } from "../../../shared/requests/requestKinds";
import {
  DELIVERY_STATUSES,
  REQUEST_DESTINATIONS,
  type DeliveryOutcome,
  type RequestDestination,
  type RequestStore,
} from "../../requests/requestStore";
import type { Logger } from "../logger";

/** Why the endpoint refused a request; each a fixed label value (docs/operations.md, "Requests"). */
export const REFUSAL_REASONS = [
  "invalid",
  "honeypot",
  "too_fast",
  "rate_limited",
  "busy",
  "cross_site",
  "too_large",
  "bad_body",
  "unknown_sample",
  "store_full",
  "store_unavailable",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A refused request's kind: one the site offers, or `unknown` (a path or a body naming none). */
export type RefusedKind = RequestKind | "unknown";
const REFUSED_KINDS: readonly RefusedKind[] = [...REQUEST_KINDS, "unknown"];

/** What became of one attempt at a delivery, as the worker settles it in the store. */
export type RequestDeliveryOutcome = DeliveryOutcome["status"];
export const REQUEST_DELIVERY_OUTCOMES = [
  "delivered",
  "retry",
  "failed",
] as const satisfies readonly RequestDeliveryOutcome[];

export interface RequestMetrics {
  /** A request stored and answered with its 303. */
  accepted(kind: RequestKind): void;
  /** A request refused, and why. */
  refused(kind: RefusedKind, reason: RefusalReason): void;
  /** One delivery attempt settled by this instance's worker: delivered, retry (tried again later), failed (refused for good). */
  delivery(destination: RequestDestination, outcome: RequestDeliveryOutcome): void;
}

/** For an app without metrics (no METRICS_TOKEN): counts nothing. */
export const noRequestMetrics: RequestMetrics = {
  accepted() {},
  refused() {},
  delivery() {},
};

const among = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

export function createRequestMetrics({
  registry,
  logger,
  store,
}: {
  registry: Registry;
  logger: Logger;
  /** The request store, read at each scrape; without it the two gauges are not registered. */
  store?: Pick<RequestStore, "counts" | "oldestUndeliveredAt">;
}): RequestMetrics {
  const registers = [registry];
  const accepted = new Counter({
    name: "site_requests_accepted_total",
    help: "Visitors' requests stored and answered with a 303, by kind (visit, consultation, samples, quote).",
    labelNames: ["kind"] as const,
    registers,
  });
  const refused = new Counter({
    name: "site_requests_refused_total",
    help: "Visitors' requests refused, by kind (or unknown) and reason: invalid, honeypot, too_fast, rate_limited, cross_site, too_large, bad_body, unknown_sample, store_full, store_unavailable (the last two: the store could not take it).",
    labelNames: ["kind", "reason"] as const,
    registers,
  });
  const deliveries = new Counter({
    name: "site_requests_deliveries_total",
    help: "Delivery attempts this instance's worker settled, by destination (webhook, klaviyo, inbox) and outcome: delivered, retry (tried again later), failed (refused for good: a person must act).",
    labelNames: ["destination", "outcome"] as const,
    registers,
  });
  for (const kind of REQUEST_KINDS) accepted.inc({ kind }, 0);
  for (const kind of REFUSED_KINDS) for (const reason of REFUSAL_REASONS) refused.inc({ kind, reason }, 0);
  for (const destination of REQUEST_DESTINATIONS)
    for (const outcome of REQUEST_DELIVERY_OUTCOMES) deliveries.inc({ destination, outcome }, 0);

  if (store) {
    new Gauge({
      name: "site_requests_deliveries",
      help: "Deliveries of visitors' requests in the request store, by status: pending, leased (being sent), delivered, failed (refused for good, kept for a person to act on).",
      labelNames: ["status"] as const,
      registers,
      async collect() {
        try {
          const counts = await store.counts();
          for (const status of DELIVERY_STATUSES) this.set({ status }, counts[status] ?? 0);
        } catch (error) {
          // A store that cannot answer must not fail the scrape: the series go missing instead.
          this.reset();
          logger.warn({ err: error }, "metrics: could not count the request store's deliveries");
        }
      },
    });
    new Gauge({
      name: "site_requests_oldest_undelivered_age_seconds",
      help: "Age of the oldest visitor's request with a delivery still to make (pending or leased); 0 when none waits, NaN while the store cannot answer.",
      registers,
      async collect() {
        try {
          const at = await store.oldestUndeliveredAt();
          this.set(at === undefined ? 0 : Math.max(0, (Date.now() - at) / 1000));
        } catch (error) {
          // Unknown, not 0: a gauge without labels that is reset reads 0, which would say nothing waits.
          this.set(Number.NaN);
          logger.warn({ err: error }, "metrics: could not read the request store's oldest undelivered request");
        }
      },
    });
  }

  const outside = (what: string, value: unknown) =>
    logger.warn(
      { [what]: String(value).slice(0, 40) },
      `metrics: a request's ${what} outside the fixed list, not counted`,
    );
  return {
    accepted(kind) {
      if (among(REQUEST_KINDS, kind)) accepted.inc({ kind });
      else outside("kind", kind);
    },
    refused(kind, reason) {
      if (!among(REFUSAL_REASONS, reason)) return outside("reason", reason);
      refused.inc({ kind: among(REQUEST_KINDS, kind) ? kind : "unknown", reason });
    },
    delivery(destination, outcome) {
      if (!among(REQUEST_DESTINATIONS, destination)) return outside("destination", destination);
      if (!among(REQUEST_DELIVERY_OUTCOMES, outcome)) return outside("outcome", outcome);
      deliveries.inc({ destination, outcome });
    },
  };
}
