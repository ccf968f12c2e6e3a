/**
 * One outbox event as the Firestore outbox stores it (server/outbox/firestoreStore.ts): a document
 * per event in the collection `outbox`, its payload kept as JSON text, and the fields a transition
 * changes when an event is settled.
 */
import { clipError, type OutboxRecord, type OutboxStatus, type Settlement } from "./store";

export interface OutboxDocument {
  region: string;
  /** The server event as JSON text: stored as sent, whatever its field names. */
  payload: string;
  status: OutboxStatus;
  attempts: number;
  createdAt: number;
  updatedAt: number;
  nextAttemptAt: number;
  leasedBy: string | null;
  leaseUntil: number | null;
  /** nextAttemptAt while pending, leaseUntil while leased, null once settled for good. */
  claimableAt: number | null;
  lastError: string | null;
  deliveredAt: number | null;
  /** Bumped by every claim; `{id}.{gen}` in the transitions collection marks the claim taken. */
  gen: number;
}

export const toRecord = (id: string, doc: OutboxDocument): OutboxRecord => ({
  id,
  region: doc.region,
  payload: JSON.parse(doc.payload),
  createdAt: doc.createdAt,
  status: doc.status,
  attempts: doc.attempts,
  nextAttemptAt: doc.nextAttemptAt,
  leasedBy: doc.leasedBy,
  leaseUntil: doc.leaseUntil,
  lastError: doc.lastError,
  deliveredAt: doc.deliveredAt,
  updatedAt: doc.updatedAt,
});

/** The changed fields of a settled event, by outcome. */
export function settledFields(outcome: Settlement): Partial<OutboxDocument> {
  const released = { leasedBy: null, leaseUntil: null, updatedAt: outcome.at };
  switch (outcome.status) {
    case "delivered":
      return { ...released, status: "delivered", deliveredAt: outcome.at, claimableAt: null, lastError: null };
    case "retry":
      return {
        ...released,
        status: "pending",
        nextAttemptAt: outcome.nextAttemptAt,
        claimableAt: outcome.nextAttemptAt,
        lastError: clipError(outcome.error),
      };
    case "failed":
      return { ...released, status: "failed", claimableAt: null, lastError: clipError(outcome.error) };
    case "not_sent":
      return { ...released, status: "not_sent", claimableAt: null, lastError: clipError(outcome.reason) };
  }
}
