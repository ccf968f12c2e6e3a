/**
 * The production outbox: the Firestore collection `outbox` through `firebase-admin`, one
 * document per event (id = event_id), configured by FIRESTORE_PROJECT_ID and the standard
 * Google credentials (GOOGLE_APPLICATION_CREDENTIALS or the runtime's service account).
 *
 * Every change of a leased or due event is a compare-and-set on its generation `gen`: one atomic
 * batch creates the marker document `outbox_transitions/{id}.{gen}` and moves the event to
 * `gen + 1`. Firestore refuses to create a document that exists, so of two workers that read the
 * same generation exactly one wins, and the other's batch changes nothing. This gives what a
 * transaction would (a claim never overlaps another, only the lease holder settles), and unlike
 * a transaction it also holds on the in-process emulator the tests use, which does not isolate
 * transactions. Queries use single-field indexes only (`claimableAt`, `updatedAt`, `createdAt`,
 * `status`): no composite index to deploy.
 */
import { randomUUID } from "node:crypto";
import type {
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Query,
  QueryDocumentSnapshot,
} from "firebase-admin/firestore";
import {
  clipError,
  DEFAULT_PURGE_LIMIT,
  emptyPurgeCounts,
  forgetVisitor,
  OUTBOX_STATUSES,
  SETTLED_STATUSES,
  type NewOutboxEvent,
  type OutboxRecord,
  type OutboxStatus,
  type OutboxStore,
  type Settlement,
} from "./store";

export const DEFAULT_COLLECTION = "outbox";

/** gRPC status of a create that met an existing document. */
const ALREADY_EXISTS = 6;
/** Commits in flight at once when one call changes many events. */
const PARALLEL_COMMITS = 64;
/** Firestore's limit of writes per batch. */
const MAX_BATCH_WRITES = 500;

interface OutboxDocument {
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
  /** Bumped by every transition; `{id}.{gen}` in the transitions collection marks the step taken. */
  gen: number;
}

