/**
 * The outbox contract (server/outbox/store.ts), run against both adapters: the embedded SQLite
 * file, and Firestore through firebase-admin against an in-process Firestore emulator.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { App } from "firebase-admin/app";
import { openSqliteOutboxStore } from "../server/outbox/sqliteStore";
import type { NewOutboxEvent, OutboxStore } from "../server/outbox/store";
import { startFirestoreEmulator, type FirestoreEmulator } from "./support/firestoreEmulator";
import { sampleEvent } from "./support/outboxEvents";
import { repeatUntil } from "./support/waitFor";

/** One adapter under test: `fresh()` gives an empty outbox; `connect()` another connection to that same outbox. */
interface Adapter {
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  fresh(): Promise<{ store: OutboxStore; connect(): Promise<OutboxStore> }>;
}

function sqliteAdapter(): Adapter {
  let dir: string;
  const open: OutboxStore[] = [];
  let n = 0;
  const track = (store: OutboxStore) => {
    open.push(store);
    return store;
  };
  return {
    async setUp() {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-contract-"));
    },
    async tearDown() {
      await Promise.all(open.map((s) => s.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async fresh() {
      const file = path.join(dir, `outbox-${++n}.sqlite`);
      return { store: track(openSqliteOutboxStore(file)), connect: async () => track(openSqliteOutboxStore(file)) };
    },
  };
}

function firestoreAdapter(): Adapter {
  let emulator: FirestoreEmulator;
  const apps: App[] = [];
  let n = 0;
  return {
    async setUp() {
      emulator = await startFirestoreEmulator();
    },
    async tearDown() {
      const { deleteApp } = await import("firebase-admin/app");
      await Promise.all(apps.map((app) => deleteApp(app)));
      emulator.stop();
    },
    async fresh() {
      // A collection per test; each connection is its own firebase-admin app (its own gRPC channel).
      const collection = `outbox_${++n}`;
      const { initializeApp } = await import("firebase-admin/app");
      const { getFirestore } = await import("firebase-admin/firestore");
      const { createFirestoreOutboxStore } = await import("../server/outbox/firestoreStore");
      const connect = async () => {
        const app = initializeApp({ projectId: "demo-outbox" }, `contract-${collection}-${apps.length}`);
        apps.push(app);
        return createFirestoreOutboxStore({ firestore: getFirestore(app), collection });
      };
      return { store: await connect(), connect };
    },
  };
}

const T0 = 1_700_000_000_000;
const LEASE = 30_000;

describe.each([
  ["SQLite", sqliteAdapter(), "sqlite"],
  ["Firestore (emulator)", firestoreAdapter(), "firestore"],
] as const)("the %s outbox", (_name, adapter, kind) => {
  let store: OutboxStore;
  let connect: () => Promise<OutboxStore>;

  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  beforeEach(async () => {
    ({ store, connect } = await adapter.fresh());
  });

  test("stores a new event as pending, payload intact, and ignores a second add of the same id", async () => {
    const event = sampleEvent(T0);
    expect(await store.add(event)).toBe(true);
    expect(await store.add({ ...event, region: "us", createdAt: T0 + 5 })).toBe(false);
    // Written means readable from another connection.
    const other = await connect();
    expect(await other.get(event.id)).toEqual({
      ...event,
      status: "pending",
      attempts: 0,
      nextAttemptAt: T0,
      leasedBy: null,
      leaseUntil: null,
      lastError: null,
      deliveredAt: null,
      updatedAt: T0,
    });
    expect(await store.get("no-such-event")).toBeUndefined();
  });

  test("says which store it is", () => {
    expect(store.kind).toBe(kind);
  });

  test("a claim hands its events over in due order, whatever order they were added in", async () => {
    const [later, earlier] = [sampleEvent(T0 + 1), sampleEvent(T0)];
    for (const e of [later, earlier]) await store.add(e);
    expect((await store.claim("w1", 2, LEASE, T0 + 10)).map((e) => e.id)).toEqual([earlier.id, later.id]);
  });

  test("a claim of zero events (or fewer) leases nothing", async () => {
    await store.add(sampleEvent(T0));
    expect(await store.claim("w1", 0, LEASE, T0)).toEqual([]);
    expect(await store.claim("w1", -1, LEASE, T0)).toEqual([]);
    expect(await store.counts()).toMatchObject({ pending: 1, leased: 0 });
  });

  test("an error longer than 1000 characters is kept clipped to 1000, ending in …; one of 1000 is kept whole", async () => {
    const [long, exact] = [sampleEvent(T0), sampleEvent(T0)];
    await store.add(long);
    await store.add(exact);
    await store.claim("w1", 10, LEASE, T0);
    await store.settle([long.id], "w1", { status: "failed", at: T0 + 1, error: "x".repeat(1500) });
    await store.settle([exact.id], "w1", { status: "failed", at: T0 + 1, error: "y".repeat(1000) });
    expect((await store.get(long.id))!.lastError).toBe(`${"x".repeat(999)}…`);
    expect((await store.get(exact.id))!.lastError).toBe("y".repeat(1000));
  });

  test("claims due events oldest first, at most the limit, leased to the worker", async () => {
    const events = [sampleEvent(T0 + 2), sampleEvent(T0), sampleEvent(T0 + 1), sampleEvent(T0 + 10_000)];
    for (const e of events) await store.add(e);
    const claimed = await store.claim("w1", 2, LEASE, T0 + 100);
    expect(claimed.map((e) => e.id)).toEqual([events[1].id, events[2].id]);
    for (const e of claimed) {
      expect(e).toMatchObject({ status: "leased", leasedBy: "w1", leaseUntil: T0 + 100 + LEASE, attempts: 0 });
      expect(e.payload).toEqual(events.find((x) => x.id === e.id)!.payload);
    }
    // The rest that is due; the one created in the future is not.
    expect((await store.claim("w1", 10, LEASE, T0 + 100)).map((e) => e.id)).toEqual([events[0].id]);
    expect(await store.claim("w1", 10, LEASE, T0 + 100)).toEqual([]);
  });

  test("a leased event is not claimed again until its lease ends; then another worker takes it over", async () => {
    const event = sampleEvent(T0);
    await store.add(event);
    await store.claim("w1", 10, LEASE, T0);
    expect(await store.claim("w2", 10, LEASE, T0 + LEASE - 1)).toEqual([]);
    const taken = await store.claim("w2", 10, LEASE, T0 + LEASE);
    expect(taken.map((e) => [e.id, e.leasedBy])).toEqual([[event.id, "w2"]]);
    expect(await store.get(event.id)).toMatchObject({ status: "leased", leasedBy: "w2", leaseUntil: T0 + 2 * LEASE });
  });

  test("only the lease holder settles: not another worker, not a holder whose lease was taken over", async () => {
    const event = sampleEvent(T0);
    await store.add(event);
    await store.claim("w1", 10, LEASE, T0);
    expect(await store.settle([event.id], "w2", { status: "delivered", at: T0 + 1 })).toBe(0);
    expect(await store.get(event.id)).toMatchObject({ status: "leased", leasedBy: "w1" });

    await store.claim("w2", 10, LEASE, T0 + LEASE + 1);
    expect(await store.settle([event.id], "w1", { status: "failed", at: T0 + LEASE + 2, error: "late" })).toBe(0);
    expect(await store.settle([event.id], "w2", { status: "delivered", at: T0 + LEASE + 3 })).toBe(1);
    expect(await store.get(event.id)).toMatchObject({
      status: "delivered",
      attempts: 1,
      deliveredAt: T0 + LEASE + 3,
      leasedBy: null,
    });
    // Settled events are not settled again, nor settled when never claimed.
    const unclaimed = sampleEvent(T0);
    await store.add(unclaimed);
    expect(await store.settle([event.id, unclaimed.id], "w2", { status: "failed", at: T0, error: "x" })).toBe(0);
  });

  test("a retry makes the event pending again from nextAttemptAt, counting the attempt and keeping the error", async () => {
    const event = sampleEvent(T0);
    await store.add(event);
    await store.claim("w1", 10, LEASE, T0);
    expect(
      await store.settle([event.id], "w1", {
        status: "retry",
        at: T0 + 10,
        nextAttemptAt: T0 + 5_000,
        error: "HTTP 503",
      }),
    ).toBe(1);
    expect(await store.get(event.id)).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: T0 + 5_000,
      lastError: "HTTP 503",
      leasedBy: null,
      leaseUntil: null,
    });
    expect(await store.claim("w1", 10, LEASE, T0 + 4_999)).toEqual([]);
    const again = await store.claim("w2", 10, LEASE, T0 + 5_000);
    expect(again.map((e) => [e.id, e.attempts])).toEqual([[event.id, 1]]);
    await store.settle([event.id], "w2", {
      status: "retry",
      at: T0 + 5_001,
      nextAttemptAt: T0 + 6_000,
      error: "no answer within 1500 ms",
    });
    expect(await store.get(event.id)).toMatchObject({ attempts: 2, lastError: "no answer within 1500 ms" });
  });

  test("failed and not_sent events keep their reason and are never claimed again", async () => {
    const [failed, notSent] = [sampleEvent(T0), sampleEvent(T0)];
    await store.add(failed);
    await store.add(notSent);
    await store.claim("w1", 10, LEASE, T0);
    await store.settle([failed.id], "w1", {
      status: "failed",
      at: T0 + 1,
      error: "HTTP 400: Invalid parameter [OAuthException, code 100]",
    });
    await store.settle([notSent.id], "w1", { status: "not_sent", at: T0 + 1, reason: "no credentials" });
    expect(await store.get(failed.id)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "HTTP 400: Invalid parameter [OAuthException, code 100]",
    });
    expect(await store.get(notSent.id)).toMatchObject({ status: "not_sent", attempts: 0, lastError: "no credentials" });
    expect(await store.claim("w1", 10, LEASE, T0 + 10 * LEASE)).toEqual([]);
  });

  test("a settled event forgets the visitor (IP, user agent, browser and click ids); one to retry keeps them for its next attempt", async () => {
    const [delivered, failed, notSent, retried] = [1, 2, 3, 4].map(() => sampleEvent(T0));
    for (const event of [delivered, failed, notSent, retried]) {
      event.payload.user_data.fbc = `fb.1.${T0}.AbC123`;
      await store.add(event);
    }
    await store.claim("w1", 10, LEASE, T0);
    await store.settle([delivered.id], "w1", { status: "delivered", at: T0 + 1 });
    await store.settle([failed.id], "w1", { status: "failed", at: T0 + 1, error: "HTTP 400" });
    await store.settle([notSent.id], "w1", { status: "not_sent", at: T0 + 1, reason: "no credentials" });
    await store.settle([retried.id], "w1", {
      status: "retry",
      at: T0 + 1,
      nextAttemptAt: T0 + 1_000,
      error: "HTTP 503",
    });
    for (const event of [delivered, failed, notSent]) {
      const { payload } = (await store.get(event.id))!;
      expect(payload.user_data).toEqual({});
      // What the event was stays, for diagnostics until retention deletes it.
      expect(payload).toEqual({ ...event.payload, user_data: {} });
    }
    expect((await store.get(retried.id))!.payload).toEqual(retried.payload);
    const [again] = await store.claim("w2", 10, LEASE, T0 + 1_000);
    expect(again.payload.user_data).toMatchObject({
      client_ip_address: "203.0.113.7",
      client_user_agent: "Mozilla/5.0",
    });
  });

  test("purges settled events past the retention and stale pending ones, counted by status, and nothing else", async () => {
    const [oldDelivered, recentDelivered, oldFailed, oldNotSent, recentFailed] = [1, 2, 3, 4, 5].map(() =>
      sampleEvent(T0),
    );
    for (const e of [oldDelivered, recentDelivered, oldFailed, oldNotSent, recentFailed]) await store.add(e);
    await store.claim("w1", 10, LEASE, T0);
    await store.settle([oldDelivered.id], "w1", { status: "delivered", at: T0 + 1_000 });
    await store.settle([recentDelivered.id], "w1", { status: "delivered", at: T0 + 5_000 });
    await store.settle([oldFailed.id], "w1", { status: "failed", at: T0 + 1_000, error: "HTTP 400" });
    await store.settle([oldNotSent.id], "w1", { status: "not_sent", at: T0 + 1_000, reason: "no credentials" });
    await store.settle([recentFailed.id], "w1", { status: "failed", at: T0 + 5_000, error: "HTTP 400" });
    // Leased and stale: one whose lease ended, one still held; pending: one stale, one recent.
    await store.add(sampleEvent(T0 - 9_000, "stale-lease-ended"));
    expect((await store.claim("w2", 1, 1_000, T0 - 9_000)).map((e) => e.id)).toEqual(["stale-lease-ended"]);
    await store.add(sampleEvent(T0 - 8_600, "stale-lease-held"));
    expect((await store.claim("w3", 1, LEASE, T0 - 8_600)).map((e) => e.id)).toEqual(["stale-lease-held"]);
    await store.add(sampleEvent(T0 - 9_000, "stale-pending"));
    await store.add(sampleEvent(T0 + 2_000, "recent-pending"));

    const cutoffs = { settledBefore: T0 + 5_000, pendingCreatedBefore: T0, now: T0 + 6_000 };
    expect(await store.purge(cutoffs)).toEqual({ delivered: 1, failed: 1, not_sent: 1, pending: 2 });
    for (const id of [oldDelivered.id, oldFailed.id, oldNotSent.id, "stale-pending", "stale-lease-ended"])
      expect(await store.get(id)).toBeUndefined();
    expect(await store.get(recentDelivered.id)).toMatchObject({ status: "delivered" });
    expect(await store.get("stale-lease-held")).toMatchObject({ status: "leased", leasedBy: "w3" });
    expect(await store.purge(cutoffs)).toEqual({ delivered: 0, failed: 0, not_sent: 0, pending: 0 });
    expect(await store.counts()).toEqual({ pending: 1, leased: 1, delivered: 1, failed: 1, not_sent: 0 });
    // A deleted event's id is free again, with a fresh history.
    expect(await store.add(oldDelivered)).toBe(true);
    expect((await store.claim("w9", 10, LEASE, T0 + 6_000)).map((e) => e.id).sort()).toEqual(
      [oldDelivered.id, "recent-pending"].sort(),
    );
  });

  test("a purge keeps at most keepSettled settled events, deleting the oldest settled first and never one waiting", async () => {
    const settled = [1, 2, 3, 4, 5].map(() => sampleEvent(T0));
    for (const e of settled) await store.add(e);
    await store.claim("w1", 10, LEASE, T0);
    const outcomes = [
      { status: "delivered", at: T0 + 1 },
      { status: "failed", at: T0 + 2, error: "HTTP 400" },
      { status: "not_sent", at: T0 + 3, reason: "no credentials" },
      { status: "delivered", at: T0 + 4 },
      { status: "delivered", at: T0 + 5 },
    ] as const;
    for (const [i, outcome] of outcomes.entries()) await store.settle([settled[i].id], "w1", outcome);
    await store.add(sampleEvent(T0 - 1, "waiting"));

    // Nothing past the retention: only the count bound deletes, the three settled first.
    const cutoffs = { settledBefore: T0, pendingCreatedBefore: T0 - 10_000, now: T0 + 10 };
    expect(await store.purge({ ...cutoffs, keepSettled: 2 })).toEqual({
      delivered: 1,
      failed: 1,
      not_sent: 1,
      pending: 0,
    });
    expect(await store.counts()).toMatchObject({ delivered: 2, failed: 0, not_sent: 0, pending: 1 });
    for (const e of settled.slice(3)) expect(await store.get(e.id)).toMatchObject({ status: "delivered" });
    expect(await store.purge({ ...cutoffs, keepSettled: 2 })).toEqual({
      delivered: 0,
      failed: 0,
      not_sent: 0,
      pending: 0,
    });
    // Without keepSettled there is no count bound.
    expect(await store.purge(cutoffs)).toEqual({ delivered: 0, failed: 0, not_sent: 0, pending: 0 });
  });

  test("a purge stops at its limit; the next one goes on", async () => {
    for (let i = 0; i < 5; i++) await store.add(sampleEvent(T0 - 10_000 + i, `stale-${i}`));
    const cutoffs = { settledBefore: T0, pendingCreatedBefore: T0, now: T0, limit: 3 };
    expect((await store.purge(cutoffs)).pending).toBe(3);
    expect((await store.purge(cutoffs)).pending).toBe(2);
    expect((await store.counts()).pending).toBe(0);
  });

  test("counts events per status", async () => {
    const events = Array.from({ length: 6 }, (_, i) => sampleEvent(T0 + i));
    for (const e of events) await store.add(e);
    await store.claim("w1", 5, LEASE, T0 + 10);
    await store.settle([events[0].id], "w1", { status: "delivered", at: T0 + 11 });
    await store.settle([events[1].id], "w1", { status: "failed", at: T0 + 11, error: "x" });
    await store.settle([events[2].id], "w1", { status: "not_sent", at: T0 + 11, reason: "y" });
    await store.settle([events[3].id], "w1", { status: "retry", at: T0 + 11, nextAttemptAt: T0 + 20, error: "z" });
    expect(await store.counts()).toEqual({ pending: 2, leased: 1, delivered: 1, failed: 1, not_sent: 1 });
  });

  test("concurrent claims from several connections never hand out the same event", async () => {
    const total = 120;
    for (let i = 0; i < total; i++) await store.add(sampleEvent(T0 + (i % 7)));
    const workers = await Promise.all(Array.from({ length: 4 }, () => connect()));
    const claimedBy = new Map<string, string[]>();
    // Each claim that finds something takes at least one of the `total` events, so a worker is
    // done within `total` claims plus its three empty ones. A claim that hands out events without
    // leasing them would keep every worker busy forever: that must fail here, named, not hang.
    await Promise.all(
      workers.map(async (worker, w) => {
        let empty = 0;
        await repeatUntil(
          `worker w${w} to find the outbox empty 3 times (are claimed events leased?)`,
          total + 3,
          async () => {
            const batch = await worker.claim(`w${w}`, 15, LEASE, T0 + 100);
            if (!batch.length) empty++;
            for (const e of batch) claimedBy.set(e.id, [...(claimedBy.get(e.id) ?? []), `w${w}`]);
            return empty === 3;
          },
        );
      }),
    );
    expect(claimedBy.size).toBe(total);
    expect([...claimedBy.values()].filter((holders) => holders.length > 1)).toEqual([]);
    // Each worker's settlements apply to exactly its own events.
    const byWorker = new Map<string, string[]>();
    for (const [id, [holder]] of claimedBy) byWorker.set(holder, [...(byWorker.get(holder) ?? []), id]);
    let settled = 0;
    for (const [holder, ids] of byWorker)
      settled += await store.settle(ids, holder, { status: "delivered", at: T0 + 200 });
    expect(settled).toBe(total);
    expect((await store.counts()).delivered).toBe(total);
  });

  test("concurrent takeovers of expired leases never overlap either", async () => {
    for (let i = 0; i < 40; i++) await store.add(sampleEvent(T0));
    await store.claim("crashed", 40, 1_000, T0);
    const workers = await Promise.all(Array.from({ length: 3 }, () => connect()));
    const batches = await Promise.all(workers.map((worker, w) => worker.claim(`w${w}`, 40, LEASE, T0 + 2_000)));
    const ids = batches.flat().map((e) => e.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });
});

describe("the SQLite outbox file", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-file-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("is created with its folder, in WAL mode (readers and the writer do not wait for each other)", async () => {
    const file = path.join(dir, "not", "yet", "there", "outbox.sqlite");
    const store = openSqliteOutboxStore(file);
    await store.add(sampleEvent(T0));
    const reader = new DatabaseSync(file, { readOnly: true });
    expect(reader.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    reader.close();
    await store.close();
  });

  test("among events due at the same moment, a claim hands over the one created first first", async () => {
    const store = openSqliteOutboxStore(path.join(dir, "outbox.sqlite"));
    const [first, second] = [sampleEvent(T0 + 50), sampleEvent(T0 + 40)];
    for (const e of [first, second]) await store.add(e);
    await store.claim("w1", 10, LEASE, T0 + 100);
    for (const e of [first, second])
      await store.settle([e.id], "w1", { status: "retry", at: T0 + 101, nextAttemptAt: T0 + 500, error: "HTTP 503" });
    expect((await store.claim("w2", 10, LEASE, T0 + 500)).map((e) => e.id)).toEqual([second.id, first.id]);
    await store.close();
  });

  test.each([
    ["leaves the transaction open", "ABORT"],
    ["ends the transaction itself", "ROLLBACK"],
  ])(
    "a write that fails part-way (the database %s) is undone, reports its own error and leaves the store usable",
    async (_how, raise) => {
      const file = path.join(dir, "outbox.sqlite");
      const store = openSqliteOutboxStore(file);
      // A fault in the middle of a write: the database refuses one event.
      const other = new DatabaseSync(file);
      other.exec(
        `CREATE TRIGGER refuse BEFORE INSERT ON outbox WHEN NEW.region = 'refused' BEGIN SELECT RAISE(${raise}, 'refused by the database'); END`,
      );
      other.close();
      await expect(store.add({ ...sampleEvent(T0), region: "refused" } as never)).rejects.toThrow(
        "refused by the database",
      );
      const next = sampleEvent(T0 + 1);
      await expect(store.add(next)).resolves.toBe(true);
      expect((await store.claim("w1", 10, LEASE, T0 + 100)).map((e) => e.id)).toEqual([next.id]);
      await store.close();
    },
  );

  test("once closed, it refuses work rather than writing behind the caller's back", async () => {
    const store = openSqliteOutboxStore(path.join(dir, "outbox.sqlite"));
    await store.close();
    await expect(store.add(sampleEvent(T0))).rejects.toThrow();
    await store.close(); // a second close is harmless
  });
});

describe("the Firestore outbox", () => {
  let emulator: FirestoreEmulator;
  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
  });
  afterAll(() => emulator.stop());

  test("opens from a project id alone (the emulator through FIRESTORE_EMULATOR_HOST), in the outbox collection, and closes its app", async () => {
    const { openFirestoreOutboxStore } = await import("../server/outbox/firestoreStore");
    const { getApps, initializeApp, deleteApp } = await import("firebase-admin/app");
    const { getFirestore } = await import("firebase-admin/firestore");
    const appsBefore = getApps().length;
    const store = await openFirestoreOutboxStore({ projectId: "demo-open" });
    expect(getApps().length).toBe(appsBefore + 1);
    const event = sampleEvent(T0);
    expect(await store.add(event)).toBe(true);
    await store.close();
    expect(getApps().length).toBe(appsBefore);
    const reader = initializeApp({ projectId: "demo-open" }, "outbox-reader");
    const stored = await getFirestore(reader).collection("outbox").doc(event.id).get();
    expect(stored.get("status")).toBe("pending");
    await deleteApp(reader);
  });

  test("a settlement is one write, by the lease holder while its lease holds: after it, nothing is settled", async () => {
    const { createFirestoreOutboxStore } = await import("../server/outbox/firestoreStore");
    const { initializeApp, deleteApp } = await import("firebase-admin/app");
    const { getFirestore } = await import("firebase-admin/firestore");
    const app = initializeApp({ projectId: "demo-settle" }, "outbox-settle");
    const store = createFirestoreOutboxStore({ firestore: getFirestore(app), collection: "settling" });
    const [late, inTime] = [sampleEvent(T0), sampleEvent(T0)];
    for (const e of [late, inTime]) await store.add(e);
    await store.claim("w1", 10, LEASE, T0);
    // Past its lease another worker may already hold the event: the late outcome is not written.
    expect(await store.settle([late.id], "w1", { status: "delivered", at: T0 + LEASE })).toBe(0);
    expect(await store.get(late.id)).toMatchObject({ status: "leased", leasedBy: "w1" });
    const before = emulator.writes.length;
    expect(await store.settle([inTime.id], "w1", { status: "delivered", at: T0 + LEASE - 1 })).toBe(1);
    expect(emulator.writes.slice(before).map((w) => [w.collection, w.kind])).toEqual([["settling", "set"]]);
    await deleteApp(app);
  });

  test("a failure other than 'already there' is reported, never taken for a duplicate", async () => {
    const { createFirestoreOutboxStore } = await import("../server/outbox/firestoreStore");
    const { initializeApp, deleteApp } = await import("firebase-admin/app");
    const { getFirestore } = await import("firebase-admin/firestore");
    const app = initializeApp({ projectId: "demo-refusing" }, "outbox-refusing");
    const store = createFirestoreOutboxStore({ firestore: getFirestore(app), collection: "refusing" });
    // A value Firestore cannot store: refused before it is sent, with an error that is not ALREADY_EXISTS.
    const unstorable = { ...sampleEvent(T0), region: Symbol("not a value") } as unknown as NewOutboxEvent;
    await expect(store.add(unstorable)).rejects.toThrow();
    expect(await store.counts()).toMatchObject({ pending: 0 });
    await store.close(); // a store given its Firestore has nothing of its own to close
    await deleteApp(app);
  });
});
