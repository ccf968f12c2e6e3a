/**
 * Retention in the Firestore outbox (server/outbox/firestoreStore.ts `purge`): settled events past
 * their retention and pending ones past the maximum age are found with single-field range queries
 * and filtered here (a status + time query would need a composite index), then the oldest settled
 * events beyond `keepSettled`; each is deleted with its transition markers.
 */
import type { CollectionReference, Query, QueryDocumentSnapshot } from "firebase-admin/firestore";
import type { OutboxDocument } from "./firestoreDocument";
import type { Transitions } from "./firestoreTransitions";
import {
  DEFAULT_PURGE_LIMIT,
  emptyPurgeCounts,
  SETTLED_STATUSES,
  type PurgeCounts,
  type RetentionCutoffs,
} from "./store";

export async function purgeFirestoreOutbox(
  events: CollectionReference,
  deleteEvents: Transitions["deleteEvents"],
  { settledBefore, pendingCreatedBefore, now, limit = DEFAULT_PURGE_LIMIT, keepSettled }: RetentionCutoffs,
): Promise<PurgeCounts> {
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
        doc.status === "pending" || (doc.status === "leased" && (doc.leaseUntil ?? 0) <= now) ? "pending" : undefined,
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
      SETTLED_STATUSES.map(async (status) => (await events.where("status", "==", status).count().get()).data().count),
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
}
