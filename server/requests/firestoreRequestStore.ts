/**
 * The request store in Firestore (server/requests/requestStore.ts), through `firebase-admin`, for
 * a deployment whose tracking outbox is in Firestore too (OUTBOX_STORE=firestore): the collection
 * `visitor_requests` (one document per request, id = the request's id) and
 * `visitor_request_deliveries` (one per request and destination, id `{requestId}:{destination}`).
 *
 * Claims and settlements are compare-and-sets on the delivery's generation `gen`, as the tracking
 * outbox's claims are (server/outbox/firestoreTransitions.ts): one batch creates the marker
 * `visitor_request_transitions/{deliveryId}.{gen}` and moves the delivery to `gen + 1`. Firestore
 * refuses to create a document that exists, so of two workers that read the same generation
 * exactly one wins and the other's batch changes nothing. Not transactions: the in-process
 * emulator the tests use does not isolate them, and a marker holds there as in Firestore. A
 * settlement is a transition too (requests are few, correctness is worth the second write), so a
 * worker whose lease was taken over can never write its outcome over the new holder's lease. The
 * markers are deleted with their request by `purge`: a delivery keeps its first generation
 * (`firstGen`), so its markers are known by name, and no TTL policy is needed.
 *
 * Every query is on one field (no composite index): `claimableAt` (what is due), `status` (the
 * counts), `updatedAt` (retention) and `undeliveredSince` (the oldest request still to deliver).
 * Every other field is exempt from indexing (deploy/firestore/firestore.indexes.json).
 *
 * The emulator lacks FieldValue.delete(), bulkWriter() and listCollections(), and applies a
 * batch's writes in order until one fails: nothing here uses the first three, and every batch
 * puts the write that may fail (a create) first.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { DocumentReference, DocumentSnapshot, Firestore, QueryDocumentSnapshot } from "firebase-admin/firestore";
import { isAlreadyExists, MAX_BATCH_WRITES, mapLimit, PARALLEL_COMMITS, winners } from "../outbox/firestoreTransitions";
import { clipError } from "../outbox/store";
import {
  type ClaimedDelivery,
  DELIVERY_STATUSES,
  type DeliveryCounts,
  type DeliveryOutcome,
  type DeliveryRecord,
  type DeliveryStatus,
  type NewVisitorRequest,
  type RequestDestination,
  type RequestStore,
} from "./requestStore";

export const REQUESTS_COLLECTION = "visitor_requests";
export const DELIVERIES_COLLECTION = "visitor_request_deliveries";
export const TRANSITIONS_COLLECTION = "visitor_request_transitions";
/** At most this many requests deleted by one purge unless it says otherwise. */
const DEFAULT_PURGE_LIMIT = 1000;
/** First generations to choose from (2⁴⁷: the generation stays a safe integer however often it moves). */
const FIRST_GENERATIONS = 2 ** 47;
/** Deliveries read per page of a retention scan. */
const PAGE = 200;
/**
 * `claimableAt` and `undeliveredSince` of a delivery settled for good: a number rather than null,
 * so the field sorts the same in every document (the emulator orders a field that mixes null and
 * numbers wrongly; in Firestore null would sort first). It is past any time, so no query takes it.
 */
export const NEVER = Number.MAX_SAFE_INTEGER;

interface RequestDocument {
  kind: NewVisitorRequest["kind"];
  region: NewVisitorRequest["region"];
  /** The checked fields as JSON text: stored as received whatever their names, none indexed. */
  fields: string;
  page: string;
  receivedAt: number;
  destinations: RequestDestination[];
}

