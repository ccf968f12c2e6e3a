/**
 * The Firestore outbox's compare-and-set (server/outbox/firestoreStore.ts): every change of a
 * leased or due event is one atomic batch that creates the marker document
 * `{collection}_transitions/{id}.{gen}` and moves the event to `gen + 1`. Firestore refuses to
 * create a document that exists, so of two workers that read the same generation exactly one
 * wins, and the other's batch changes nothing. Deleting an event deletes its markers with it.
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
const MAX_BATCH_WRITES = 500;

export const isAlreadyExists = (error: unknown) => (error as { code?: number }).code === ALREADY_EXISTS;

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
  /** Deletes events with their transition markers, the event last, in batches of at most 500 writes. */
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

  return { transition, deleteEvents };
}
