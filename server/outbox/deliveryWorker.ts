/**
 * The delivery worker: claims due events from the outbox (a lease, so several instances can run
 * it at once, each event held by one of them), sends them to the Conversions API in requests of
 * `batchSize` (100 by default; Meta takes up to 1000), and settles them as soon as Meta answers: delivered; pending again after a back-off with jitter (5xx,
 * 429, timeouts: 1 s × 1.5ⁿ up to 60 s, or Meta's Retry-After when longer, and after a timeout at
 * least the request timeout, since Meta may still be processing it); failed with Meta's
 * error (other 4xx). Meta refuses a whole request for one bad event, so a refused batch is split
 * in halves, and halves again, until the refused events are alone: only they are marked failed,
 * the rest are delivered (k refused events among n cost about 2k·log₂(n/k) more requests, each
 * sent only while the lease has room for it). Settled events (delivered, failed, not_sent) are
 * deleted after the retention period (and the oldest beyond `maxSettled` sooner), and pending
 * ones older than the maximum age (Meta refuses events older than 7 days) are given up and
 * deleted: each purge is counted and logged. Without Meta credentials events are marked
 * `not_sent`, and the log says so once.
 *
 * A batch is sent only while its lease has at least the request timeout plus `settleMarginMs`
 * left (or the claim's own duration, when longer: settling writes each event as claiming did),
 * counted from before the claim call started: a claim that took longer (a slow store: on
 * the Firestore emulator a claim costs a few ms an event when idle, many times that under load)
 * is not sent but left to its
 * lease, since another worker may already have taken those events over and sent them. The next
 * claim asks for fewer events (halving down to 1, growing back while claims are quick), so a slow
 * store still delivers. Settlement is fenced by both stores on the lease holder.
 *
 * Delivery is at least once (docs/tracking.md): a worker that dies while Meta has its request, or
 * before the answer is written, leaves those events leased, and they are sent again when the lease
 * ends; Meta drops the repeats by event_id. What one crash can repeat is the request in flight:
 * a claim is one request, so requests are kept small (`batchSize`); the cost is more requests
 * for a backlog (100 events each, still hundreds of events a second per worker).
 *
 * `stop()` stops claiming and waits for the delivery in flight (bounded by the request timeout).
 *
 * Sending and settling a claimed batch is batchDelivery.ts; retention is outboxRetention.ts.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "../observability/logger";
import { DEFAULT_BACKOFF, type BackoffPolicy } from "./backoff";
import { createBatchDelivery } from "./batchDelivery";
import { MAX_EVENTS_PER_REQUEST, META_REQUEST_TIMEOUT_MS, type MetaCredentials } from "./metaGraphClient";
import { createRetention } from "./outboxRetention";
import type { OutboxStore } from "./store";
import { createWorkerLoop } from "./workerLoop";

export interface DeliveryWorkerOptions {
  store: OutboxStore;
  logger: Logger;
  /** Undefined: nothing is sent; claimed events are marked `not_sent`. */
  credentials: MetaCredentials | undefined;
  /**
   * Running without credentials is the expected set-up (the embedded site of `npm start` and
   * `npm run dev`): the log says so once as information, not as a warning to act on.
   */
  unconfiguredExpected?: boolean;
  workerId?: string;
  /** Events per claim and per request, at most 1000 (Meta's limit); default DEFAULT_BATCH_SIZE. */
  batchSize?: number;
  /** How long a claim holds its events: longer than a delivery, so only a crashed worker's events are taken over. */
  leaseMs?: number;
  requestTimeoutMs?: number;
  /**
   * Lease time kept back for settling after the request's timeout (ms): a batch whose lease has
   * less than `requestTimeoutMs + settleMarginMs` left when its claim returns is not sent.
   * Default: a third of the lease.
   */
  settleMarginMs?: number;
  backoff?: BackoffPolicy;
  /** Pause when nothing is due (ms). */
  idleMs?: number;
  /** Delivered, failed and not_sent events are kept this long after settling (ms), then deleted. */
  retentionMs?: number;
  /** Pending events older than this (ms) are deleted undelivered. */
  pendingMaxAgeMs?: number;
  /** At most this many settled events are kept (the oldest go first, before their retention ends); default: no bound. */
  maxSettled?: number;
  /** How often the worker deletes expired delivered events (ms). */
  purgeEveryMs?: number;
  /** The longest Retry-After honoured (ms). */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
}

export interface DeliveryWorker {
  readonly id: string;
  /** Starts the loop (once). */
  start(): void;
  /** Stops claiming; resolves when the round in flight (delivery and settlement) has finished. */
  stop(): Promise<void>;
  /** One round: claim, deliver, settle. Resolves how many events it claimed. */
  runOnce(): Promise<number>;
}

/**
 * Events per claim and per request by default: what a worker that dies mid-send may have Meta
 * receive twice (docs/tracking.md). Meta takes up to 1000 a request.
 */
