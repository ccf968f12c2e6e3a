/**
 * Delivery scenarios end to end, against a local fake of Meta's Graph API: 10,000 events
 * through an outage, a killed worker process and two workers, each delivered exactly once; the
 * same over Firestore (the in-process emulator) from the relay on; and the server process
 * finishing its delivery in flight on SIGTERM.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";
import request from "supertest";
import { DEFAULT_BATCH_SIZE } from "../server/outbox/deliveryWorker";
import { openOutboxStore } from "../server/outbox/fromConfig";
import { META_REQUEST_TIMEOUT_MS } from "../server/outbox/metaGraphClient";
import { startBuiltServer } from "./support/builtServer";
import { addEvents, useDeliveryFixture } from "./support/deliveryFixture";
import { until } from "./support/waitFor";
import { startFirestoreEmulator, type FirestoreEmulator } from "./support/firestoreEmulator";
import { createTestApp } from "./support/testApp";

const ROOT = path.resolve(__dirname, "..");
const f = useDeliveryFixture();

test("the server process delivers what it relays, and on SIGTERM finishes the delivery in flight before exiting", async () => {
  const dataDir = path.join(f.dir, "server-data");
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    META_PIXEL_ID: "1234567890",
    META_ACCESS_TOKEN: "server-token",
    META_GRAPH_URL: f.fake.url,
    LOG_LEVEL: "info",
  });
  const relay = (eventName: string) =>
    fetch(`${server.url}/api/meta-capi`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({
        event_name: eventName,
        region: "us",
        custom_data: { page_url: `${server.url}/us`, page_title: "Home" },
      }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { event_id: string } }));
  try {
    const first = await relay("PageView");
    expect(first.status).toBe(202);
    await until("the first event at Meta", () => f.fake.accepted.has(first.body.event_id), { timeoutMs: 10_000 });
    expect(f.fake.requests[0].accessToken).toBe("server-token");

    f.fake.mode = "stall";
    const second = await relay("Contact");
    await until("the second event in flight", () => f.fake.stalled() === 1, { timeoutMs: 10_000 });
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));
    server.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    // The request in flight timed out (META_REQUEST_TIMEOUT_MS, 15 s) and was recorded as such before
    // the exit: nothing is left leased.
    const store = f.openStore(path.join(dataDir, "outbox.sqlite"));
    expect(await store.get(second.body.event_id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: `no answer within ${META_REQUEST_TIMEOUT_MS} ms`,
    });
    expect(await store.get(first.body.event_id)).toMatchObject({ status: "delivered" });
    expect(server.output()).not.toContain("server-token");
  } finally {
    await server.stop();
  }
}, 60_000);

describe("over the Firestore outbox (firebase-admin against the in-process emulator)", () => {
  let emulator: FirestoreEmulator;
  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
  });
  afterAll(() => emulator.stop());

  test("events posted to the relay reach Meta once each through an outage, with two workers", async () => {
    // The outbox as server/index.ts opens it from the configuration, once per instance.
    const config = { OUTBOX_STORE: "firestore", FIRESTORE_PROJECT_ID: "demo-outbox", DATA_DIR: f.dir } as const;
    const [first, second] = [await openOutboxStore(config), await openOutboxStore(config)];
    f.keep(first);
    f.keep(second);
    expect(first.kind).toBe("firestore");
    const { app } = createTestApp({ outbox: first, env: { TRACKING_RATE_LIMIT: "1000" } });
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await request(app)
        .post("/api/meta-capi")
        .set("Origin", "http://localhost:3000")
        .send({
          event_name: i % 2 ? "Lead" : "PageView",
          region: "uk",
          custom_data: { page_url: "http://localhost:3000/quote", page_title: "Quote" },
        });
      expect(res.status).toBe(202);
      ids.push(res.body.event_id);
    }
    expect(await second.counts()).toMatchObject({ pending: 100 });

    f.fake.mode = "down";
    // The emulator slows down as it fills (each write copies its state): a lease well beyond a round, as in production (60 s vs 15 s).
    const workers = [
      f.worker(first, { batchSize: 25, leaseMs: 15_000 }),
      f.worker(second, { batchSize: 25, leaseMs: 15_000 }),
    ];
    for (const w of workers) w.start();
    await until("failed requests", () => f.fake.requests.length >= 6, { timeoutMs: 20_000 });
    f.fake.mode = "up";
    await until("every event delivered", async () => (await first.counts()).delivered === 100, { timeoutMs: 30_000 });
    await Promise.all(workers.map((w) => w.stop()));

    expect(f.fake.accepted.size).toBe(100);
    expect([...f.fake.accepted.values()].filter((n) => n !== 1)).toEqual([]);
    expect(ids.filter((id) => !f.fake.accepted.has(id))).toEqual([]);
    expect(Math.max(...f.fake.requests.map((r) => r.eventIds.length))).toBeLessThanOrEqual(25);
    expect(await first.counts()).toEqual({ pending: 0, leased: 0, delivered: 100, failed: 0, not_sent: 0 });
  }, 60_000);
});

/**
 * Bundles test/support/outboxWorkerProcess.ts so it runs in a plain `node` process (packages from
 * node_modules). Once per file: the two tests that kill a worker process run the same bundle.
 */
let workerProcessBundle: Promise<string> | undefined;
const buildOutboxWorkerProcess = () => (workerProcessBundle ??= bundleOutboxWorkerProcess());
afterAll(async () => {
  const bundle = await workerProcessBundle;
  if (bundle) fs.rmSync(bundle, { force: true });
});

