/**
 * The outbox's oldest event still to deliver (pending, or leased to a worker), which the metrics
 * expose as outbox_oldest_pending_age_seconds: the same answer from both stores.
 */
import type { App } from "firebase-admin/app";
import { openSqliteOutboxStore } from "../server/outbox/sqliteStore";
import type { OutboxStore } from "../server/outbox/store";
import { startFirestoreEmulator, type FirestoreEmulator } from "./support/firestoreEmulator";
import { sampleEvent } from "./support/outboxEvents";

const T0 = 1_700_000_000_000;
let emulator: FirestoreEmulator;
const apps: App[] = [];

beforeAll(async () => {
  emulator = await startFirestoreEmulator();
});
afterAll(async () => {
  const { deleteApp } = await import("firebase-admin/app");
  await Promise.all(apps.map((app) => deleteApp(app)));
  emulator.stop();
});

async function firestoreStore(): Promise<OutboxStore> {
  const { initializeApp } = await import("firebase-admin/app");
  const { getFirestore } = await import("firebase-admin/firestore");
  const { createFirestoreOutboxStore } = await import("../server/outbox/firestoreStore");
  const app = initializeApp({ projectId: "demo-outbox" }, `oldest-${apps.length}`);
  apps.push(app);
  return createFirestoreOutboxStore({
    firestore: getFirestore(app),
    collection: `oldest_${Date.now()}_${apps.length}`,
  });
}

test.each([
  ["SQLite", async () => openSqliteOutboxStore(":memory:")],
  ["Firestore (emulator)", firestoreStore],
])("%s: the oldest pending or leased event's creation time; settled events do not count", async (_name, open) => {
  const store = await open();
  try {
    expect(await store.oldestPendingAt!()).toBeUndefined();
    const [oldest, middle, newest] = [sampleEvent(T0), sampleEvent(T0 + 60_000), sampleEvent(T0 + 120_000)];
    await store.add(newest);
    await store.add(oldest);
    await store.add(middle);
    expect(await store.oldestPendingAt!()).toBe(T0);
    // Claimed (leased): still undelivered.
    const claimed = await store.claim("w", 1, 60_000, T0 + 200_000);
    expect(claimed.map((e) => e.id)).toEqual([oldest.id]);
    expect(await store.oldestPendingAt!()).toBe(T0);
    await store.settle([oldest.id], "w", { status: "delivered", at: T0 + 200_001 });
    expect(await store.oldestPendingAt!()).toBe(T0 + 60_000);
    const rest = await store.claim("w", 2, 60_000, T0 + 200_002);
    await store.settle(
      rest.map((e) => e.id),
      "w",
      { status: "failed", at: T0 + 200_003, error: "refused" },
    );
    expect(await store.oldestPendingAt!()).toBeUndefined();
  } finally {
    await store.close();
  }
});
