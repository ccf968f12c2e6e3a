/**
 * The Firestore outbox's compare-and-set (server/outbox/firestoreStore.ts): every claim of a due
 * event is one atomic batch that creates the marker document `{collection}_transitions/{id}.{gen}`
 * and moves the event to `gen + 1`. Firestore refuses to create a document that exists, so of two
 * workers that read the same generation exactly one wins, and the other's batch changes nothing.
 * A marker guards its generation only while a claim of it may still be in flight (seconds): it
 * carries `expireAt`, a day on, which the TTL policy of deploy/firestore/firestore.indexes.json
 * reads, so markers go by themselves and deleting an event writes nothing else.
 */
import type {
  CollectionReference,
  DocumentReference,
  Firestore,
  QueryDocumentSnapshot,
} from "firebase-admin/firestore";
import type { OutboxDocument } from "./firestoreDocument";

/** gRPC status of a create that met an existing document. */
const ALREADY_EXISTS = 6;
/** Commits in flight at once when one call changes many events. */
export const PARALLEL_COMMITS = 64;
/** Firestore's limit of writes per batch. */
export const MAX_BATCH_WRITES = 500;
/** How long a marker is kept (its `expireAt`, for the TTL policy): far past any claim in flight. */
export const MARKER_TTL_MS = 24 * 60 * 60 * 1000;

export const isAlreadyExists = (error: unknown) => (error as { code?: number }).code === ALREADY_EXISTS;
/** gRPC status of a write whose update-time precondition failed: the document changed since it was read. */
const FAILED_PRECONDITION = 9;
export const isChangedSinceRead = (error: unknown) => (error as { code?: number }).code === FAILED_PRECONDITION;

/** `fn` over `items`, at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(
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

/** The results of transitions: the ones that won; throws only when every one failed with an error. */
export function winners<T>(results: PromiseSettledResult<T | undefined>[]): T[] {
  const won = results.flatMap((r) => (r.status === "fulfilled" && r.value !== undefined ? [r.value] : []));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure && !won.length) throw failure.reason;
  return won;
}

export interface Transitions {
  /** Moves `ref` from generation `gen` to `gen + 1` with `fields`; false when another worker moved it first. */
  transition(ref: DocumentReference, gen: number, fields: Partial<OutboxDocument>, at: number): Promise<boolean>;
  /** Deletes events, in batches of at most 500 writes (their markers expire by themselves). */
  deleteEvents(snapshots: readonly QueryDocumentSnapshot[]): Promise<void>;
}

export function createTransitions(firestore: Firestore, transitions: CollectionReference): Transitions {
  /** Moves `ref` from generation `gen` to `gen + 1` with `fields`; false when another worker moved it first. */
  async function transition(
    ref: DocumentReference,
    gen: number,
    fields: Partial<OutboxDocument>,
    at: number,
  ): Promise<boolean> {
    const batch = firestore.batch();
    // The marker first: should it fail, nothing of the batch applies (also on the emulator).
    // A Date is stored as a Firestore timestamp, the type a TTL policy reads.
    batch.create(transitions.doc(`${ref.id}.${gen}`), { at, expireAt: new Date(at + MARKER_TTL_MS) });
    batch.update(ref, { ...fields, gen: gen + 1 });
    try {
      await batch.commit();
      return true;
    } catch (error) {
      if (isAlreadyExists(error)) return false;
      throw error;
    }
  }

  /** Deletes events, in batches of at most 500 writes (their markers expire by themselves). */
  async function deleteEvents(snapshots: readonly QueryDocumentSnapshot[]): Promise<void> {
    for (let i = 0; i < snapshots.length; i += MAX_BATCH_WRITES) {
      const batch = firestore.batch();
      for (const snapshot of snapshots.slice(i, i + MAX_BATCH_WRITES)) batch.delete(snapshot.ref);
      await batch.commit();
    }
  }

  return { transition, deleteEvents };
}