const toRecord = (id: string, doc: OutboxDocument): OutboxRecord => ({
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

const isAlreadyExists = (error: unknown) => (error as { code?: number }).code === ALREADY_EXISTS;

/** `fn` over `items`, at most `limit` at a time, results in order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  // Stryker disable next-line ArrayDeclaration: the size only saves growing the array; every slot is written by index
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]).then(
        (value) => ({ status: "fulfilled", value }) as const,
        (reason) => ({ status: "rejected", reason }) as const,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** The changed fields of a settled event, by outcome. */
function settledFields(outcome: Settlement): Partial<OutboxDocument> {
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

export interface FirestoreOutboxOptions {
  firestore: Firestore;
  /** Default `outbox`; transition markers go to `{collection}_transitions`. */
  collection?: string;
  /** Called by `close()` (ending the client the store was given, when it owns it). */
  onClose?: () => Promise<void>;
}

export function createFirestoreOutboxStore({
  firestore,
  collection = DEFAULT_COLLECTION,
  onClose,
}: FirestoreOutboxOptions): OutboxStore {
  const events = firestore.collection(collection);
  const transitions = firestore.collection(`${collection}_transitions`);

  /** Moves `ref` from generation `gen` to `gen + 1` with `fields`; false when another worker moved it first. */
  async function transition(
    ref: DocumentReference,
    gen: number,
    fields: Partial<OutboxDocument>,
    at: number,
  ): Promise<boolean> {
    const batch = firestore.batch();
    // The marker first: should it fail, nothing of the batch applies (also on the emulator).
    batch.create(transitions.doc(`${ref.id}.${gen}`), { at });
    batch.update(ref, { ...fields, gen: gen + 1 });
    try {
      await batch.commit();
      return true;
    } catch (error) {
      if (isAlreadyExists(error)) return false;
      throw error;
    }
  }

  /** The results of transitions: the ones that won; throws only when every one failed with an error. */
  function winners<T>(results: PromiseSettledResult<T | undefined>[]): T[] {
    const won = results.flatMap((r) => (r.status === "fulfilled" && r.value !== undefined ? [r.value] : []));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failure && !won.length) throw failure.reason;
    return won;
  }

  /** Deletes events with their transition markers, the event last, in batches of at most 500 writes. */
  async function deleteEvents(snapshots: readonly QueryDocumentSnapshot[]): Promise<void> {
    let batch = firestore.batch();
    let writes = 0;
    for (const snapshot of snapshots) {
      const { gen } = snapshot.data() as OutboxDocument;
      const refs = [...Array.from({ length: gen }, (_, g) => transitions.doc(`${snapshot.id}.${g}`)), snapshot.ref];
      for (const ref of refs) {
        if (writes === MAX_BATCH_WRITES) {
          await batch.commit();
          batch = firestore.batch();
          writes = 0;
        }
        batch.delete(ref);
        writes++;
      }
    }
    if (writes) await batch.commit();
  }

  async function readAll(ids: readonly string[]): Promise<DocumentSnapshot[]> {
    const snapshots: DocumentSnapshot[] = [];
    for (let i = 0; i < ids.length; i += 300)
      snapshots.push(...(await firestore.getAll(...ids.slice(i, i + 300).map((id) => events.doc(id)))));
    return snapshots;
  }

  return {
    kind: "firestore",
    async add(event: NewOutboxEvent) {
      const doc: OutboxDocument = {
        region: event.region,
        payload: JSON.stringify(event.payload),
        status: "pending",
        attempts: 0,
        createdAt: event.createdAt,
        updatedAt: event.createdAt,
        nextAttemptAt: event.createdAt,
        leasedBy: null,
        leaseUntil: null,
        claimableAt: event.createdAt,
        lastError: null,
        deliveredAt: null,
        gen: 0,
      };
      try {
        await events.doc(event.id).create(doc);
        return true;
      } catch (error) {
        if (isAlreadyExists(error)) return false;
        throw error;
      }
    },

    async claim(workerId, limit, leaseMs, now) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: the emulator answers limit(0) and limit(-1) with nothing; hosted Firestore refuses a negative limit, so the guard stays
      if (limit <= 0) return [];
      const due = await events.where("claimableAt", "<=", now).orderBy("claimableAt").limit(limit).get();
      const leaseUntil = now + leaseMs;
      const lease = {
        status: "leased" as const,
        leasedBy: workerId,
        leaseUntil,
        claimableAt: leaseUntil,
        updatedAt: now,
      };
      const results = await mapLimit(due.docs, PARALLEL_COMMITS, async (snapshot) => {
        const doc = snapshot.data() as OutboxDocument;
        const won = await transition(snapshot.ref, doc.gen, lease, now);
        return won ? toRecord(snapshot.id, { ...doc, ...lease, gen: doc.gen + 1 }) : undefined;
      });
      return winners(results);
    },

    async settle(ids, workerId, outcome) {
      // Stryker disable next-line ConditionalExpression: a shortcut; settling no ids settles nothing either
      if (!ids.length) return 0;
      const fields = settledFields(outcome);
      const counted = outcome.status === "not_sent" ? 0 : 1;
      const held = (await readAll(ids)).filter((s) => {
        const doc = s.data() as OutboxDocument | undefined;
        return doc?.status === "leased" && doc.leasedBy === workerId;
      });
      const results = await mapLimit(held, PARALLEL_COMMITS, async (snapshot) => {
        const doc = snapshot.data() as OutboxDocument;
        // The payload is JSON text: rewritten whole (the emulator ignores FieldValue.delete(), and text has no fields to delete).
        const payload =
          outcome.status === "retry" ? {} : { payload: JSON.stringify(forgetVisitor(JSON.parse(doc.payload))) };
        return (
          (await transition(
            snapshot.ref,
            doc.gen,
            { ...fields, ...payload, attempts: doc.attempts + counted },
            outcome.at,
          )) || undefined
        );
      });
      return winners(results).length;
    },

    async purge({ settledBefore, pendingCreatedBefore, now, limit = DEFAULT_PURGE_LIMIT, keepSettled }) {
      const counts = emptyPurgeCounts();
      let budget = limit;
      const settled = new Set<string>(SETTLED_STATUSES);
      // Single-field range queries, filtered here: a status + time query would need a composite index.
      const scans: Array<{ query: Query; doomed: (doc: OutboxDocument) => keyof typeof counts | undefined }> = [
        {
          query: events.where("updatedAt", "<", settledBefore).orderBy("updatedAt"),
          doomed: (doc) => (settled.has(doc.status) ? (doc.status as keyof typeof counts) : undefined),
        },
        {
          query: events.where("createdAt", "<", pendingCreatedBefore).orderBy("createdAt"),
          doomed: (doc) =>
            doc.status === "pending" || (doc.status === "leased" && (doc.leaseUntil ?? 0) <= now)
              ? "pending"
              : undefined,
        },
      ];
      for (const { query, doomed } of scans) {
        let after: QueryDocumentSnapshot | undefined;
        while (budget > 0) {
          const page = await (after ? query.startAfter(after) : query).limit(200).get();
          const chosen = page.docs
            .flatMap((snapshot) => {
              const status = doomed(snapshot.data() as OutboxDocument);
              return status ? [{ snapshot, status }] : [];
            })
            .slice(0, budget);
          await deleteEvents(chosen.map((c) => c.snapshot));
          for (const { status } of chosen) counts[status]++;
          budget -= chosen.length;
          if (page.size < 200) break;
          after = page.docs[page.docs.length - 1];
        }
      }
      if (keepSettled !== undefined && budget > 0) {
        // Counted after the expired ones went: the excess, oldest settled first.
        const settledNow = await Promise.all(
          SETTLED_STATUSES.map(
            async (status) => (await events.where("status", "==", status).count().get()).data().count,
          ),
        );
        let excess = Math.min(budget, settledNow.reduce((sum, n) => sum + n, 0) - keepSettled);
        let after: QueryDocumentSnapshot | undefined;
        const oldest = events.orderBy("updatedAt");
        while (excess > 0) {
          const page = await (after ? oldest.startAfter(after) : oldest).limit(200).get();
          const chosen = page.docs
            .filter((snapshot) => settled.has((snapshot.data() as OutboxDocument).status))
            .slice(0, excess);
          await deleteEvents(chosen);
          for (const snapshot of chosen) counts[(snapshot.data() as OutboxDocument).status as keyof typeof counts]++;
          excess -= chosen.length;
          if (page.size < 200) break;
          after = page.docs[page.docs.length - 1];
        }
      }
      return counts;
    },

    async counts() {
      const entries = await Promise.all(
        OUTBOX_STATUSES.map(
          async (status) => [status, (await events.where("status", "==", status).count().get()).data().count] as const,
        ),
      );
      return Object.fromEntries(entries) as Record<OutboxStatus, number>;
    },

    // Needs the composite index (status, createdAt) of deploy/firestore/firestore.indexes.json.
    async oldestPendingAt() {
      const oldest = await events.where("status", "in", ["pending", "leased"]).orderBy("createdAt").limit(1).get();
      return oldest.empty ? undefined : (oldest.docs[0].data() as OutboxDocument).createdAt;
    },

    async get(id) {
      const snapshot = await events.doc(id).get();
      return snapshot.exists ? toRecord(id, snapshot.data() as OutboxDocument) : undefined;
    },

    async close() {
      await onClose?.();
    },
  };
}

/**
 * Opens the Firestore outbox of `projectId` with its own firebase-admin app (the standard
 * Google credentials; FIRESTORE_EMULATOR_HOST, when set, points it at an emulator).
 * firebase-admin is loaded here, on demand: the SQLite outbox never loads it.
 */
export async function openFirestoreOutboxStore({
  projectId,
  collection,
}: {
  projectId: string;
  collection?: string;
}): Promise<OutboxStore> {
  const { initializeApp, deleteApp } = await import("firebase-admin/app");
  const { getFirestore } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId }, `outbox-${randomUUID()}`);
  return createFirestoreOutboxStore({ firestore: getFirestore(app), collection, onClose: () => deleteApp(app) });
}
