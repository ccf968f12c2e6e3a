/**
 * What is particular to the Firestore request store (server/requests/firestoreRequestStore.ts),
 * beyond the contract both adapters keep (test/requestStore.contract.test.ts), on the in-process
 * emulator: its collections and document ids; its app, opened and closed with it; an add, the
 * request first; the transition markers, deleted with their request; and the index exemptions of
 * deploy/firestore/firestore.indexes.json, which must cover every stored field no query reads.
 */
import fs from "node:fs";
import path from "node:path";
import type { Firestore } from "firebase-admin/firestore";
import type { NewVisitorRequest, RequestStore } from "../server/requests/requestStore";
import { useEmulatedFirestore } from "./support/firestoreEmulator";
import { sampleRequest } from "./support/requestStoreFixtures";

const T0 = 1_700_000_000_000;
const LEASE = 30_000;
const INDEXES = JSON.parse(fs.readFileSync(path.join(__dirname, "../deploy/firestore/firestore.indexes.json"), "utf8"));
const SOURCE = fs.readFileSync(path.join(__dirname, "../server/requests/firestoreRequestStore.ts"), "utf8");

const emulated = useEmulatedFirestore("demo-request-store");
const open = async (): Promise<RequestStore> => {
  const { openFirestoreRequestStore } = await import("../server/requests/firestoreRequestStore");
  return openFirestoreRequestStore({ projectId: "demo-request-store", firestore: emulated.firestore });
};
const ids = async (firestore: Firestore, collection: string) =>
  (await firestore.collection(collection).get()).docs.map((doc) => doc.id).sort();

/** Wipes the three collections between tests (the emulator has no listCollections or recursive delete). */
afterEach(async () => {
  for (const collection of ["visitor_requests", "visitor_request_deliveries", "visitor_request_transitions"]) {
    const batch = emulated.firestore.batch();
    for (const doc of (await emulated.firestore.collection(collection).get()).docs) batch.delete(doc.ref);
    await batch.commit();
  }
});

test("opens from a project id alone (the emulator through FIRESTORE_EMULATOR_HOST) with an app of its own, which close() deletes", async () => {
  const { openFirestoreRequestStore } = await import("../server/requests/firestoreRequestStore");
  const { getApps } = await import("firebase-admin/app");
  const appsBefore = getApps().length;
  const store = await openFirestoreRequestStore({ projectId: "demo-request-store" });
  expect(getApps().length).toBe(appsBefore + 1);
  const request = sampleRequest(T0);
  expect(await store.add(request)).toBe(true);
  await store.close();
  expect(getApps().length).toBe(appsBefore);
  // Written where the store's own client reads it.
  expect((await (await open()).get(request.id))?.request).toEqual(request);
});

test("a store given its Firestore leaves it open when closed", async () => {
  const store = await open();
  await store.close();
  const request = sampleRequest(T0);
  expect(await (await open()).add(request)).toBe(true);
});

test("a request is a document of visitor_requests by its id; each delivery one of visitor_request_deliveries, {requestId}:{destination}", async () => {
  const store = await open();
  const request = sampleRequest(T0, { destinations: ["webhook", "inbox"] });
  await store.add(request);
  const { firestore } = emulated;
  expect(await ids(firestore, "visitor_requests")).toEqual([request.id]);
  expect(await ids(firestore, "visitor_request_deliveries")).toEqual([`${request.id}:inbox`, `${request.id}:webhook`]);
  const stored = (await firestore.collection("visitor_requests").doc(request.id).get()).data();
  // The fields as JSON text: stored whatever their names, and nothing in them indexed.
  expect(stored).toEqual({
    kind: "visit",
    region: "uk",
    fields: JSON.stringify(request.fields),
    page: request.page,
    receivedAt: T0,
    destinations: ["webhook", "inbox"],
  });
});

test("an add writes the request first, then its deliveries (one batch); a second add of the id writes nothing", async () => {
  const store = await open();
  const request = sampleRequest(T0);
  const before = emulated.emulator.writes.length;
  await store.add(request);
  expect(emulated.emulator.writes.slice(before).map((w) => [w.collection, w.id, w.kind])).toEqual([
    ["visitor_requests", request.id, "set"],
    ["visitor_request_deliveries", `${request.id}:webhook`, "set"],
    ["visitor_request_deliveries", `${request.id}:klaviyo`, "set"],
    ["visitor_request_deliveries", `${request.id}:inbox`, "set"],
  ]);
  const after = emulated.emulator.writes.length;
  expect(await store.add({ ...request, destinations: ["inbox"] })).toBe(false);
  expect(emulated.emulator.writes.length).toBe(after);
});

