/**
 * What is particular to the SQLite request store (server/requests/sqliteRequestStore.ts), beyond
 * the contract both adapters keep (test/requestStore.contract.test.ts): the file, durable across
 * closing and reopening, in WAL mode; one transaction per write, undone whole when it fails; the
 * deliveries deleted with their request; and the order of deliveries due at the same moment.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openSqliteRequestStore, REQUESTS_SQLITE_FILE_NAME } from "../server/requests/sqliteRequestStore";
import { sampleRequest } from "./support/requestStoreFixtures";

const T0 = 1_700_000_000_000;
const LEASE = 30_000;

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "request-store-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test("its file is requests.sqlite, created with its folder, in WAL mode (readers and the writer do not wait for each other)", async () => {
  expect(REQUESTS_SQLITE_FILE_NAME).toBe("requests.sqlite");
  const file = path.join(dir, "not", "yet", "there", REQUESTS_SQLITE_FILE_NAME);
  const store = openSqliteRequestStore(file);
  await store.add(sampleRequest(T0));
  const reader = new DatabaseSync(file, { readOnly: true });
  expect(reader.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
  reader.close();
  await store.close();
});

test("what was stored survives closing and reopening the file: requests, deliveries, leases and outcomes", async () => {
  const file = path.join(dir, REQUESTS_SQLITE_FILE_NAME);
  const first = openSqliteRequestStore(file);
  const [settled, waiting] = [sampleRequest(T0), sampleRequest(T0 + 1, { destinations: ["inbox"] })];
  await first.add(settled);
  await first.add(waiting);
  await first.claim("w1", 3, LEASE, T0);
  await first.settle(settled.id, "webhook", "w1", { status: "delivered", at: T0 + 1 });
  await first.settle(settled.id, "klaviyo", "w1", { status: "failed", at: T0 + 2, error: "HTTP 400" });
  const before = [await first.get(settled.id), await first.get(waiting.id)];
  await first.close();

  const reopened = openSqliteRequestStore(file);
  expect([await reopened.get(settled.id), await reopened.get(waiting.id)]).toEqual(before);
  expect(await reopened.counts()).toEqual({ pending: 1, leased: 1, delivered: 1, failed: 1 });
  // The lease taken before the close still holds: only the pending delivery is due.
  expect((await reopened.claim("w2", 10, LEASE, T0 + 10)).map((d) => d.requestId)).toEqual([waiting.id]);
  expect(await reopened.settle(settled.id, "inbox", "w1", { status: "delivered", at: T0 + 20 })).toBe(true);
  expect(await reopened.add(settled)).toBe(false);
  await reopened.close();
});

test(":memory: is a private store of its own", async () => {
  const [one, other] = [openSqliteRequestStore(":memory:"), openSqliteRequestStore(":memory:")];
  const request = sampleRequest(T0);
  expect(await one.add(request)).toBe(true);
  expect((await one.get(request.id))?.request).toEqual(request);
  expect(await other.get(request.id)).toBeUndefined();
  await Promise.all([one.close(), other.close()]);
});

test("purging a request deletes its deliveries with it, and nothing else", async () => {
  const file = path.join(dir, REQUESTS_SQLITE_FILE_NAME);
  const store = openSqliteRequestStore(file);
  const [done, kept] = [sampleRequest(T0), sampleRequest(T0)];
  await store.add(done);
  await store.add(kept);
  for (const d of await store.claim("w1", 10, LEASE, T0))
    if (d.requestId === done.id) await store.settle(d.requestId, d.destination, "w1", { status: "delivered", at: T0 });
  expect(await store.purge({ deliveredBefore: T0 + 1, failedBefore: T0 + 1, now: T0 + 1 })).toBe(1);
  const db = new DatabaseSync(file, { readOnly: true });
  expect(db.prepare("SELECT request_id AS id, count(*) AS n FROM deliveries GROUP BY request_id").all()).toEqual([
    { id: kept.id, n: 3 },
  ]);
  expect(db.prepare("SELECT id FROM requests").all()).toEqual([{ id: kept.id }]);
  db.close();
  await store.close();
});

test("among deliveries due at the same moment, a claim hands over the older request's first", async () => {
  const store = openSqliteRequestStore(path.join(dir, REQUESTS_SQLITE_FILE_NAME));
  const [newer, older] = [sampleRequest(T0 + 50), sampleRequest(T0 + 40)].map((r) => ({
    ...r,
    destinations: ["webhook"] as const,
  }));
  for (const r of [newer, older]) await store.add(r);
  await store.claim("w1", 10, LEASE, T0 + 100);
  for (const r of [newer, older])
    await store.settle(r.id, "webhook", "w1", { status: "retry", at: T0 + 101, nextAttemptAt: T0 + 500, error: "503" });
  expect((await store.claim("w2", 10, LEASE, T0 + 500)).map((d) => d.requestId)).toEqual([older.id, newer.id]);
  await store.close();
});

test.each([
  ["leaves the transaction open", "ABORT"],
  ["ends the transaction itself", "ROLLBACK"],
])(
  "an add that fails part-way (the database %s) stores nothing of the request, reports its own error and leaves the store usable",
  async (_how, raise) => {
    const file = path.join(dir, REQUESTS_SQLITE_FILE_NAME);
    const store = openSqliteRequestStore(file);
    // A fault in the middle of the write: the request is in, then the database refuses its inbox delivery.
    const other = new DatabaseSync(file);
    other.exec(
      `CREATE TRIGGER refuse BEFORE INSERT ON deliveries WHEN NEW.destination = 'inbox' AND NEW.request_id LIKE 'refused-%' BEGIN SELECT RAISE(${raise}, 'refused by the database'); END`,
    );
    other.close();
    const refused = { ...sampleRequest(T0), id: "refused-1" };
    await expect(store.add(refused)).rejects.toThrow("refused by the database");
    expect(await store.get(refused.id)).toBeUndefined();
    expect(await store.counts()).toEqual({ pending: 0, leased: 0, delivered: 0, failed: 0 });
    const next = sampleRequest(T0 + 1);
    await expect(store.add(next)).resolves.toBe(true);
    expect(await store.claim("w1", 10, LEASE, T0 + 100)).toHaveLength(3);
    // The refused id was never stored: it can be added once the fault is gone.
    const fixed = new DatabaseSync(file);
    fixed.exec("DROP TRIGGER refuse");
    fixed.close();
    await expect(store.add(refused)).resolves.toBe(true);
    await store.close();
  },
);

test("once closed, it refuses work rather than writing behind the caller's back", async () => {
  const store = openSqliteRequestStore(path.join(dir, REQUESTS_SQLITE_FILE_NAME));
  await store.close();
  await expect(store.add(sampleRequest(T0))).rejects.toThrow();
  await store.close(); // a second close is harmless
});
