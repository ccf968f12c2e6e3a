/**
 * Delivering one claimed batch (server/outbox/deliveryWorker.ts claims it): one Conversions API
 * request of at most 1000 events, then each event settled by Meta's answer: delivered; pending
 * again after a back-off with jitter (5xx, 429, timeouts: 1 s × 1.5ⁿ up to 60 s, or Meta's
 * Retry-After when longer); failed with Meta's error (other 4xx). Meta refuses a whole request for
 * one bad event, so a refused batch is split in halves, and halves again, until the refused events
 * are alone: only they are marked failed, the rest are delivered (k refused events among n cost
 * about 2k·log₂(n/k) more requests, each sent only while the lease has room for it).
 */
import type { Logger } from "../observability/logger";
import { SpanKind, withSpan } from "../observability/tracing";
import { backoffDelay, type BackoffPolicy } from "./backoff";
import { sendEvents, type GraphOutcome, type MetaCredentials } from "./metaGraphClient";
import type { OutboxRecord, OutboxStore, Settlement } from "./store";

export interface BatchDeliveryOptions {
  store: OutboxStore;
  /** The worker's logger. */
  logger: Logger;
  /** The lease holder: only its events are settled. */
  workerId: string;
  requestTimeoutMs: number;
  /** Lease time kept back for settling after the request's timeout (ms). */
  settleMarginMs: number;
  backoff: BackoffPolicy;
  /** The longest Retry-After honoured (ms). */
  maxRetryAfterMs: number;
  fetch?: typeof fetch;
  now: () => number;
  random: () => number;
}

export interface BatchDelivery {
  /** Settles with a few quick retries: a delivered event left leased would be sent again after its lease. */
  settle(events: OutboxRecord[], outcome: Settlement): Promise<void>;
  /** Sends a claimed batch and settles it by Meta's answers; resolves the pause before the next round. */
  deliver(batch: OutboxRecord[], creds: MetaCredentials): Promise<number>;
}

export function createBatchDelivery({
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
}: BatchDeliveryOptions): BatchDelivery {
  /** Consecutive failed requests (Meta down): each grows the pause after it. */
  let sendFailures = 0;

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
    // A request without an answer in time may still be processed by Meta: its events wait at
    // least another request timeout, so the copy does not go while the first is being worked on.
    const retryAfter = Math.max(
      Math.min(outcome.retryAfterMs ?? 0, maxRetryAfterMs),
      outcome.timedOut ? requestTimeoutMs : 0,
    );
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

  return { settle, deliver };
}
