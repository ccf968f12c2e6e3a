/**
 * The request store's contract (server/requests/requestStore.ts), run against both adapters: the
 * embedded SQLite file, and Firestore through firebase-admin against an in-process Firestore
 * emulator. What is particular to one adapter is in test/sqliteRequestStore.test.ts and
 * test/firestoreRequestStore.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RequestStore } from "../server/requests/requestStore";
import { openSqliteRequestStore } from "../server/requests/sqliteRequestStore";
import { startFirestoreEmulator, type FirestoreEmulator } from "./support/firestoreEmulator";
import { ALL_DESTINATIONS, sampleRequest } from "./support/requestStoreFixtures";
import { repeatUntil } from "./support/waitFor";

/** One adapter under test: `fresh()` gives an empty store; `connect()` another connection to that same store. */
interface Adapter {
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  fresh(): Promise<{ store: RequestStore; connect(): Promise<RequestStore> }>;
}

function sqliteAdapter(): Adapter {
  let dir: string;
  const open: RequestStore[] = [];
  let n = 0;
  const track = (store: RequestStore) => {
    open.push(store);
    return store;
  };
  return {
    async setUp() {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "request-contract-"));
    },
    async tearDown() {
      await Promise.all(open.map((s) => s.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async fresh() {
      const file = path.join(dir, `requests-${++n}.sqlite`);
      return { store: track(openSqliteRequestStore(file)), connect: async () => track(openSqliteRequestStore(file)) };
    },
  };
}

function firestoreAdapter(): Adapter {
  let emulator: FirestoreEmulator;
  const open: RequestStore[] = [];
  let n = 0;
  return {
    async setUp() {
      emulator = await startFirestoreEmulator();
    },
    async tearDown() {
      await Promise.all(open.map((s) => s.close()));
      emulator.stop();
    },
    async fresh() {
      // A project per test (the emulator keeps projects apart); each connection is its own
      // firebase-admin app (its own gRPC channel), which closing the store deletes.
      const projectId = `demo-requests-${++n}`;
      const { openFirestoreRequestStore } = await import("../server/requests/firestoreRequestStore");
      const connect = async () => {
        const store = await openFirestoreRequestStore({ projectId });
        open.push(store);
        return store;
      };
      return { store: await connect(), connect };
    },
  };
}

const T0 = 1_700_000_000_000;
const LEASE = 30_000;
const pendingFrom = (requestId: string, at: number) => ({
  requestId,
  status: "pending",
  attempts: 0,
  nextAttemptAt: at,
  leasedBy: null,
  leaseUntil: null,
  lastError: null,
  deliveredAt: null,
  updatedAt: at,
});

describe.each([
  ["SQLite", sqliteAdapter(), "sqlite"],
  ["Firestore (emulator)", firestoreAdapter(), "firestore"],
] as const)("the %s request store", (_name, adapter, kind) => {
  let store: RequestStore;
  let connect: () => Promise<RequestStore>;

  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  beforeEach(async () => {
    ({ store, connect } = await adapter.fresh());
  });

  /** Claims everything due at `now` for `worker` and returns the claimed deliveries' keys. */
  const claimAll = async (worker: string, now: number, leaseMs = LEASE) =>
    (await store.claim(worker, 100, leaseMs, now)).map((d) => `${d.requestId}:${d.destination}`);

  test("says which store it is", () => {
    expect(store.kind).toBe(kind);
  });

  test("stores a request with one pending delivery per destination, readable from another connection once add resolves", async () => {
    const request = sampleRequest(T0);
    expect(await store.add(request)).toBe(true);
    const other = await connect();
    expect(await other.get(request.id)).toEqual({
      request,
      deliveries: ALL_DESTINATIONS.map((destination) => ({ ...pendingFrom(request.id, T0), destination })),
    });
    expect(await other.counts()).toEqual({ pending: 3, leased: 0, delivered: 0, failed: 0 });
    expect(await store.get("no-such-request")).toBeUndefined();
  });

  test("a second add of the same id is refused and changes nothing: not the request, not its deliveries", async () => {
    const request = sampleRequest(T0, { destinations: ["webhook", "inbox"] });
    await store.add(request);
    const again = { ...request, kind: "quote", receivedAt: T0 + 5, destinations: ["klaviyo"] } as const;
    expect(await store.add(again)).toBe(false);
    expect(await store.get(request.id)).toEqual({
      request,
      deliveries: ["webhook", "inbox"].map((destination) => ({ ...pendingFrom(request.id, T0), destination })),
    });
    expect(await store.counts()).toMatchObject({ pending: 2 });
  });

  test("a request's fields come back as checked: lists and booleans as they were, an absent optional field left out", async () => {
    const request = sampleRequest(T0, {
      kind: "samples",
      region: "us",
      fields: { samples: ["oak", "walnut"], keep_posted: true, phone: undefined, name: "Grace" },
      destinations: ["inbox"],
    });
    await store.add(request);
    const { request: stored } = (await store.get(request.id))!;
    expect(stored).toEqual(request);
    expect(stored.fields).toStrictEqual({ samples: ["oak", "walnut"], keep_posted: true, name: "Grace" });
  });

  test("refuses a request with no destination, or one named twice, and stores nothing of it", async () => {
    const none = sampleRequest(T0, { destinations: [] });
    const twice = sampleRequest(T0, { destinations: ["webhook", "inbox", "webhook"] });
    await expect(store.add(none)).rejects.toThrow(TypeError);
    await expect(store.add(twice)).rejects.toThrow(TypeError);
    expect(await store.get(none.id)).toBeUndefined();
    expect(await store.get(twice.id)).toBeUndefined();
    expect(await store.counts()).toEqual({ pending: 0, leased: 0, delivered: 0, failed: 0 });
  });

  test("claims due deliveries oldest first, at most the limit, leased to the worker, each with its request", async () => {
    const later = sampleRequest(T0 + 2, { destinations: ["webhook"] });
    const oldest = sampleRequest(T0, { destinations: ["webhook", "inbox"] });
    const middle = sampleRequest(T0 + 1, { destinations: ["klaviyo"] });
    const future = sampleRequest(T0 + 10_000, { destinations: ["webhook"] });
    // Settled deliveries, never due again, stored among the others: they do not upset their order.
    const settled = sampleRequest(T0 - 50, { destinations: ["webhook", "inbox"] });
    for (const r of [later, settled]) await store.add(r);
    for (const d of await store.claim("w0", 10, LEASE, T0 - 50))
      await store.settle(d.requestId, d.destination, "w0", { status: "delivered", at: T0 - 40 });
    for (const r of [oldest, middle, future]) await store.add(r);

    const claimed = await store.claim("w1", 3, LEASE, T0 + 100);
    // The two of the oldest request (due at the same moment, in either order), then the next one's.
    expect(
      claimed
        .slice(0, 2)
        .map((d) => [d.requestId, d.destination])
        .sort(),
    ).toEqual(
      [
        [oldest.id, "inbox"],
        [oldest.id, "webhook"],
      ].sort(),
    );
    expect([claimed[2].requestId, claimed[2].destination]).toEqual([middle.id, "klaviyo"]);
    for (const delivery of claimed) {
      expect(delivery).toMatchObject({
        status: "leased",
        leasedBy: "w1",
        leaseUntil: T0 + 100 + LEASE,
        attempts: 0,
        updatedAt: T0 + 100,
      });
      expect(delivery.request).toEqual(delivery.requestId === oldest.id ? oldest : middle);
    }
    expect(await store.get(oldest.id)).toMatchObject({
      deliveries: [
        { status: "leased", leasedBy: "w1" },
        { status: "leased", leasedBy: "w1" },
      ],
    });
    // The rest that is due; the request received in the future is not.
    expect(await claimAll("w1", T0 + 100)).toEqual([`${later.id}:webhook`]);
    expect(await store.claim("w1", 10, LEASE, T0 + 100)).toEqual([]);
    expect(await claimAll("w1", T0 + 10_000)).toEqual([`${future.id}:webhook`]);
  });

  test("a claim of zero deliveries (or fewer) leases nothing", async () => {
    await store.add(sampleRequest(T0));
    expect(await store.claim("w1", 0, LEASE, T0)).toEqual([]);
    expect(await store.claim("w1", -1, LEASE, T0)).toEqual([]);
    expect(await store.counts()).toMatchObject({ pending: 3, leased: 0 });
  });

  test("each destination is a delivery of its own: one settled leaves the others as they were", async () => {
    const request = sampleRequest(T0);
    await store.add(request);
    expect((await claimAll("w1", T0)).sort()).toEqual(ALL_DESTINATIONS.map((d) => `${request.id}:${d}`).sort());
    expect(await store.settle(request.id, "webhook", "w1", { status: "delivered", at: T0 + 1 })).toBe(true);
    expect(await store.get(request.id)).toMatchObject({
      deliveries: [
        { destination: "webhook", status: "delivered", deliveredAt: T0 + 1, attempts: 1, leasedBy: null },
        { destination: "klaviyo", status: "leased", leasedBy: "w1", attempts: 0 },
        { destination: "inbox", status: "leased", leasedBy: "w1", attempts: 0 },
      ],
    });
    await store.settle(request.id, "klaviyo", "w1", { status: "failed", at: T0 + 2, error: "HTTP 400" });
    await store.settle(request.id, "inbox", "w1", {
      status: "retry",
      at: T0 + 3,
      nextAttemptAt: T0 + 500,
      error: "EACCES",
    });
    expect((await store.get(request.id))!.deliveries.map((d) => [d.destination, d.status])).toEqual([
      ["webhook", "delivered"],
      ["klaviyo", "failed"],
      ["inbox", "pending"],
    ]);
    expect(await claimAll("w2", T0 + 500)).toEqual([`${request.id}:inbox`]);
  });

  test("a leased delivery is not claimed again until its lease ends; then another worker takes it over", async () => {
    const request = sampleRequest(T0, { destinations: ["webhook"] });
    await store.add(request);
    await store.claim("w1", 10, LEASE, T0);
    expect(await store.claim("w2", 10, LEASE, T0 + LEASE - 1)).toEqual([]);
    const taken = await store.claim("w2", 10, LEASE, T0 + LEASE);
    expect(taken.map((d) => [d.requestId, d.leasedBy, d.request.id])).toEqual([[request.id, "w2", request.id]]);
    expect((await store.get(request.id))!.deliveries).toEqual([
      expect.objectContaining({ status: "leased", leasedBy: "w2", leaseUntil: T0 + 2 * LEASE, attempts: 0 }),
    ]);
  });

  test("only the lease holder settles: not another worker, not a holder whose lease was taken over", async () => {
    const request = sampleRequest(T0, { destinations: ["webhook"] });
    await store.add(request);
    await store.claim("w1", 10, LEASE, T0);
    expect(await store.settle(request.id, "webhook", "w2", { status: "delivered", at: T0 + 1 })).toBe(false);
    expect((await store.get(request.id))!.deliveries[0]).toMatchObject({ status: "leased", leasedBy: "w1" });

    await store.claim("w2", 10, LEASE, T0 + LEASE + 1);
    expect(
      await store.settle(request.id, "webhook", "w1", { status: "failed", at: T0 + LEASE + 2, error: "late" }),
    ).toBe(false);
    expect(await store.settle(request.id, "webhook", "w2", { status: "delivered", at: T0 + LEASE + 3 })).toBe(true);
    expect((await store.get(request.id))!.deliveries[0]).toMatchObject({
      status: "delivered",
      attempts: 1,
      deliveredAt: T0 + LEASE + 3,
      leasedBy: null,
      leaseUntil: null,
      lastError: null,
      updatedAt: T0 + LEASE + 3,
    });
    // A settled delivery is not settled again; one never claimed, or of no stored request, not at all.
    expect(await store.settle(request.id, "webhook", "w2", { status: "delivered", at: T0 + LEASE + 4 })).toBe(false);
    const unclaimed = sampleRequest(T0, { destinations: ["inbox"] });
    await store.add(unclaimed);
    expect(await store.settle(unclaimed.id, "inbox", "w2", { status: "failed", at: T0, error: "x" })).toBe(false);
    expect(await store.settle(request.id, "inbox", "w2", { status: "failed", at: T0, error: "x" })).toBe(false);
    expect(await store.settle("no-such-request", "webhook", "w2", { status: "delivered", at: T0 })).toBe(false);
    expect(await store.counts()).toEqual({ pending: 1, leased: 0, delivered: 1, failed: 0 });
  });

  test("a holder whose lease ran out settles while no other worker has taken the delivery over", async () => {
    const request = sampleRequest(T0, { destinations: ["webhook"] });
    await store.add(request);
    await store.claim("w1", 10, 1_000, T0);
    // The destination answered late: what it did is recorded, rather than delivered again.
    expect(await store.settle(request.id, "webhook", "w1", { status: "delivered", at: T0 + 5_000 })).toBe(true);
    expect(await store.claim("w2", 10, LEASE, T0 + 5_000)).toEqual([]);
  });

  test("a retry makes the delivery pending again from nextAttemptAt, counting the attempt and keeping the error", async () => {
    const request = sampleRequest(T0, { destinations: ["klaviyo"] });
    await store.add(request);
    await store.claim("w1", 10, LEASE, T0);
    const retry = { status: "retry", at: T0 + 10, nextAttemptAt: T0 + 5_000, error: "HTTP 503" } as const;
    expect(await store.settle(request.id, "klaviyo", "w1", retry)).toBe(true);
    expect((await store.get(request.id))!.deliveries[0]).toEqual({
      requestId: request.id,
      destination: "klaviyo",
      status: "pending",
      attempts: 1,
      nextAttemptAt: T0 + 5_000,
      lastError: "HTTP 503",
      leasedBy: null,
      leaseUntil: null,
      deliveredAt: null,
      updatedAt: T0 + 10,
    });
    expect(await store.claim("w1", 10, LEASE, T0 + 4_999)).toEqual([]);
    const again = await store.claim("w2", 10, LEASE, T0 + 5_000);
    expect(again.map((d) => [d.requestId, d.attempts, d.lastError])).toEqual([[request.id, 1, "HTTP 503"]]);
    await store.settle(request.id, "klaviyo", "w2", {
      status: "retry",
      at: T0 + 5_001,
      nextAttemptAt: T0 + 6_000,
      error: "no answer within 5000 ms",
    });
    expect((await store.get(request.id))!.deliveries[0]).toMatchObject({
      attempts: 2,
      lastError: "no answer within 5000 ms",
    });
  });

  test("an error longer than 1000 characters is kept clipped to 1000, ending in …; one of 1000 is kept whole", async () => {
    const request = sampleRequest(T0, { destinations: ["webhook", "klaviyo"] });
    await store.add(request);
    await store.claim("w1", 10, LEASE, T0);
    await store.settle(request.id, "webhook", "w1", { status: "failed", at: T0 + 1, error: "x".repeat(1500) });
    await store.settle(request.id, "klaviyo", "w1", {
      status: "retry",
      at: T0 + 1,
      nextAttemptAt: T0 + 2,
      error: "y".repeat(1000),
    });
    const [webhook, klaviyo] = (await store.get(request.id))!.deliveries;
    expect(webhook.lastError).toBe(`${"x".repeat(999)}…`);
    expect(klaviyo.lastError).toBe("y".repeat(1000));
  });

  test("a failed delivery keeps its reason and is never claimed again; nor is a delivered one", async () => {
    const request = sampleRequest(T0, { destinations: ["webhook", "klaviyo"] });
    await store.add(request);
    await store.claim("w1", 10, LEASE, T0);
    const refused = "HTTP 422: email is not valid";
    expect(await store.settle(request.id, "webhook", "w1", { status: "failed", at: T0 + 1, error: refused })).toBe(
      true,
    );
    await store.settle(request.id, "klaviyo", "w1", { status: "delivered", at: T0 + 1 });
    expect((await store.get(request.id))!.deliveries[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: refused,
      deliveredAt: null,
      leasedBy: null,
    });
    expect(await store.claim("w1", 10, LEASE, T0 + 100 * LEASE)).toEqual([]);
  });

  test("counts deliveries per status", async () => {
    const requests = [0, 1, 2].map((i) => sampleRequest(T0 + i, { destinations: ["webhook", "inbox"] }));
    for (const r of requests) await store.add(r);
    expect(await store.counts()).toEqual({ pending: 6, leased: 0, delivered: 0, failed: 0 });
    await store.claim("w1", 5, LEASE, T0 + 10);
    const [a, b, c] = requests;
    await store.settle(a.id, "webhook", "w1", { status: "delivered", at: T0 + 11 });
    await store.settle(a.id, "inbox", "w1", { status: "delivered", at: T0 + 11 });
    await store.settle(b.id, "webhook", "w1", { status: "failed", at: T0 + 11, error: "x" });
    await store.settle(b.id, "inbox", "w1", { status: "retry", at: T0 + 11, nextAttemptAt: T0 + 20, error: "z" });
    expect(await store.counts()).toEqual({ pending: 2, leased: 1, delivered: 2, failed: 1 });
    expect((await store.get(c.id))!.deliveries.map((d) => d.status).sort()).toEqual(["leased", "pending"]);
  });

  test("oldestUndeliveredAt is when the oldest request with a delivery pending or leased was received", async () => {
    expect(await store.oldestUndeliveredAt()).toBeUndefined();
    const [middle, oldest, newest] = [T0 + 5, T0, T0 + 9].map((at) =>
      sampleRequest(at, { destinations: ["webhook", "inbox"] }),
    );
    for (const r of [middle, oldest, newest]) await store.add(r);
    expect(await store.oldestUndeliveredAt()).toBe(T0);
    await store.claim("w1", 10, LEASE, T0 + 10);
    // Leased is still to deliver.
    expect(await store.oldestUndeliveredAt()).toBe(T0);
    await store.settle(oldest.id, "webhook", "w1", { status: "delivered", at: T0 + 11 });
    expect(await store.oldestUndeliveredAt()).toBe(T0);
    // Failed is settled: nothing more will be delivered.
    await store.settle(oldest.id, "inbox", "w1", { status: "failed", at: T0 + 11, error: "HTTP 400" });
    expect(await store.oldestUndeliveredAt()).toBe(T0 + 5);
    for (const destination of ["webhook", "inbox"] as const)
      await store.settle(middle.id, destination, "w1", { status: "delivered", at: T0 + 12 });
    await store.settle(newest.id, "webhook", "w1", { status: "delivered", at: T0 + 12 });
    await store.settle(newest.id, "inbox", "w1", { status: "retry", at: T0 + 12, nextAttemptAt: T0 + 99, error: "x" });
    // Pending again after a retry.
    expect(await store.oldestUndeliveredAt()).toBe(T0 + 9);
    await store.claim("w2", 10, LEASE, T0 + 99);
    await store.settle(newest.id, "inbox", "w2", { status: "delivered", at: T0 + 100 });
    expect(await store.oldestUndeliveredAt()).toBeUndefined();
  });

  test("purges requests past their retention with their deliveries, the failed ones by their own cutoff, and never one still to deliver", async () => {
    const twoWays = { destinations: ["webhook", "inbox"] } as const;
    const [deliveredOld, deliveredRecent, failedOld, failedRecent, onePending, oneLeased] = [1, 2, 3, 4, 5, 6].map(() =>
      sampleRequest(T0, twoWays),
    );
    for (const r of [deliveredOld, deliveredRecent, failedOld, failedRecent, onePending, oneLeased]) await store.add(r);
    expect(await store.claim("w1", 100, LEASE, T0)).toHaveLength(12);
    const neverClaimed = sampleRequest(T0 - 60_000, twoWays);
    await store.add(neverClaimed);
    const settleBoth = async (id: string, at: number, inbox: "delivered" | "failed") => {
      await store.settle(id, "webhook", "w1", { status: "delivered", at });
      await store.settle(
        id,
        "inbox",
        "w1",
        inbox === "failed" ? { status: inbox, at, error: "HTTP 400" } : { status: inbox, at },
      );
    };
    await settleBoth(deliveredOld.id, T0 + 1_000, "delivered");
    await settleBoth(deliveredRecent.id, T0 + 5_000, "delivered");
    await settleBoth(failedOld.id, T0 + 1_000, "failed");
    await settleBoth(failedRecent.id, T0 + 3_000, "failed");
    await store.settle(onePending.id, "webhook", "w1", { status: "delivered", at: T0 + 1_000 });
    await store.settle(onePending.id, "inbox", "w1", {
      status: "retry",
      at: T0 + 1_000,
      nextAttemptAt: T0 + 9_000_000,
      error: "HTTP 503",
    });
    // oneLeased's inbox delivery stays leased.
    await store.settle(oneLeased.id, "webhook", "w1", { status: "delivered", at: T0 + 1_000 });

    // Requests delivered before T0 + 5 s go, and those with a failed delivery only if settled
    // before T0 + 2 s: they are kept longer, for the business to act on.
    const retention = { deliveredBefore: T0 + 5_000, failedBefore: T0 + 2_000, now: T0 + 10_000 };
    expect(await store.purge(retention)).toBe(2);
    for (const gone of [deliveredOld, failedOld]) expect(await store.get(gone.id)).toBeUndefined();
    for (const kept of [deliveredRecent, failedRecent, onePending, oneLeased, neverClaimed])
      expect((await store.get(kept.id))?.request).toEqual(kept);
    expect(await store.purge(retention)).toBe(0);
    expect(await store.counts()).toEqual({ pending: 3, leased: 1, delivered: 5, failed: 1 });

    // However long ago, a request with a delivery still to make stays.
    const forever = { deliveredBefore: T0 + 1e9, failedBefore: T0 + 1e9, now: T0 + 1e9 };
    expect(await store.purge(forever)).toBe(2);
    for (const kept of [onePending, oneLeased, neverClaimed]) expect(await store.get(kept.id)).toBeDefined();
    expect(await store.counts()).toEqual({ pending: 3, leased: 1, delivered: 2, failed: 0 });

    // A deleted request's id is free again, with fresh deliveries.
    expect(await store.add(deliveredOld)).toBe(true);
    expect(await store.get(deliveredOld.id)).toEqual({
      request: deliveredOld,
      deliveries: ["webhook", "inbox"].map((destination) => ({ ...pendingFrom(deliveredOld.id, T0), destination })),
    });
  });

  test("a purge deletes at most its limit of requests; the next one goes on", async () => {
    for (let i = 0; i < 5; i++) await store.add(sampleRequest(T0 + i, { destinations: ["webhook", "inbox"] }));
    for (const d of await store.claim("w1", 10, LEASE, T0 + 10))
      await store.settle(d.requestId, d.destination, "w1", { status: "delivered", at: T0 + 20 });
    const retention = { deliveredBefore: T0 + 100, failedBefore: T0 + 100, now: T0 + 100, limit: 3 };
    expect(await store.purge(retention)).toBe(3);
    expect(await store.counts()).toMatchObject({ delivered: 4 });
    expect(await store.purge(retention)).toBe(2);
    expect(await store.purge(retention)).toBe(0);
    expect(await store.counts()).toEqual({ pending: 0, leased: 0, delivered: 0, failed: 0 });
  });

  test("concurrent claims from several connections never hand out the same delivery", async () => {
    const requests = 40;
    const total = requests * ALL_DESTINATIONS.length;
    for (let i = 0; i < requests; i++) await store.add(sampleRequest(T0 + (i % 7)));
    const workers = await Promise.all(Array.from({ length: 4 }, () => connect()));
    const claimedBy = new Map<string, string[]>();
    // Each claim that finds something takes at least one of the `total` deliveries, so a worker is
    // done within `total` claims plus its three empty ones. A claim that hands out deliveries
    // without leasing them would keep every worker busy forever: that must fail here, named, not hang.
    await Promise.all(
      workers.map(async (worker, w) => {
        let empty = 0;
        await repeatUntil(
          `worker w${w} to find nothing due 3 times (are claimed deliveries leased?)`,
          total + 3,
          async () => {
            const batch = await worker.claim(`w${w}`, 15, LEASE, T0 + 100);
            if (!batch.length) empty++;
            for (const d of batch) {
              const key = `${d.requestId}:${d.destination}`;
              claimedBy.set(key, [...(claimedBy.get(key) ?? []), `w${w}`]);
            }
            return empty === 3;
          },
        );
      }),
    );
    expect(claimedBy.size).toBe(total);
    expect([...claimedBy.values()].filter((holders) => holders.length > 1)).toEqual([]);
    // Each worker's settlements apply to exactly its own deliveries.
    let settled = 0;
    for (const [key, [holder]] of claimedBy) {
      const [requestId, destination] = key.split(":") as [string, "webhook"];
      if (await store.settle(requestId, destination, holder, { status: "delivered", at: T0 + 200 })) settled++;
    }
    expect(settled).toBe(total);
    expect((await store.counts()).delivered).toBe(total);
  });

  test("concurrent takeovers of expired leases never overlap either", async () => {
    for (let i = 0; i < 14; i++) await store.add(sampleRequest(T0));
    expect(await store.claim("crashed", 42, 1_000, T0)).toHaveLength(42);
    const workers = await Promise.all(Array.from({ length: 3 }, () => connect()));
    const batches = await Promise.all(workers.map((worker, w) => worker.claim(`w${w}`, 42, LEASE, T0 + 2_000)));
    const keys = batches.flat().map((d) => `${d.requestId}:${d.destination}`);
    expect(keys).toHaveLength(42);
    expect(new Set(keys).size).toBe(42);
    // The crashed worker's late outcomes are refused, every one.
    const late = await Promise.all(
      batches
        .flat()
        .map((d) => store.settle(d.requestId, d.destination, "crashed", { status: "delivered", at: T0 + 2_001 })),
    );
    expect(late.filter(Boolean)).toEqual([]);
  });
});
