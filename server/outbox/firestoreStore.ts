/**
 * The production outbox: the Firestore collection `outbox` through `firebase-admin`, one
 * document per event (id = event_id), configured by FIRESTORE_PROJECT_ID and the standard
 * Google credentials (GOOGLE_APPLICATION_CREDENTIALS or the runtime's service account).
 *
 * A claim is a compare-and-set on the event's generation `gen`: one atomic batch creates the
 * marker document `outbox_transitions/{id}.{gen}` and moves the event to `gen + 1`. Firestore
 * refuses to create a document that exists, so of two workers that read the same generation
 * exactly one wins, and the other's batch changes nothing. This gives what a transaction would (a
 * claim never overlaps another), and unlike a transaction it also holds on the in-process emulator
 * the tests use, which does not isolate transactions. A settlement is one update, written only by
 * the lease holder while its lease holds (no other worker may claim the event before the lease
 * ends; the worker settles with a third of the lease to spare) and, in Firestore, only if the
 * event is unchanged since it was read (an update-time precondition, which the emulator ignores).
 * So a delivered event costs 4 writes: stored, claimed with its marker, settled
 * (docs/tracking.md, "The Firestore outbox's cost"). Only `claimableAt`, `updatedAt`, `createdAt`
 * and `status` are queried; every other field is exempt from indexing
 * (deploy/firestore/firestore.indexes.json).
 *
 * The document's shape is in firestoreDocument.ts, the compare-and-set in firestoreTransitions.ts,
 * retention in firestorePurge.ts.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { DocumentSnapshot, Firestore } from "firebase-admin/firestore";
import { settledFields, toRecord, type OutboxDocument } from "./firestoreDocument";
import { purgeFirestoreOutbox } from "./firestorePurge";
import {
  createTransitions,
  isAlreadyExists,
  isChangedSinceRead,
  mapLimit,
  PARALLEL_COMMITS,
  winners,
} from "./firestoreTransitions";
import { forgetVisitor, OUTBOX_STATUSES, type NewOutboxEvent, type OutboxStatus, type OutboxStore } from "./store";

export const DEFAULT_COLLECTION = "outbox";
/** First generations to choose from (2⁴⁷: the generation stays a safe integer however often it is claimed). */
const FIRST_GENERATIONS = 2 ** 47;

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
  const { transition, deleteEvents } = createTransitions(firestore, firestore.collection(`${collection}_transitions`));

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
        // A random first generation: an event id stored again after a purge (the browser chooses
        // event ids) never meets the markers of its earlier life, which are kept until they expire.
        gen: randomInt(FIRST_GENERATIONS),
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
      // Held: leased to this worker, and the lease not over (after it, another may take the event over).
      const held = (await readAll(ids)).filter((s) => {
        const doc = s.data() as OutboxDocument | undefined;
        return doc?.status === "leased" && doc.leasedBy === workerId && (doc.leaseUntil ?? 0) > outcome.at;
      });
      const results = await mapLimit(held, PARALLEL_COMMITS, async (snapshot) => {
        const doc = snapshot.data() as OutboxDocument;
        // The payload is JSON text: rewritten whole (the emulator ignores FieldValue.delete(), and text has no fields to delete).
        const payload =
          outcome.status === "retry" ? {} : { payload: JSON.stringify(forgetVisitor(JSON.parse(doc.payload))) };
        try {
          await snapshot.ref.update(
            { ...fields, ...payload, attempts: doc.attempts + counted },
            { lastUpdateTime: snapshot.updateTime },
          );
          return true;
        } catch (error) {
          if (isChangedSinceRead(error)) return undefined;
          throw error;
        }
      });
      return winners(results).length;
    },

    purge(cutoffs) {
      return purgeFirestoreOutbox(events, deleteEvents, cutoffs);
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
