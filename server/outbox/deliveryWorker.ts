/**
 * The delivery worker: claims due events from the outbox (a lease, so several instances can run
 * it at once without sending an event twice), sends them to the Conversions API in requests of
 * at most 1000, and settles them: delivered; pending again after a back-off with jitter (5xx,
 * 429, timeouts: 1 s × 1.5ⁿ up to 60 s, or Meta's Retry-After when longer); failed with Meta's
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
 * `stop()` stops claiming and waits for the delivery in flight (bounded by the request timeout).
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "../observability/logger";
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from "./backoff";
import { MAX_EVENTS_PER_REQUEST, sendEvents, type GraphOutcome, type MetaCredentials } from "./metaGraphClient";
import type { OutboxRecord, OutboxStore, Settlement } from "./store";
import { SpanKind, withSpan } from "../observability/tracing";

export interface DeliveryWorkerOptions {
  store: OutboxStore;
  logger: Logger;
  /** Undefined: nothing is sent; claimed events are marked `not_sent`. */
  credentials: MetaCredentials | undefined;
  workerId?: string;
  /** Events per request, at most 1000. */
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

const NOT_CONFIGURED = "Meta Conversions API credentials are not configured (META_PIXEL_ID, META_ACCESS_TOKEN)";

/** Sleeps `ms`, or less when `wake` is called. */
function interruptibleSleep() {
  let wake = () => {};
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = () => {};
        resolve();
      }
      wake = done;
    });
  return { sleep, wake: () => wake() };
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const {
    store,
    credentials,
    workerId = `worker-${randomUUID()}`,
    leaseMs = 30_000,
    requestTimeoutMs = 1_500,
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
  const batchSize = Math.min(MAX_EVENTS_PER_REQUEST, Math.max(1, options.batchSize ?? MAX_EVENTS_PER_REQUEST));
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
  const { sleep, wake } = interruptibleSleep();
  let stopping = false;
  let loop: Promise<void> | undefined;
  /** Consecutive failed requests (Meta down) and failed store calls: each grows its own back-off. */
  let sendFailures = 0;
  let storeFailures = 0;
  let lastPurge = -Infinity;
  const purged = { total: 0 };

  /** Settles with a few quick retries: a delivered event left leased would be sent again after its lease. */
  async function settle(events: OutboxRecord[], outcome: Settlement): Promise<void> {
    const ids = events.map((e) => e.id);
    for (let attempt = 1; ; attempt++) {
      try {
        const settled = await store.settle(ids, workerId, outcome);
        if (settled < ids.length)
          logger.warn(
            { lost: ids.length - settled },
            "events were taken over by another worker after their lease ran out",
          );
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((r) => setTimeout(r, backoffDelay(attempt, backoff, random)));
      }
    }
  }

  async function purge(): Promise<void> {
    const at = now();
    if (at - lastPurge < purgeEveryMs) return;
    lastPurge = at;
    const deleted = await store.purge({
      settledBefore: at - retentionMs,
      pendingCreatedBefore: at - pendingMaxAgeMs,
      now: at,
      keepSettled: maxSettled,
    });
    const total = Object.values(deleted).reduce((sum, n) => sum + n, 0);
    if (!total) return;
    purged.total += total;
    // Pending events given up are lost conversions: a warning, not routine housekeeping.
    if (deleted.pending)
      logger.warn(
        { deleted },
        `outbox retention: deleted ${total} events, ${deleted.pending} of them never delivered (older than the maximum age)`,
      );
    else
      logger.info(
        { deleted },
        `outbox retention: deleted ${total} settled events past their retention${maxSettled === undefined ? "" : ` or beyond the newest ${maxSettled}`}`,
      );
  }

  /** Settles a batch by the answer of its request; resolves how long the worker pauses after it. */
  async function apply(batch: OutboxRecord[], outcome: GraphOutcome): Promise<number> {
    const at = now();
    if (outcome.kind === "delivered") {
      sendFailures = 0;
      await settle(batch, { status: "delivered", at });
      if (outcome.eventsReceived !== undefined && outcome.eventsReceived !== batch.length) {
        logger.warn(
          { sent: batch.length, eventsReceived: outcome.eventsReceived },
          "Meta acknowledged a different number of events",
        );
      }
      logger.info({ events: batch.length }, "events delivered to Meta");
      return 0;
    }
    if (outcome.kind === "rejected") {
      sendFailures = 0;
      await settle(batch, { status: "failed", at, error: outcome.error });
      logger.error({ events: batch.length, error: outcome.error }, "Meta refused events: marked failed");
      return 0;
    }
    sendFailures++;
    const retryAfter = Math.min(outcome.retryAfterMs ?? 0, maxRetryAfterMs);
    const attempts = Math.max(...batch.map((e) => e.attempts)) + 1;
    const nextAttemptAt = at + Math.max(retryAfter, backoffDelay(attempts, backoff, random));
    await settle(batch, { status: "retry", at, nextAttemptAt, error: outcome.error });
    const pause = Math.max(retryAfter, backoffDelay(sendFailures, backoff, random));
    logger.warn(
      { events: batch.length, error: outcome.error, retryInMs: nextAttemptAt - at },
      "Meta delivery failed: will retry",
    );
    return pause;
  }

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

  /** One Conversions API request for `events`. */
  const send = (events: readonly OutboxRecord[], creds: MetaCredentials) =>
    withSpan(
      "meta.deliver",
      () =>
        sendEvents(
          events.map((e) => e.payload),
          creds,
          { fetch: fetchImpl, timeoutMs: requestTimeoutMs, now },
        ),
      {
        kind: SpanKind.CLIENT,
        attributes: () => ({ "meta.batch_size": events.length }),
        result: (o) => ({ "meta.outcome": o.kind, ...(o.kind === "delivered" ? {} : { "meta.error": o.error }) }),
      },
    );

  /**
   * Sends a claimed batch and settles it by Meta's answers; a refused part is split in halves
   * until each refused event is alone. A part is sent only while the lease leaves the request's
   * timeout and the settle margin (else it is left to its lease, due again when that ends); once
   * Meta answers "later", the parts not yet sent are retried with the part that got that answer.
   * Resolves the pause before the next round.
   */
  async function deliver(batch: OutboxRecord[], creds: MetaCredentials): Promise<number> {
    const leaseEnd = Math.min(...batch.map((e) => e.leaseUntil ?? Infinity));
    const parts = [batch];
    let pause = 0;
    let split = 0;
    while (parts.length) {
      const part = parts.shift()!;
      if (leaseEnd - now() < requestTimeoutMs + settleMarginMs) {
        const left = [part, ...parts].flat();
        logger.warn(
          { events: left.length, splits: split },
          "no lease time left to send the rest of a refused batch: left to the lease, due again when it ends",
        );
        break;
      }
      const outcome = await send(part, creds);
      if (outcome.kind === "rejected" && part.length > 1) {
        if (!split++)
          logger.warn(
            { events: part.length, error: outcome.error },
            "Meta refused a batch: splitting it to find the refused events",
          );
        const half = Math.ceil(part.length / 2);
        parts.unshift(part.slice(0, half), part.slice(half));
        continue;
      }
      if (outcome.kind === "retry") return Math.max(pause, await apply([part, ...parts].flat(), outcome));
      pause = Math.max(pause, await apply(part, outcome));
    }
    return pause;
  }

  async function run(): Promise<void> {
    while (!stopping) {
      let pause: number;
      try {
        pause = (await round()).pauseMs;
        storeFailures = 0;
      } catch (error) {
        storeFailures++;
        pause = backoffDelay(storeFailures, backoff, random);
        logger.error({ err: error, retryInMs: pause }, "outbox unavailable: delivery paused");
      }
      if (pause > 0 && !stopping) await sleep(pause);
    }
  }

  return {
    id: workerId,
    start() {
      if (loop !== undefined) return;
      if (!credentials) logger.warn(`${NOT_CONFIGURED}: tracking events are kept in the outbox and marked not_sent`);
      loop = run();
    },
    async stop() {
      stopping = true;
      wake();
      await loop;
    },
    async runOnce() {
      return (await round()).claimed;
    },
  };
}