test("a failure other than 'already there' is reported, never taken for a duplicate, and stores nothing", async () => {
  const store = await open();
  // A value Firestore cannot store: refused before it is sent, with an error that is not ALREADY_EXISTS.
  const unstorable = { ...sampleRequest(T0), page: Symbol("not a value") } as unknown as NewVisitorRequest;
  await expect(store.add(unstorable)).rejects.toThrow();
  expect(await store.get(unstorable.id)).toBeUndefined();
  expect(await store.counts()).toMatchObject({ pending: 0 });
});

test("each claim and settlement leaves a marker; purging the request deletes it, its deliveries and every marker", async () => {
  const store = await open();
  const [done, kept] = [sampleRequest(T0, { destinations: ["webhook", "inbox"] }), sampleRequest(T0)];
  await store.add(done);
  await store.add(kept);
  const settle = (d: { requestId: string; destination: "webhook" | "inbox" | "klaviyo" }, worker: string, at: number) =>
    store.settle(d.requestId, d.destination, worker, { status: "delivered", at });
  const first = (await store.claim("w1", 10, 1_000, T0)).filter((d) => d.requestId === done.id);
  // The webhook delivery retried, then taken over from a crashed worker: three claims and two
  // settlements; the inbox one claimed twice and settled: eight transitions, a marker each.
  await store.settle(done.id, "webhook", "w1", { status: "retry", at: T0 + 1, nextAttemptAt: T0 + 2, error: "503" });
  await store.claim("crashed", 10, 1_000, T0 + 2);
  await store.claim("w2", 10, LEASE, T0 + 1_002);
  for (const d of first) await settle(d, "w2", T0 + 1_003);
  expect(await store.get(done.id)).toMatchObject({
    deliveries: [{ status: "delivered" }, { status: "delivered" }],
  });
  const markers = await ids(emulated.firestore, "visitor_request_transitions");
  expect(markers.filter((id) => id.startsWith(`${done.id}:`))).toHaveLength(8);

  expect(await store.purge({ deliveredBefore: T0 + 2_000, failedBefore: T0 + 2_000, now: T0 + 2_000 })).toBe(1);
  const { firestore } = emulated;
  expect(await ids(firestore, "visitor_requests")).toEqual([kept.id]);
  expect((await ids(firestore, "visitor_request_deliveries")).every((id) => id.startsWith(`${kept.id}:`))).toBe(true);
  const left = await ids(firestore, "visitor_request_transitions");
  expect(left.filter((id) => id.startsWith(`${done.id}:`))).toEqual([]);
  expect(left.filter((id) => id.startsWith(`${kept.id}:`))).toHaveLength(markers.length - 8);
});

test("every stored field that no query reads is exempt from indexing; every field a query reads is indexed; no composite index is needed", async () => {
  const store = await open();
  const request = sampleRequest(T0);
  await store.add(request);
  await store.claim("w1", 1, LEASE, T0);
  const { firestore } = emulated;
  const delivery = (await firestore.collection("visitor_request_deliveries").get()).docs.find(
    (doc) => doc.get("status") === "leased",
  )!;
  await store.settle(request.id, delivery.get("destination"), "w1", {
    status: "retry",
    at: T0 + 1,
    nextAttemptAt: T0 + 2,
    error: "x",
  });
  const fieldsOf = async (collection: string) =>
    Object.keys((await firestore.collection(collection).limit(1).get()).docs[0].data()).sort();

  // The fields the store's queries filter or order on, read from its source.
  const queried = new Set([...SOURCE.matchAll(/\.(?:where|orderBy)\("(\w+)"/g)].map((m) => m[1]));
  expect([...queried].sort()).toEqual(["claimableAt", "status", "undeliveredSince", "updatedAt"]);

  type Override = { collectionGroup: string; fieldPath: string; indexes?: unknown[]; ttl?: boolean };
  const overrides: Override[] = INDEXES.fieldOverrides;
  const exempt = (group: string) =>
    overrides
      .filter((o) => o.collectionGroup === group && o.indexes?.length === 0)
      .map((o) => o.fieldPath)
      .sort();
  expect(exempt("visitor_requests")).toEqual(await fieldsOf("visitor_requests"));
  expect(exempt("visitor_request_deliveries")).toEqual(
    (await fieldsOf("visitor_request_deliveries")).filter((field) => !queried.has(field)),
  );
  // A marker has no field at all: nothing to index, and no TTL policy (purge deletes it).
  expect(await fieldsOf("visitor_request_transitions")).toEqual([]);
  expect(overrides.filter((o) => o.collectionGroup.startsWith("visitor_request") && o.ttl)).toEqual([]);
  expect(
    (INDEXES.indexes as Array<{ collectionGroup: string }>).filter((i) => i.collectionGroup.startsWith("visitor")),
  ).toEqual([]);
});
