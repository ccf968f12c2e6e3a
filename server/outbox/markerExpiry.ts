/**
 * A one-time clean-up for the Firestore outbox's transition markers written before markers carried
 * `expireAt` (server/outbox/firestoreTransitions.ts): the TTL policy never removes a document
 * without the field, so those would stay for good. Each such marker gets the `expireAt` it would
 * have had (its `at` plus MARKER_TTL_MS); one already past it is deleted at once. Markers that have
 * the field are read and left alone. It is one query over the markers, streamed and reading only
 * the two fields: no index needed (`at` is exempt from indexing), one document held at a time, and
 * writes in batches of 500.
 * Run by `npm run outbox:expire-markers` (docs/operations.md, "Outbox markers from before expiry").
 */
import type { Firestore, QueryDocumentSnapshot } from "firebase-admin/firestore";
import { MARKER_TTL_MS, MAX_BATCH_WRITES } from "./firestoreTransitions";

export interface MarkerExpiryResult {
  /** Markers read. */
  read: number;
  /** Markers given their `expireAt`. */
  dated: number;
  /** Markers already past their day, deleted. */
  deleted: number;
}

export async function expireOldMarkers(
  firestore: Firestore,
  { collection = "outbox", now = Date.now() }: { collection?: string; now?: number } = {},
): Promise<MarkerExpiryResult> {
  const markers = firestore.collection(`${collection}_transitions`);
  const result: MarkerExpiryResult = { read: 0, dated: 0, deleted: 0 };
  let batch = firestore.batch();
  let writes = 0;
  // One query, streamed: Firestore pages it itself, and only the document in hand is held.
  for await (const marker of markers.select("at", "expireAt").stream() as AsyncIterable<QueryDocumentSnapshot>) {
    result.read++;
    if (marker.get("expireAt") !== undefined) continue;
    const at = marker.get("at");
    // A marker without a readable `at` is as old as can be: it guards nothing any more.
    const expireAt = typeof at === "number" && Number.isFinite(at) ? at + MARKER_TTL_MS : 0;
    if (expireAt <= now) {
      batch.delete(marker.ref);
      result.deleted++;
    } else {
      // A Date is stored as a Firestore timestamp, the type the TTL policy reads.
      batch.update(marker.ref, { expireAt: new Date(expireAt) });
      result.dated++;
    }
    if (++writes === MAX_BATCH_WRITES) {
      await batch.commit();
      batch = firestore.batch();
      writes = 0;
    }
  }
  if (writes > 0) await batch.commit();
  return result;
}
