/**
 * The one-time clean-up of the Firestore outbox's markers written before markers carried
 * `expireAt` (server/outbox/markerExpiry.ts), against the in-process emulator: a marker without the
 * field gets the `expireAt` it would have had, or is deleted when that is already past; a marker
 * with it is left alone, unwritten; more than one batch of writes is all written; a second run
 * writes nothing.
 */
import { useEmulatedFirestore } from "./support/firestoreEmulator";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 28, 12);

const emulated = useEmulatedFirestore("demo-marker-expiry");

/** One clean-up of `collection`'s markers at NOW: what it says it did, and the writes the emulator applied. */
async function expire(collection: string) {
  const { expireOldMarkers } = await import("../server/outbox/markerExpiry");
  const { emulator, firestore } = emulated;
  const from = emulator.writes.length;
  const result = await expireOldMarkers(firestore, { collection, now: NOW });
  return { result, writes: emulator.writes.slice(from) };
}

test("old markers get their expireAt or go; markers that have it are not written; a second run writes nothing", async () => {
  const { firestore } = emulated;
  const markers = firestore.collection("legacy_transitions");
  const batch = firestore.batch();
  // Written before markers carried expireAt: two days old, an hour old, one with no readable `at`.
  batch.set(markers.doc("a.1"), { at: NOW - 2 * DAY });
  batch.set(markers.doc("b.1"), { at: NOW - 60 * 60 * 1000 });
  batch.set(markers.doc("c.1"), { at: "yesterday" });
  // Written since: left as they are.
  batch.set(markers.doc("d.1"), { at: NOW - 1000, expireAt: new Date(NOW - 1000 + DAY) });
  batch.set(markers.doc("e.1"), { at: NOW - 3 * DAY, expireAt: new Date(NOW - 2 * DAY) });
  await batch.commit();
  // Another outbox's markers are not this one's.
  await firestore
    .collection("other_transitions")
    .doc("z.1")
    .set({ at: NOW - 2 * DAY });

  const { result, writes } = await expire("legacy");
  expect(result).toEqual({ read: 5, dated: 1, deleted: 2 });
  expect(writes.map((w) => `${w.kind} ${w.collection}/${w.id}`).sort()).toEqual([
    "delete legacy_transitions/a.1",
    "delete legacy_transitions/c.1",
    "set legacy_transitions/b.1",
  ]);

  const left = await markers.get();
  expect(left.docs.map((d) => d.id).sort()).toEqual(["b.1", "d.1", "e.1"]);
  const dated = left.docs.find((d) => d.id === "b.1")!;
  // A Firestore timestamp (what the TTL policy reads), a day after the claim it marks.
  expect(dated.get("expireAt").toMillis()).toBe(NOW - 60 * 60 * 1000 + DAY);
  expect((await firestore.collection("other_transitions").doc("z.1").get()).exists).toBe(true);

  const again = await expire("legacy");
  expect(again.result).toEqual({ read: 3, dated: 0, deleted: 0 });
  expect(again.writes).toEqual([]);
});

test("an empty outbox is read once and nothing is written", async () => {
  const { result, writes } = await expire("empty");
  expect(result).toEqual({ read: 0, dated: 0, deleted: 0 });
  expect(writes).toEqual([]);
});

test("more markers than one batch takes (500 writes) are all dated or deleted", async () => {
  const { firestore } = emulated;
  const markers = firestore.collection("many_transitions");
  const COUNT = 1201;
  for (let i = 0; i < COUNT; i += 500) {
    const batch = firestore.batch();
    for (let j = i; j < Math.min(i + 500, COUNT); j++)
      batch.set(markers.doc(`e${j}.1`), { at: j % 2 ? NOW - 2 * DAY : NOW - 1000 });
    await batch.commit();
  }
  const { result, writes } = await expire("many");
  expect(result).toEqual({ read: COUNT, dated: 601, deleted: 600 });
  expect(writes).toHaveLength(COUNT);
  const left = await markers.get();
  expect(left.size).toBe(601);
  expect(left.docs.every((d) => d.get("expireAt")?.toMillis() === NOW - 1000 + DAY)).toBe(true);
});