export const DEFAULT_BATCH_SIZE = 100;
/**
 * How long a claim holds its events (ms): the request's timeout (META_REQUEST_TIMEOUT_MS, 15 s),
 * a third kept back for settling (20 s), and the claim's own time, so a worker waiting on a slow
 * Meta still holds its events and no other worker sends them meanwhile.
 */
export const DEFAULT_LEASE_MS = 60_000;

const NOT_CONFIGURED = "Meta Conversions API credentials are not configured (META_PIXEL_ID, META_ACCESS_TOKEN)";

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const {
    store,
    credentials,
    workerId = `worker-${randomUUID()}`,
    leaseMs = DEFAULT_LEASE_MS,
    requestTimeoutMs = META_REQUEST_TIMEOUT_MS,
    backoff = DEFAULT_BACKOFF,
    idleMs = 1_000,
    retentionMs = 7 * 24 * 3_600_000,
    pendingMaxAgeMs = 7 * 24 * 3_600_000,
    maxSettled,
    purgeEveryMs = 15 * 60_000,
    maxRetryAfterMs = 3_600_000,
    fetch: fetchImpl,
    now = Date.now,
    random = Math.random,
  } = options;
  const batchSize = Math.min(MAX_EVENTS_PER_REQUEST, Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE));
  const settleMarginMs = options.settleMarginMs ?? Math.floor(leaseMs / 3);
  /** How long a claim may take and still leave the send its timeout and settling its margin. */
  const claimBudgetMs = leaseMs - requestTimeoutMs - settleMarginMs;
  if (claimBudgetMs <= 0)
    throw new Error(
      `delivery lease (${leaseMs} ms) must be longer than the request timeout plus the settle margin (${leaseMs - claimBudgetMs} ms)`,
    );
  /** Events asked for per claim: fewer after a slow claim, back up to batchSize after quick ones. */
  let claimLimit = batchSize;
  const logger = options.logger.child({ worker: workerId });
  const purge = createRetention({
    store,
    logger,
    retentionMs,
    pendingMaxAgeMs,
    maxSettled,
    purgeEveryMs,
    now,
  });
  const { settle, deliver } = createBatchDelivery({
    store,
    logger,
    workerId,
    requestTimeoutMs,
    settleMarginMs,
    backoff,
    maxRetryAfterMs,
    fetch: fetchImpl,
    now,
    random,
  });

  /** One round; resolves the events claimed and the pause before the next round. */
  async function round(): Promise<{ claimed: number; pauseMs: number }> {
    await purge();
    // The lease runs from this moment, so a slow claim eats into it.
    const claimedFrom = now();
    const batch = await store.claim(workerId, claimLimit, leaseMs, claimedFrom);
    const claimMs = now() - claimedFrom;
    if (claimMs > claimBudgetMs / 2) claimLimit = Math.max(1, Math.floor(claimLimit / 2));
    else if (claimMs < claimBudgetMs / 8) claimLimit = Math.min(batchSize, claimLimit * 2);
    if (!batch.length) return { claimed: 0, pauseMs: idleMs };
    const leaseLeftMs = Math.min(...batch.map((e) => e.leaseUntil ?? claimedFrom + leaseMs)) - now();
    // Settling writes each event as claiming did: expect it to take about as long as the claim.
    if (leaseLeftMs < requestTimeoutMs + Math.max(settleMarginMs, claimMs)) {
      // Another worker may have taken these over once the lease ran out: sending could send them twice.
      // Left leased, they are due again when the lease ends, shortly.
      logger.warn(
        { events: batch.length, claimMs, leaseLeftMs, nextClaimLimit: claimLimit },
        "claim took too long to send within its lease: left to the lease, claiming fewer",
      );
      return { claimed: batch.length, pauseMs: 0 };
    }
    if (!credentials) {
      await settle(batch, { status: "not_sent", at: now(), reason: NOT_CONFIGURED });
      return { claimed: batch.length, pauseMs: 0 };
    }
    return { claimed: batch.length, pauseMs: await deliver(batch, credentials) };
  }

  const loop = createWorkerLoop({
    round: async () => (await round()).pauseMs,
    backoff,
    random,
    onStoreError: (error, retryInMs) => logger.error({ err: error, retryInMs }, "outbox unavailable: delivery paused"),
  });

  return {
    id: workerId,
    start() {
      if (!loop.start()) return;
      if (!credentials && options.unconfiguredExpected)
        logger.info(
          "Meta Conversions API not configured: conversion events are kept, not sent (META_PIXEL_ID and META_ACCESS_TOKEN send them)",
        );
      else if (!credentials)
        logger.warn(`${NOT_CONFIGURED}: tracking events are kept in the outbox and marked not_sent`);
    },
    stop: () => loop.stop(),
    async runOnce() {
      return (await round()).claimed;
    },
  };
}