interface DeliveryDocument {
  requestId: string;
  destination: RequestDestination;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  leasedBy: string | null;
  leaseUntil: number | null;
  /** nextAttemptAt while pending, leaseUntil while leased, NEVER once settled for good. */
  claimableAt: number;
  lastError: string | null;
  deliveredAt: number | null;
  updatedAt: number;
  /** The request's receivedAt while this delivery is still to make (pending or leased), else NEVER. */
  undeliveredSince: number;
  /** Bumped by every claim and settlement; `{id}.{gen}` in the transitions collection marks it taken. */
  gen: number;
  /** The generation it was stored with: its markers are `{id}.{firstGen}` up to `{id}.{gen - 1}`. */
  firstGen: number;
}

export const deliveryId = (requestId: string, destination: RequestDestination) => `${requestId}:${destination}`;

const toRequest = (id: string, doc: RequestDocument): NewVisitorRequest => ({
  id,
  kind: doc.kind,
  region: doc.region,
  fields: JSON.parse(doc.fields),
  page: doc.page,
  receivedAt: doc.receivedAt,
  destinations: doc.destinations,
});

const toDelivery = (doc: DeliveryDocument): DeliveryRecord => ({
  requestId: doc.requestId,
  destination: doc.destination,
  status: doc.status,
  attempts: doc.attempts,
  nextAttemptAt: doc.nextAttemptAt,
  leasedBy: doc.leasedBy,
  leaseUntil: doc.leaseUntil,
  lastError: doc.lastError,
  deliveredAt: doc.deliveredAt,
  updatedAt: doc.updatedAt,
});

/** The changed fields of a settled delivery, by outcome; each counts one attempt. */
function settledFields(doc: DeliveryDocument, outcome: DeliveryOutcome): Partial<DeliveryDocument> {
  const released = { leasedBy: null, leaseUntil: null, updatedAt: outcome.at, attempts: doc.attempts + 1 };
  switch (outcome.status) {
    case "delivered":
      return {
        ...released,
        status: "delivered",
        deliveredAt: outcome.at,
        claimableAt: NEVER,
        undeliveredSince: NEVER,
        lastError: null,
      };
    case "retry":
      return {
        ...released,
        status: "pending",
        nextAttemptAt: outcome.nextAttemptAt,
        claimableAt: outcome.nextAttemptAt,
        lastError: clipError(outcome.error),
      };
    case "failed":
      return {
        ...released,
        status: "failed",
        claimableAt: NEVER,
        undeliveredSince: NEVER,
        lastError: clipError(outcome.error),
      };
  }
}

export interface FirestoreRequestStoreOptions {
  projectId: string;
  /**
   * A client of that project to use, which `close()` leaves open; without it the store opens its
   * own firebase-admin app (the standard Google credentials; FIRESTORE_EMULATOR_HOST, when set,
   * points it at an emulator) and `close()` deletes it.
   */
  firestore?: Firestore;
}

/** Opens the request store in Firestore. firebase-admin is loaded here, on demand: the SQLite store never loads it. */
export async function openFirestoreRequestStore({
  projectId,
  firestore,
}: FirestoreRequestStoreOptions): Promise<RequestStore> {
  if (firestore) return createFirestoreRequestStore(firestore);
  const { initializeApp, deleteApp } = await import("firebase-admin/app");
  const { getFirestore } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId }, `requests-${randomUUID()}`);
  return createFirestoreRequestStore(getFirestore(app), () => deleteApp(app));
}

