/**
 * The request worker (docs/requests.md, "Delivery"): delivers each stored visitor request to each
 * of its destinations (the CRM webhook, Klaviyo, the local inbox), with retries, for as long as it
 * takes. It claims due deliveries from the request store with a lease (so several instances can
 * run it at once, each delivery held by one of them), sends each with its destination's sender
 * (server/requests/destinations/), a few at a time, and settles it by the result:
 *
 * - delivered;
 * - retried: pending again after a back-off from its attempts (5 s × 2ⁿ up to 30 min, full
 *   jitter), or the destination's Retry-After when longer (up to `maxRetryAfterMs`). A pending
 *   delivery is never given up, however old: a CRM down for hours or days gets every request when
 *   it is back;
 * - failed: the destination refused the request for good (a 4xx other than 408 and 429). It is
 *   kept (for `failedRetentionMs`), counted and logged at error level with the request's id and
 *   destination, for the business to act on.
 *
 * A delivery whose destination has no sender (its settings are missing in this process) is not
 * lost: it is put back as pending, looked at again every `unconfiguredRecheckMs`, and the log says
 * so once per destination. Each put-back counts as an attempt (the store counts every settlement).
 *
 * The visitor's fields never reach the log: lines carry the request's id, kind and destination,
 * and a destination's error message has every value of the request's fields taken out of it (a
 * CRM may quote the address it refused) before it is logged or stored.
 *
 * A delivery is sent only while its lease has the send's deadline (`sendTimeoutMs`) and
 * `settleMarginMs` left; otherwise it is left to its lease, due again when that ends, since another
 * worker may then take it over. Delivery is at least once: a worker that dies while a destination
 * has the request, or before the answer is written, leaves it leased, and it is sent again when
 * the lease ends, with the same request id as idempotency key (the webhook's Idempotency-Key,
 * Klaviyo's unique_id, the inbox's file name), so a repeat is never a second lead.
 *
 * Settled requests are deleted after their retention (`retentionMs` after delivery,
 * `failedRetentionMs` for one with a failed delivery), checked at most once per `purgeEveryMs`.
 * `stop()` stops claiming and waits for the round in flight (bounded by the send's deadline).
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "../observability/logger";
import { SpanKind, withSpan } from "../observability/tracing";
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from "../outbox/backoff";
import type { RequestDestinationSender, SendResult } from "./destinations/destination";
import type {
  ClaimedDelivery,
  DeliveryOutcome,
  NewVisitorRequest,
  RequestDestination,
  RequestStore,
} from "./requestStore";
import { createWorkerLoop } from "../outbox/workerLoop";

export interface RequestWorkerOptions {
  store: RequestStore;
  /** The destinations configured in this process; a delivery to any other waits, pending. */
  senders: Partial<Record<RequestDestination, RequestDestinationSender>>;
  logger: Logger;
  workerId?: string;
  /** How long a claim holds its deliveries (ms): longer than a round, so only a crashed worker's are taken over. */
  leaseMs?: number;
  /** Deliveries per claim. */
  batchSize?: number;
  /** Deliveries sent at once. */
  concurrency?: number;
  /** Pause when nothing is due (ms). */
  idleMs?: number;
  /** The back-off of a delivery that failed, from its attempts. */
  backoff?: BackoffPolicy;
  /** The longest Retry-After honoured (ms). */
  maxRetryAfterMs?: number;
  /** The deadline of one send (ms): Klaviyo's two requests of 10 s each fit in it. */
  sendTimeoutMs?: number;
  /** Lease time kept back for settling after the send's deadline (ms); default a sixth of the lease. */
  settleMarginMs?: number;
  /** How soon a delivery without a sender is looked at again (ms). */
  unconfiguredRecheckMs?: number;
  /** Requests all of whose deliveries were delivered are deleted this long after (ms). */
  retentionMs?: number;
  /** Requests with a failed delivery are deleted this long after it was settled (ms). */
  failedRetentionMs?: number;
  /** How often retention is applied (ms). */
  purgeEveryMs?: number;
  /** The back-off of the loop while the store fails. */
  storeBackoff?: BackoffPolicy;
  now?: () => number;
  random?: () => number;
  /** Told each outcome of a send, once it is settled (metrics). */
  onOutcome?: (destination: RequestDestination, outcome: DeliveryOutcome) => void;
}

