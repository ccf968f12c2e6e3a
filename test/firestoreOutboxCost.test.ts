/**
 * What the Firestore outbox costs (server/outbox/firestoreStore.ts, docs/tracking.md "The Firestore
 * outbox's cost"): the writes per delivered event, counted where the in-process emulator applies
 * them, through the delivery worker and Meta's stand-in; the marker documents it leaves, which
 * expire by themselves (`expireAt`, a TTL policy); and the index exemptions of
 * deploy/firestore/firestore.indexes.json, which must cover every stored field no query reads.
 */
import fs from "node:fs";
import path from "node:path";
import type { OutboxStore } from "../server/outbox/store";
import { addEvents, T, useDeliveryFixture } from "./support/deliveryFixture";
import { useEmulatedFirestore } from "./support/firestoreEmulator";

const f = useDeliveryFixture();
const INDEXES = JSON.parse(fs.readFileSync(path.join(__dirname, "../deploy/firestore/firestore.indexes.json"), "utf8"));
const STORE_SOURCES = ["firestoreStore.ts", "firestorePurge.ts"].map((file) =>
  fs.readFileSync(path.join(__dirname, "../server/outbox", file), "utf8"),
);

const emulated = useEmulatedFirestore("demo-outbox-cost");
let n = 0;

async function freshStore(): Promise<{ store: OutboxStore; collection: string }> {
  const { createFirestoreOutboxStore } = await import("../server/outbox/firestoreStore");
  const collection = `cost_${++n}`;
  return { store: createFirestoreOutboxStore({ firestore: emulated.firestore, collection }), collection };
}

const EVENTS = 50;

test(`${EVENTS} events stored and delivered: 4 writes and 1 marker document each, the marker expiring a day on`, async () => {
  const { store, collection } = await freshStore();
  const from = emulated.emulator.writes.length;
  await addEvents(store, EVENTS, T);
  const worker = f.worker(store, { now: () => T + 1_000 });
  await worker.runOnce();
  expect(await store.counts()).toMatchObject({ delivered: EVENTS, pending: 0, leased: 0 });
  expect(f.fake.requests.length).toBeGreaterThan(0);

  const writes = emulated.emulator.writes.slice(from);
  const byCollection = (name: string) => writes.filter((w) => w.collection === name).length;
  // Stored (1), leased (1 and its claim's marker), settled (1).
  expect(byCollection(collection) / EVENTS).toBe(3);
  expect(byCollection(`${collection}_transitions`) / EVENTS).toBe(1);
  expect(writes.length / EVENTS).toBe(4);

  const markers = await emulated.firestore.collection(`${collection}_transitions`).get();
  expect(markers.size).toBe(EVENTS);
  for (const marker of markers.docs) {
    const expireAt = marker.get("expireAt");
    // A Firestore timestamp (what a TTL policy reads), a day after the claim it marks.
    expect(typeof expireAt?.toMillis).toBe("function");
    expect(expireAt.toMillis() - marker.get("at")).toBe(24 * 60 * 60 * 1000);
  }
});

test("every stored field that no query reads is exempt from indexing; every field a query reads is indexed", async () => {
  const { store, collection } = await freshStore();
  const [id] = await addEvents(store, 1, T);
  await store.claim("w1", 1, 30_000, T);
  await store.settle([id], "w1", { status: "retry", at: T + 1, nextAttemptAt: T + 2, error: "x" });
  const { firestore } = emulated;
  const stored = Object.keys((await firestore.collection(collection).doc(id).get()).data() ?? {});
  const marker = (await firestore.collection(`${collection}_transitions`).get()).docs[0];
  const markerFields = Object.keys(marker.data());

  // The fields the store's queries filter or order on, read from its source.
  const queried = new Set(
    STORE_SOURCES.flatMap((source) => [...source.matchAll(/\.(?:where|orderBy)\("(\w+)"/g)].map((m) => m[1])),
  );
  expect([...queried].sort()).toEqual(["claimableAt", "createdAt", "status", "updatedAt"]);

  type Override = { collectionGroup: string; fieldPath: string; indexes?: unknown[]; ttl?: boolean };
  const overrides: Override[] = INDEXES.fieldOverrides;
  const exempt = (group: string) =>
    new Set(overrides.filter((o) => o.collectionGroup === group && o.indexes?.length === 0).map((o) => o.fieldPath));
  expect([...exempt("outbox")].sort()).toEqual(stored.filter((field) => !queried.has(field)).sort());
  expect([...exempt("outbox_transitions")].sort()).toEqual([...markerFields].sort());
  // The markers' TTL policy, on the field the store writes.
  expect(overrides.filter((o) => o.ttl)).toEqual([
    { collectionGroup: "outbox_transitions", fieldPath: "expireAt", ttl: true, indexes: [] },
  ]);
  // The composite index (status, createdAt) stays: the oldest-pending query needs it.
  expect(INDEXES.indexes).toHaveLength(1);
});
