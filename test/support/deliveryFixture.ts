/**
 * What the delivery tests share: a fake Graph API (reset before each test), SQLite outboxes in a
 * temporary folder (closed after the file), workers with test timings, and small helpers.
 * Call `useDeliveryFixture()` at the top of a test file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { createDeliveryWorker, type DeliveryWorkerOptions } from "../../server/outbox/deliveryWorker";
import type { MetaCredentials } from "../../server/outbox/metaGraphClient";
import { openSqliteOutboxStore } from "../../server/outbox/sqliteStore";
import type { OutboxStore } from "../../server/outbox/store";
import { startFakeGraph, type FakeGraph } from "./fakeGraph";
import { FAST_WORKER } from "./fastWorker";
import { sampleEvent } from "./outboxEvents";

/** A fixed "now" for tests that inject the clock. */
export const T = 1_700_000_000_000;

export interface DeliveryFixture {
  readonly fake: FakeGraph;
  /** The temporary folder of this file's outboxes. */
  readonly dir: string;
  credentials(): MetaCredentials;
  /** A connection to the SQLite outbox `file` (default: a new file), closed after the tests. */
  openStore(file?: string): OutboxStore;
  /** Keeps `store` to close it after the tests. */
  keep(store: OutboxStore): OutboxStore;
  /** A worker over `store` with the test timings, sending to the fake, silent unless given a logger. */
  worker(store: OutboxStore, options?: Partial<DeliveryWorkerOptions>): ReturnType<typeof createDeliveryWorker>;
}

export function useDeliveryFixture(): DeliveryFixture {
  let fake: FakeGraph;
  let dir: string;
  let files = 0;
  const stores: OutboxStore[] = [];
  beforeAll(async () => {
    fake = await startFakeGraph();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "delivery-"));
  });
  afterAll(async () => {
    await fake.close();
    await Promise.all(stores.map((s) => s.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.mode = "up";
    fake.delayMs = 0;
    fake.requests.length = 0;
    fake.accepted.clear();
  });
  const fixture: DeliveryFixture = {
    get fake() {
      return fake;
    },
    get dir() {
      return dir;
    },
    credentials: () => ({ pixelId: "1234567890", accessToken: "test-token", graphUrl: fake.url, apiVersion: "v21.0" }),
    keep: (store) => {
      stores.push(store);
      return store;
    },
    openStore: (file = path.join(dir, `outbox-${++files}.sqlite`)) => fixture.keep(openSqliteOutboxStore(file)),
    worker: (store, options = {}) =>
      createDeliveryWorker({
        ...FAST_WORKER,
        store,
        logger: pino({ level: "silent" }),
        credentials: fixture.credentials(),
        ...options,
      }),
  };
  return fixture;
}

/** Stores `n` page-view events created at `createdAt`; resolves their ids. */
export async function addEvents(store: OutboxStore, n: number, createdAt = T): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const event = sampleEvent(createdAt);
    await store.add(event);
    ids.push(event.id);
  }
  return ids;
}