export interface RequestWorker {
  readonly id: string;
  /** Starts the loop (once). */
  start(): void;
  /** Stops claiming; resolves when the round in flight (sends and settlements) has finished. */
  stop(): Promise<void>;
  /** One round: purge when due, claim, send, settle. Resolves how many deliveries it claimed. */
  runOnce(): Promise<number>;
}

export const DEFAULT_REQUEST_LEASE_MS = 60_000;
export const DEFAULT_REQUEST_BATCH_SIZE = 20;
/** 5 s, doubling, at most 30 min apart: an outage of hours costs a few dozen attempts per request, and none is given up. */
export const DEFAULT_REQUEST_BACKOFF: BackoffPolicy = { initialMs: 5_000, factor: 2, maxMs: 30 * 60_000 };
export const DEFAULT_SEND_TIMEOUT_MS = 25_000;
export const DEFAULT_REQUEST_RETENTION_MS = 30 * 24 * 3_600_000;
export const DEFAULT_FAILED_RETENTION_MS = 90 * 24 * 3_600_000;

/** Values shorter than this are option ids and flags ("uk", "on"), not something a visitor wrote. */
const MIN_SCRUBBED_LENGTH = 3;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `text` with every value of the request's fields (and each word of the name, the email's local
 * part, the phone without its spacing) replaced by `[field]`, ignoring case: for what a
 * destination answered, which may quote what the visitor typed, before it is logged or stored.
 */
export function withoutFields(text: string, fields: NewVisitorRequest["fields"]): string {
  const values = new Set<string>();
  const add = (value: string) => {
    const trimmed = value.trim();
    if (trimmed.length >= MIN_SCRUBBED_LENGTH) values.add(trimmed);
  };
  for (const value of Object.values(fields)) {
    if (typeof value === "string") add(value);
    else if (Array.isArray(value)) for (const item of value) add(item);
  }
  if (typeof fields.name === "string") for (const word of fields.name.split(/\s+/)) add(word);
  if (typeof fields.email === "string") add(fields.email.split("@")[0]);
  if (typeof fields.phone === "string") add(fields.phone.replace(/[\s().-]/g, ""));
  if (!values.size) return text;
  // Longest first, so a value inside another (a surname inside the whole name) leaves nothing behind.
  const pattern = [...values]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|");
  return text.replace(new RegExp(pattern, "gi"), "[field]");
}

/** Runs `work` on each item, at most `size` at once; rejects with the first failure once all have finished. */
async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(size, items.length)) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  const settled = await Promise.allSettled(lanes);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failure) throw failure.reason;
}

