/**
 * The tracking outbox: conversion events wait here, durably, until a delivery worker has sent
 * them to Meta. Two adapters implement it (SQLite under DATA_DIR, and Firestore); the same
 * contract suite (test/outboxStore.contract.test.ts) runs against both.
 *
 * An event is claimed with a lease: while `leased`, only the worker holding the lease may
 * settle it, and when the lease runs out (a crashed worker) any worker may claim it again.
 *
 * What identifies the visitor (`user_data`: IP address, user agent, `_fbp`, click id) is kept
 * only while the event may still be sent: settling it delivered, failed or not_sent empties
 * `user_data` in the same write (docs/tracking-privacy.md).
 */
import type { MetaServerEvent } from "../tracking/metaEvent";

export const OUTBOX_STATUSES = ["pending", "leased", "delivered", "failed", "not_sent"] as const;
/**
 * `pending`: waiting (perhaps until `nextAttemptAt`); `leased`: a worker is delivering it;
 * `delivered`: Meta accepted it; `failed`: Meta refused it (4xx), for good; `not_sent`: no Meta
 * credentials were configured when a worker took it.
 */
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface NewOutboxEvent {
  /** The event's `event_id`: unique, shared with the browser pixel's event so Meta deduplicates. */
  id: string;
  /** The region the visitor was in (`us` or `uk`), kept with the event. */
  region: string;
  /** The server event exactly as it is sent to the Conversions API. */
  payload: MetaServerEvent;
  /** When the relay received it (ms since the epoch). */
  createdAt: number;
}

export interface OutboxRecord extends NewOutboxEvent {
  status: OutboxStatus;
  /** Delivery attempts that got an answer or a timeout (not counting `not_sent`). */
  attempts: number;
  /** A pending event is not claimed before this time (ms): the back-off after a failure. */
  nextAttemptAt: number;
  leasedBy: string | null;
  leaseUntil: number | null;
  /** Why the last attempt did not deliver (Meta's error for `failed`). */
  lastError: string | null;
  deliveredAt: number | null;
  updatedAt: number;
}

/** How a worker settles the events it holds. `at` is the time of the outcome (ms). */
export type Settlement =
  | { status: "delivered"; at: number }
  | { status: "retry"; at: number; nextAttemptAt: number; error: string }
  | { status: "failed"; at: number; error: string }
  | { status: "not_sent"; at: number; reason: string };

export type OutboxCounts = Record<OutboxStatus, number>;

export interface RetentionCutoffs {
  settledBefore: number;
  pendingCreatedBefore: number;
  now: number;
  /** At most this many deletions per call (the next call goes on); default 10,000. */
  limit?: number;
  /**
   * At most this many settled events are kept: beyond it the oldest settled ones go before their
   * retention ends, so a flood of events cannot fill the store with settled rows. Default: no bound.
   */
  keepSettled?: number;
}

/** Events deleted by a purge, by the status they had (a pending one with an ended lease counts as pending). */
export type PurgeCounts = Record<"delivered" | "failed" | "not_sent" | "pending", number>;
export const emptyPurgeCounts = (): PurgeCounts => ({ delivered: 0, failed: 0, not_sent: 0, pending: 0 });
export const DEFAULT_PURGE_LIMIT = 10_000;
export const SETTLED_STATUSES = ["delivered", "failed", "not_sent"] as const;

export interface OutboxStore {
  readonly kind: "sqlite" | "firestore";
  /**
   * Stores a new pending event, durably, before it resolves. Resolves `false` (and changes
   * nothing) when an event with that id is already stored: a repeated post is not a new event.
   */
  add(event: NewOutboxEvent): Promise<boolean>;
  /**
   * Atomically takes up to `limit` events that are due, oldest due first: pending ones whose
   * `nextAttemptAt <= now`, and leased ones whose lease ended by `now`. They become `leased` by
   * `workerId` until `now + leaseMs`. Two concurrent claims never return the same event.
   */
  claim(workerId: string, limit: number, leaseMs: number, now: number): Promise<OutboxRecord[]>;
  /**
   * Settles the events of `ids` that `workerId` still holds (leased by it, and not claimed
   * since by another worker); the others are left as they are. Resolves how many it settled.
   * `delivered`, `retry` and `failed` count one attempt; `retry` makes the event pending again
   * from `nextAttemptAt`. Every outcome but `retry` empties the payload's `user_data`.
   */
  settle(ids: readonly string[], workerId: string, outcome: Settlement): Promise<number>;
  /**
   * Retention: deletes settled events (delivered, failed, not_sent) settled before
   * `settledBefore`, then the oldest settled ones beyond `keepSettled`, and pending events (or
   * leased ones whose lease ended by `now`) created before `pendingCreatedBefore`, at most
   * `limit` in all per call. Resolves how many of each.
   */
  purge(cutoffs: RetentionCutoffs): Promise<PurgeCounts>;
  /** How many events are in each status. */
  counts(): Promise<OutboxCounts>;
  /** When the oldest event still to deliver (pending or leased) came in (ms), or undefined when none is: the metrics' `outbox_oldest_pending_age_seconds`. */
  oldestPendingAt?(): Promise<number | undefined>;
  /** One event, for diagnostics and tests. */
  get(id: string): Promise<OutboxRecord | undefined>;
  /** Releases the connection; the store is not used afterwards. */
  close(): Promise<void>;
}

/** The payload once its event is settled: the same event, nothing left that identifies the visitor. */
export const forgetVisitor = (payload: MetaServerEvent): MetaServerEvent => ({ ...payload, user_data: {} });

export const emptyCounts = (): OutboxCounts => ({ pending: 0, leased: 0, delivered: 0, failed: 0, not_sent: 0 });

/** The longest error text kept with an event. */
export const MAX_ERROR_LENGTH = 1000;
export const clipError = (error: string) =>
  error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error;