async function bundleOutboxWorkerProcess(): Promise<string> {
  const outfile = path.join(ROOT, ".cache", `outbox-worker-${process.pid}.mjs`);
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, "test/support/outboxWorkerProcess.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    outfile,
    logLevel: "warning",
  });
  return outfile;
}

/**
 * Runs a delivery worker as its own process on the outbox `file`, waits until Meta (stalled) holds
 * its request, kills it with SIGKILL and resolves the ids of the events in that request.
 */
async function killedWhileSending(script: string, file: string): Promise<string[]> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, OUTBOX_FILE: file, GRAPH_URL: f.fake.url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let childOutput = "";
  child.stdout.on("data", (d) => (childOutput += d));
  child.stderr.on("data", (d) => (childOutput += d));
  try {
    await until(`the child's request (output: ${childOutput})`, () => f.fake.stalled() > 0, { timeoutMs: 15_000 });
  } finally {
    child.kill("SIGKILL");
  }
  await new Promise((resolve) => child.once("exit", resolve));
  return f.fake.requests.at(-1)!.eventIds;
}

test("a worker killed while Meta holds its request: only that request's events are sent again, after their lease", async () => {
  const file = path.join(f.dir, "killed-mid-send.sqlite");
  const script = await buildOutboxWorkerProcess();
  const seed = f.openStore(file);
  const ids = await addEvents(seed, 1_500, Date.now());
  // Meta receives the request and never answers: it may well have taken the events.
  f.fake.mode = "stall";
  const inFlight = await killedWhileSending(script, file);

  f.fake.mode = "up";
  const worker = f.worker(f.openStore(file));
  worker.start();
  await until("every event delivered", async () => (await seed.counts()).delivered === ids.length, {
    timeoutMs: 30_000,
  });
  await worker.stop();

  const sent = new Map<string, number>();
  for (const request of f.fake.requests) for (const id of request.eventIds) sent.set(id, (sent.get(id) ?? 0) + 1);
  const sentTwice = ids.filter((id) => sent.get(id)! > 1);
  console.log(`killed mid-send: ${sentTwice.length} of ${ids.length} events sent twice (${inFlight.length} in flight)`);
  // At-least-once: what Meta may have received without the outbox learning it goes again (Meta
  // drops the repeat by event_id). That is one request's events, and requests are kept small.
  expect([...sentTwice].sort()).toEqual([...inFlight].sort());
  expect(inFlight.length).toBeLessThanOrEqual(DEFAULT_BATCH_SIZE);
  expect(ids.filter((id) => !f.fake.accepted.has(id))).toEqual([]);
}, 90_000);

test("10,000 events through an outage, a killed worker process and two workers: each delivered exactly once", async () => {
  const timings: Record<string, number> = {};
  const mark = (() => {
    let last = Date.now();
    return (phase: string) => {
      timings[phase] = Date.now() - last;
      last = Date.now();
    };
  })();
  const file = path.join(f.dir, "ten-thousand.sqlite");
  const script = await buildOutboxWorkerProcess();
  const seed = f.openStore(file);
  const ids = await addEvents(seed, 10_000, Date.now());
  mark("store 10,000 events");

  // 1. Meta is down: two workers (two connections to the same file) fail and back off.
  f.fake.mode = "down";
  let workers = [f.worker(f.openStore(file)), f.worker(f.openStore(file))];
  for (const w of workers) w.start();
  await until("30 failed requests", () => f.fake.requests.length >= 30, { timeoutMs: 20_000 });
  // 2. A restart in the middle: the workers stop (as on SIGTERM) and new ones take over…
  await Promise.all(workers.map((w) => w.stop()));
  mark("outage");
  const failedRequests = f.fake.requests.length;
  expect(f.fake.accepted.size).toBe(0);

  // …one of them a separate process, killed with SIGKILL while its request hangs: its events stay leased.
  f.fake.mode = "stall";
  const killedBatch = await killedWhileSending(script, file);
  const afterKill = await seed.counts();
  expect(afterKill.leased).toBe(killedBatch.length);
  mark("killed worker");

  // 3. Meta recovers (after a last 503 and a 429), and two new workers deliver everything.
  f.fake.mode = "up";
  f.fake.next({ status: 503, body: {} }, { status: 429, body: {}, headers: { "retry-after": "0" } });
  workers = [f.worker(f.openStore(file)), f.worker(f.openStore(file))];
  for (const w of workers) w.start();
  await until("every event delivered", async () => (await seed.counts()).delivered === 10_000, { timeoutMs: 60_000 });
  await Promise.all(workers.map((w) => w.stop()));
  mark("recovery");

  // Exactly once each, none lost, none extra; the killed process's events after their lease ran out.
  expect(f.fake.accepted.size).toBe(10_000);
  expect([...f.fake.accepted.values()].filter((n) => n !== 1)).toEqual([]);
  expect(ids.filter((id) => !f.fake.accepted.has(id))).toEqual([]);
  expect(await seed.counts()).toEqual({ pending: 0, leased: 0, delivered: 10_000, failed: 0, not_sent: 0 });
  expect((await seed.get(killedBatch[0]))!.attempts).toBeGreaterThanOrEqual(1);
  console.log(
    `10k delivery: ${Object.entries(timings)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(
        ", ",
      )}; ${failedRequests} requests failed during the outage, ${f.fake.requests.length - failedRequests} after`,
  );
}, 120_000);