export function createRequestWorker(options: RequestWorkerOptions): RequestWorker {
  const {
    store,
    senders,
    workerId = `request-worker-${randomUUID()}`,
    leaseMs = DEFAULT_REQUEST_LEASE_MS,
    batchSize = DEFAULT_REQUEST_BATCH_SIZE,
    concurrency = 4,
    idleMs = 1_000,
    backoff = DEFAULT_REQUEST_BACKOFF,
    maxRetryAfterMs = 3_600_000,
    sendTimeoutMs = DEFAULT_SEND_TIMEOUT_MS,
    unconfiguredRecheckMs = 5 * 60_000,
    retentionMs = DEFAULT_REQUEST_RETENTION_MS,
    failedRetentionMs = DEFAULT_FAILED_RETENTION_MS,
    purgeEveryMs = 3_600_000,
    storeBackoff = DEFAULT_BACKOFF,
    now = Date.now,
    random = Math.random,
    onOutcome,
  } = options;
  const settleMarginMs = options.settleMarginMs ?? Math.floor(leaseMs / 6);
  if (leaseMs <= sendTimeoutMs + settleMarginMs)
    throw new Error(
      `request lease (${leaseMs} ms) must be longer than the send's deadline plus the settle margin (${sendTimeoutMs + settleMarginMs} ms)`,
    );
  const logger = options.logger.child({ worker: workerId });
  const warnedUnconfigured = new Set<RequestDestination>();
  let lastPurge = -Infinity;

  async function purge(): Promise<void> {
    const at = now();
    if (at - lastPurge < purgeEveryMs) return;
    lastPurge = at;
    const deleted = await store.purge({
      deliveredBefore: at - retentionMs,
      failedBefore: at - failedRetentionMs,
      now: at,
    });
    if (deleted)
      logger.info({ deleted }, `request retention: deleted ${deleted} settled requests past their retention`);
  }

  /** Settles with a few quick retries (a delivered request left leased would be sent again); resolves whether this worker still held it. */
  async function settle(delivery: ClaimedDelivery, outcome: DeliveryOutcome): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        const settled = await store.settle(delivery.requestId, delivery.destination, workerId, outcome);
        if (!settled)
          logger.warn(
            { requestId: delivery.requestId, destination: delivery.destination },
            "request delivery was taken over by another worker after its lease ran out",
          );
        return settled;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, storeBackoff, random)));
      }
    }
  }

  async function send(sender: RequestDestinationSender, delivery: ClaimedDelivery): Promise<SendResult> {
    try {
      return await withSpan(
        "request.deliver",
        () => sender.send(delivery.request, AbortSignal.timeout(sendTimeoutMs)),
        {
          kind: SpanKind.CLIENT,
          attributes: () => ({ "request.destination": delivery.destination, "request.kind": delivery.request.kind }),
          result: (r) => ({ "request.outcome": r.ok ? "delivered" : r.permanent ? "failed" : "retry" }),
        },
      );
    } catch (error) {
      // A sender answers every outcome with a result; one that throws has a bug, which a later attempt may not hit.
      return { ok: false, permanent: false, error: `the ${sender.name} sender failed: ${(error as Error).message}` };
    }
  }

  async function deliverOne(delivery: ClaimedDelivery): Promise<void> {
    const { requestId, destination } = delivery;
    const ids = { requestId, destination, kind: delivery.request.kind };
    const sender = senders[destination];
    if (!sender) {
      if (!warnedUnconfigured.has(destination)) {
        warnedUnconfigured.add(destination);
        logger.warn(
          { destination },
          `requests for the ${destination} destination are kept pending: it is not configured in this process`,
        );
      }
      const at = now();
      await settle(delivery, {
        status: "retry",
        at,
        nextAttemptAt: at + unconfiguredRecheckMs,
        error: `the ${destination} destination is not configured`,
      });
      return;
    }
    const leaseLeftMs = (delivery.leaseUntil ?? Number.NEGATIVE_INFINITY) - now();
    if (leaseLeftMs < sendTimeoutMs + settleMarginMs) {
      // Another worker may take it over when the lease ends: sending now could send it twice at once.
      logger.warn({ ...ids, leaseLeftMs }, "no lease time left to send a request: left to its lease");
      return;
    }
    const result = await send(sender, delivery);
    const at = now();
    const attempts = delivery.attempts + 1;
    let outcome: DeliveryOutcome;
    if (result.ok) outcome = { status: "delivered", at };
    else {
      const error = withoutFields(result.error, delivery.request.fields);
      if (result.permanent) outcome = { status: "failed", at, error };
      else {
        const retryAfter = Math.min(result.retryAfterMs ?? 0, maxRetryAfterMs);
        const nextAttemptAt = at + Math.max(retryAfter, backoffDelay(attempts, backoff, random));
        outcome = { status: "retry", at, nextAttemptAt, error };
      }
    }
    const held = await settle(delivery, outcome);
    if (!held) return;
    switch (outcome.status) {
      case "delivered":
        logger.info({ ...ids, attempts }, `request delivered to ${destination}`);
        break;
      case "retry":
        logger.warn(
          { ...ids, attempts, error: outcome.error, retryInMs: outcome.nextAttemptAt - at },
          `request delivery to ${destination} failed: will retry`,
        );
        break;
      case "failed":
        logger.error(
          { ...ids, attempts, error: outcome.error },
          `request refused by ${destination}: marked failed, kept for the business to act on`,
        );
        break;
    }
    onOutcome?.(destination, outcome);
  }

  /** One round; resolves the deliveries claimed and the pause before the next round. */
  async function round(): Promise<{ claimed: number; pauseMs: number }> {
    await purge();
    const batch = await store.claim(workerId, batchSize, leaseMs, now());
    if (!batch.length) return { claimed: 0, pauseMs: idleMs };
    await inPool(batch, concurrency, deliverOne);
    return { claimed: batch.length, pauseMs: 0 };
  }

  const loop = createWorkerLoop({
    round: async () => (await round()).pauseMs,
    backoff: storeBackoff,
    random,
    onStoreError: (error, retryInMs) =>
      logger.error({ err: error, retryInMs }, "request store unavailable: delivery paused"),
  });

  return {
    id: workerId,
    start() {
      if (!loop.start()) return;
      const configured = Object.keys(senders).filter((name) => senders[name as RequestDestination]);
      logger.info({ destinations: configured }, `delivering requests to ${configured.join(", ") || "no destination"}`);
    },
    stop: () => loop.stop(),
    async runOnce() {
      return (await round()).claimed;
    },
  };
}
