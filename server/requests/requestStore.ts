/**
 * The request store: a visitor's request (a showroom visit, a consultation, samples, a quote) is
 * written here, durably, before the visitor is told it was received, with one delivery per
 * destination (the business's webhook, Klaviyo, the local inbox). A worker then delivers each
 * with retries (server/requests/requestWorker.ts). Two adapters implement it (SQLite under
 * DATA_DIR, and Firestore); one contract suite (test/requestStore.contract.test.ts) runs against
 * both (docs/requests.md).
 *
 * A delivery is claimed with a lease, as the tracking outbox's events are (server/outbox/store.ts):
 * while `leased` only the worker holding the lease may settle it; when the lease runs out (a
 * crashed worker) any worker may claim it again. Delivery is at least once; every destination is
 * given the request's id as its idempotency key, so a repeat is never a second lead.
 */
import type { Region } from "../../shared/region";
import type { RequestKind } from "../../shared/requests/requestKinds";
import type { RequestFields } from "../../shared/requests/requestSchema";

export const REQUEST_DESTINATIONS = ["webhook", "klaviyo", "inbox"] as const;
/** `webhook`: the business's CRM (REQUESTS_WEBHOOK_URL); `klaviyo`: Klaviyo's server API; `inbox`: files under DATA_DIR. */
export type RequestDestination = (typeof REQUEST_DESTINATIONS)[number];

export const DELIVERY_STATUSES = ["pending", "leased", "delivered", "failed"] as const;
/** `failed`: the destination refused it for good (a 4xx other than 408 and 429): kept, counted and alerted on. */
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface NewVisitorRequest {
  /** A UUID: the idempotency key every destination gets, and the Meta event's `event_id`. */
  id: string;
  kind: RequestKind;
  region: Region;
  /** The fields as checked (shared/requests/requestSchema.ts). */
  fields: RequestFields;
  /** The page the form was on (a path of the site), for the business's context. */
  page: string;
  /** When it was received (ms since the epoch). */
  receivedAt: number;
  /** Where it goes: one delivery each, all written with the request in one atomic write. */
  destinations: readonly RequestDestination[];
}

export interface DeliveryRecord {
  requestId: string;
  destination: RequestDestination;
  status: DeliveryStatus;
  /** Attempts that got an answer or timed out. */
  attempts: number;
  /** A pending delivery is not claimed before this time (ms): the back-off after a failure. */
  nextAttemptAt: number;
  leasedBy: string | null;
  leaseUntil: number | null;
  lastError: string | null;
  deliveredAt: number | null;
  updatedAt: number;
}

/** A claimed delivery, with the request it delivers. */
export interface ClaimedDelivery extends DeliveryRecord {
  request: NewVisitorRequest;
}

export type DeliveryOutcome =
  | { status: "delivered"; at: number }
  | { status: "retry"; at: number; nextAttemptAt: number; error: string }
  | { status: "failed"; at: number; error: string };

export type DeliveryCounts = Record<DeliveryStatus, number>;
export const emptyDeliveryCounts = (): DeliveryCounts => ({ pending: 0, leased: 0, delivered: 0, failed: 0 });

export interface RequestRetention {
  /** Requests all of whose deliveries were delivered before this time (ms) are deleted with them. */
  deliveredBefore: number;
  /** Requests with a failed delivery, settled before this time (ms), are deleted too (kept longer, for the business to act on). */
  failedBefore: number;
  now: number;
  /** At most this many requests deleted per call; default 1000. */
  limit?: number;
}

export interface RequestStore {
  readonly kind: "sqlite" | "firestore";
  /**
   * Stores the request and one pending delivery per destination, atomically and durably, before
   * it resolves. Resolves `false` (and changes nothing) when a request with that id exists.
   */
  add(request: NewVisitorRequest): Promise<boolean>;
  /**
   * Atomically takes up to `limit` due deliveries, oldest due first: pending ones whose
   * `nextAttemptAt <= now`, and leased ones whose lease ended by `now`. They become `leased` by
   * `workerId` until `now + leaseMs`. Two concurrent claims never return the same delivery.
   */
  claim(workerId: string, limit: number, leaseMs: number, now: number): Promise<ClaimedDelivery[]>;
  /**
   * Settles one delivery that `workerId` still holds; resolves false (changing nothing) when it
   * does not hold it any more. `retry` makes it pending again from `nextAttemptAt`; each outcome
   * counts one attempt.
   */
  settle(
    requestId: string,
    destination: RequestDestination,
    workerId: string,
    outcome: DeliveryOutcome,
  ): Promise<boolean>;
  /** Deletes settled requests past their retention (docs/requests.md, "How long"); resolves how many. */
  purge(retention: RequestRetention): Promise<number>;
  /** Deliveries in each status. */
  counts(): Promise<DeliveryCounts>;
  /** When the oldest request with a delivery still to make (pending or leased) was received (ms), or undefined. */
  oldestUndeliveredAt(): Promise<number | undefined>;
  /** One request and its deliveries, for diagnostics and tests. */
  get(id: string): Promise<{ request: NewVisitorRequest; deliveries: DeliveryRecord[] } | undefined>;
  close(): Promise<void>;
}