function createFirestoreRequestStore(firestore: Firestore, onClose?: () => Promise<void>): RequestStore {
  const requests = firestore.collection(REQUESTS_COLLECTION);
  const deliveries = firestore.collection(DELIVERIES_COLLECTION);
  const transitions = firestore.collection(TRANSITIONS_COLLECTION);

  /** Moves `ref` from generation `gen` to `gen + 1` with `fields`; false when another worker moved it first. */
  async function transition(ref: DocumentReference, gen: number, fields: Partial<DeliveryDocument>) {
    const batch = firestore.batch();
    // The marker first: should it fail, nothing of the batch applies (also on the emulator).
    batch.create(transitions.doc(`${ref.id}.${gen}`), {});
    batch.update(ref, { ...fields, gen: gen + 1 });
    try {
      await batch.commit();
      return true;
    } catch (error) {
      if (isAlreadyExists(error)) return false;
      throw error;
    }
  }

  /** The requests of `ids` by id (those that exist). */
  async function readRequests(ids: readonly string[]): Promise<Map<string, NewVisitorRequest>> {
    const found = new Map<string, NewVisitorRequest>();
    if (!ids.length) return found;
    for (const snapshot of await firestore.getAll(...ids.map((id) => requests.doc(id))))
      if (snapshot.exists) found.set(snapshot.id, toRequest(snapshot.id, snapshot.data() as RequestDocument));
    return found;
  }

  /** A request's own deliveries, in the order of its destinations (the missing left out). */
  async function readDeliveries(request: NewVisitorRequest): Promise<DocumentSnapshot[]> {
    const refs = request.destinations.map((destination) => deliveries.doc(deliveryId(request.id, destination)));
    return (await firestore.getAll(...refs)).filter((snapshot) => snapshot.exists);
  }

  /** Whether a request with these deliveries is past its retention. */
  function expired(docs: DeliveryDocument[], deliveredBefore: number, failedBefore: number) {
    if (docs.some((doc) => doc.status === "pending" || doc.status === "leased")) return false;
    const settledAt = Math.max(...docs.map((doc) => doc.updatedAt));
    return settledAt < (docs.some((doc) => doc.status === "failed") ? failedBefore : deliveredBefore);
  }

  /** Deletes a request, its deliveries and their markers: the markers first, the request last, with its deliveries. */
  async function deleteRequest(id: string, delivered: readonly DocumentSnapshot[]) {
    const markers = delivered.flatMap((snapshot) => {
      const { firstGen, gen } = snapshot.data() as DeliveryDocument;
      return Array.from({ length: gen - firstGen }, (_, i) => transitions.doc(`${snapshot.id}.${firstGen + i}`));
    });
    for (let i = 0; i < markers.length; i += MAX_BATCH_WRITES) {
      const batch = firestore.batch();
      for (const marker of markers.slice(i, i + MAX_BATCH_WRITES)) batch.delete(marker);
      await batch.commit();
    }
    const batch = firestore.batch();
    for (const snapshot of delivered) batch.delete(snapshot.ref);
    batch.delete(requests.doc(id));
    await batch.commit();
  }

  return {
    kind: "firestore",
    async add(request) {
      const { destinations } = request;
      if (!destinations.length || new Set(destinations).size !== destinations.length)
        throw new TypeError(`request ${request.id}: needs one or more destinations, each named once`);
      const doc: RequestDocument = {
        kind: request.kind,
        region: request.region,
        fields: JSON.stringify(request.fields),
        page: request.page,
        receivedAt: request.receivedAt,
        destinations: [...destinations],
      };
      const batch = firestore.batch();
      // The request first: when it exists the batch fails before any delivery is written (also on the emulator).
      batch.create(requests.doc(request.id), doc);
      for (const destination of destinations) {
        // A random first generation: a request id stored again after a purge never meets markers of its earlier life.
        const gen = randomInt(FIRST_GENERATIONS);
        const delivery: DeliveryDocument = {
          requestId: request.id,
          destination,
          status: "pending",
          attempts: 0,
          nextAttemptAt: request.receivedAt,
          leasedBy: null,
          leaseUntil: null,
          claimableAt: request.receivedAt,
          lastError: null,
          deliveredAt: null,
          updatedAt: request.receivedAt,
          undeliveredSince: request.receivedAt,
          gen,
          firstGen: gen,
        };
        batch.create(deliveries.doc(deliveryId(request.id, destination)), delivery);
      }
      try {
        await batch.commit();
        return true;
      } catch (error) {
        if (isAlreadyExists(error)) return false;
        throw error;
      }
    },

    async claim(workerId, limit, leaseMs, now) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: the emulator answers limit(0) and limit(-1) with nothing; hosted Firestore refuses a negative limit, so the guard stays
      if (limit <= 0) return [];
      const due = await deliveries.where("claimableAt", "<=", now).orderBy("claimableAt").limit(limit).get();
      const leaseUntil = now + leaseMs;
      const lease = {
        status: "leased" as const,
        leasedBy: workerId,
        leaseUntil,
        claimableAt: leaseUntil,
        updatedAt: now,
      };
      const results = await mapLimit(due.docs, PARALLEL_COMMITS, async (snapshot) => {
        const doc = snapshot.data() as DeliveryDocument;
        return (await transition(snapshot.ref, doc.gen, lease)) ? toDelivery({ ...doc, ...lease }) : undefined;
      });
      const won = winners(results);
      const byId = await readRequests([...new Set(won.map((delivery) => delivery.requestId))]);
      return won.map((delivery): ClaimedDelivery => {
        const request = byId.get(delivery.requestId);
        // Cannot happen: a request is written before its deliveries and deleted with them.
        if (!request) throw new Error(`delivery ${deliveryId(delivery.requestId, delivery.destination)}: no request`);
        return { ...delivery, request };
      });
    },

    async settle(requestId, destination, workerId, outcome) {
      const snapshot = await deliveries.doc(deliveryId(requestId, destination)).get();
      const doc = snapshot.data() as DeliveryDocument | undefined;
      if (doc?.status !== "leased" || doc.leasedBy !== workerId) return false;
      return transition(snapshot.ref, doc.gen, settledFields(doc, outcome));
    },

    async purge({ deliveredBefore, failedBefore, limit = DEFAULT_PURGE_LIMIT }) {
      // A request past its retention has every delivery settled before the later cutoff: the scan
      // of deliveries by updatedAt finds each such request, which is then judged on all its deliveries.
      const query = deliveries.where("updatedAt", "<", Math.max(deliveredBefore, failedBefore)).orderBy("updatedAt");
      const judged = new Set<string>();
      let purged = 0;
      let after: QueryDocumentSnapshot | undefined;
      while (purged < limit) {
        const page = await (after ? query.startAfter(after) : query).limit(PAGE).get();
        const candidates = page.docs
          .map((snapshot) => snapshot.data() as DeliveryDocument)
          .filter((doc) => (doc.status === "delivered" || doc.status === "failed") && !judged.has(doc.requestId))
          .map((doc) => doc.requestId);
        for (const id of new Set(candidates)) {
          judged.add(id);
          if (purged >= limit) break;
          const request = (await readRequests([id])).get(id);
          if (!request) continue;
          const own = await readDeliveries(request);
          if (
            !expired(
              own.map((s) => s.data() as DeliveryDocument),
              deliveredBefore,
              failedBefore,
            )
          )
            continue;
          await deleteRequest(id, own);
          purged++;
        }
        if (page.size < PAGE) break;
        after = page.docs[page.docs.length - 1];
      }
      return purged;
    },

    async counts() {
      const entries = await Promise.all(
        DELIVERY_STATUSES.map(
          async (status) =>
            [status, (await deliveries.where("status", "==", status).count().get()).data().count] as const,
        ),
      );
      return Object.fromEntries(entries) as DeliveryCounts;
    },

    async oldestUndeliveredAt() {
      const oldest = await deliveries.orderBy("undeliveredSince").limit(1).get();
      const at = oldest.empty ? NEVER : (oldest.docs[0].data() as DeliveryDocument).undeliveredSince;
      return at === NEVER ? undefined : at;
    },

    async get(id) {
      const request = (await readRequests([id])).get(id);
      if (!request) return undefined;
      const own = await readDeliveries(request);
      return { request, deliveries: own.map((snapshot) => toDelivery(snapshot.data() as DeliveryDocument)) };
    },

    async close() {
      await onClose?.();
    },
  };
}
