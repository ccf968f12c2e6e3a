/**
 * The outbox's retention, run by the delivery worker before its claims (server/outbox/deliveryWorker.ts):
 * at most once per `purgeEveryMs`, settled events (delivered, failed, not_sent) are deleted after
 * the retention period (and the oldest beyond `maxSettled` sooner), and pending ones older than
 * the maximum age (Meta refuses events older than 7 days) are given up and deleted. Each purge is
 * logged: pending events given up as a warning, settled ones as routine.
 */
import type { Logger } from "../observability/logger";
import type { OutboxStore } from "./store";

export interface RetentionOptions {
  store: OutboxStore;
  logger: Logger;
  /** Delivered, failed and not_sent events are kept this long after settling (ms), then deleted. */
  retentionMs: number;
  /** Pending events older than this (ms) are deleted undelivered. */
  pendingMaxAgeMs: number;
  /** At most this many settled events are kept (the oldest go first, before their retention ends); default: no bound. */
  maxSettled?: number;
  /** How often expired events are deleted (ms). */
  purgeEveryMs: number;
  now: () => number;
}

/** The purge the worker runs each round: it does something at most once per `purgeEveryMs`. */
export function createRetention({
  store,
  logger,
  retentionMs,
  pendingMaxAgeMs,
  maxSettled,
  purgeEveryMs,
  now,
}: RetentionOptions): () => Promise<void> {
  let lastPurge = -Infinity;
  const purged = { total: 0 };

  return async function purge(): Promise<void> {
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
  };
}
