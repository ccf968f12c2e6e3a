/**
 * Writes to the tracking outbox that fail, counted by cause (server/metrics/outboxWriteFailures.ts)
 * as `outbox_write_failures_total`: the built server on a data volume that fills up (a tmpfs of
 * its own, mounted in a private mount namespace by `unshare`, so the disk is really full: SQLite
 * gets ENOSPC from the kernel), and the cause read from each kind of error the stores throw.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { countWriteFailures, writeFailureCause } from "../server/observability/metrics/outboxWriteFailures";
import { openSqliteOutboxStore } from "../server/outbox/sqliteStore";
import { freePort, ROOT, serverEnv } from "./support/builtServer";
import { addEvents } from "./support/deliveryFixture";
import { sampleEvent } from "./support/outboxEvents";
import { parsePrometheusText, sumOf } from "./support/prometheusText";
import { until } from "./support/waitFor";

const TOKEN = "scrape-token-0123456789abcdef";

let temp: string;
beforeAll(() => {
  temp = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-write-failures-"));
});
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

describe("a full data volume", () => {
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
  });

  test("the relay answers 503, the worker cannot claim, /readyz stays 200, and outbox_write_failures_total says the volume is full", async () => {
    // An outbox with events waiting, so the delivery worker has something to claim.
    const seed = path.join(temp, "seed.sqlite");
    const store = openSqliteOutboxStore(seed);
    await addEvents(store, 1_000, Date.now());
    await store.close();
    // The data volume: the outbox and 256 KB to spare, which the worker's claims and the relay fill.
    const dataDir = path.join(temp, "data");
    fs.mkdirSync(dataDir);
    const volumeBytes = fs.statSync(seed).size + 256 * 1024;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let output = "";
    child = spawn(
      "unshare",
      [
        "--user",
        "--map-root-user",
        "--mount",
        "sh",
        "-c",
        'mount -t tmpfs -o size="$VOLUME_BYTES" tmpfs "$DATA_DIR" && cp "$SEED" "$DATA_DIR/outbox.sqlite" && exec "$NODE" dist/server/index.js',
      ],
      {
        cwd: ROOT,
        env: serverEnv(url, port, {
          NODE: process.execPath,
          SEED: seed,
          VOLUME_BYTES: String(volumeBytes),
          DATA_DIR: dataDir,
          METRICS_TOKEN: TOKEN,
          TRACKING_RATE_LIMIT: "100000",
        }),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    await until(
      `the server on its own volume (output: ${output})`,
      async () => {
        if (child!.exitCode !== null) throw new Error(`the server exited with ${child!.exitCode}:\n${output}`);
        return (
          (await fetch(`${url}/readyz`).then(
            (r) => r.text(),
            () => "",
          )) === "ready"
        );
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );

    const relay = () =>
      fetch(`${url}/api/meta-capi`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({
          event_name: "PageView",
          region: "uk",
          custom_data: { page_url: `${url}/`, page_title: "Home" },
        }),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const statuses: number[] = [];
    for (let i = 0; i < 500 && !statuses.includes(503); i++) statuses.push((await relay()).status);
    expect(statuses.filter((s) => s !== 202 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);

    const scrape = async () =>
      parsePrometheusText(
        await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.text()),
      );
    // The worker's claims fail too: claiming is a write.
    await until(
      "the delivery worker to fail to claim",
      () => /"msg":"outbox unavailable: delivery paused"/.test(output) && /database or disk is full/.test(output),
      { timeoutMs: 10_000 },
    );
    const samples = await scrape();
    expect(sumOf(samples, "outbox_write_failures_total", { cause: "full" })).toBeGreaterThanOrEqual(2);
    expect(
      sumOf(samples, "outbox_write_failures_total") - sumOf(samples, "outbox_write_failures_total", { cause: "full" }),
    ).toBe(0);
    // Pages still serve, so the instance stays ready (docs/operations.md, SiteOutboxCannotWrite).
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(sumOf(samples, "app_ready")).toBe(1);
    expect((await fetch(`${url}/gallery`)).status).toBe(200);
  }, 60_000);
});

describe("the cause of a failed write", () => {
  test("a read-only database, a store another writer holds, a full device, and Firestore's status codes", async () => {
    const file = path.join(temp, "causes.sqlite");
    const store = openSqliteOutboxStore(file);
    await store.add(sampleEvent(Date.now()));
    const errorOf = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return error;
      }
      throw new Error("no error");
    };
    // SQLite itself: a connection that may only read, and one that finds the store locked.
    const readOnly = new DatabaseSync(file, { readOnly: true });
    const locker = new DatabaseSync(file);
    const impatient = new DatabaseSync(file, { timeout: 0 });
    try {
      expect(writeFailureCause(errorOf(() => readOnly.exec("DELETE FROM outbox")))).toBe("read_only");
      locker.exec("BEGIN IMMEDIATE");
      expect(writeFailureCause(errorOf(() => impatient.exec("BEGIN IMMEDIATE")))).toBe("busy");
      locker.exec("ROLLBACK");
    } finally {
      for (const db of [readOnly, locker, impatient]) db.close();
    }
    // The kernel's "no space left on device".
    expect(writeFailureCause(errorOf(() => fs.writeFileSync("/dev/full", "x")))).toBe("full");
    // Firestore's errors carry a gRPC status code.
    const grpc = (code: number) => Object.assign(new Error(`${code} grpc`), { code });
    expect([14, 4, 8, 7, 10, 3].map((code) => writeFailureCause(grpc(code)))).toEqual([
      "unavailable",
      "unavailable",
      "quota",
      "denied",
      "busy",
      "other",
    ]);
    expect(writeFailureCause(new Error("no code"))).toBe("other");
    await store.close();
  });

  test("the counted store throws each failure on as it was and counts it once, by cause; reads are not counted", async () => {
    const full = Object.assign(new Error("database or disk is full"), { code: "ERR_SQLITE_ERROR", errcode: 13 });
    const inner = openSqliteOutboxStore(":memory:");
    const failing = Object.assign(Object.create(inner), {
      add: async () => Promise.reject(full),
      claim: async () => Promise.reject(full),
      counts: async () => Promise.reject(full),
    }) as typeof inner;
    const counted = countWriteFailures(failing);
    await expect(counted.add(sampleEvent(Date.now()))).rejects.toBe(full);
    await expect(counted.claim("w", 10, 1_000, Date.now())).rejects.toBe(full);
    await expect(counted.counts()).rejects.toBe(full);
    // The writes that work are not counted.
    expect(await counted.settle(["none"], "w", { status: "delivered", at: Date.now() })).toBe(0);
    expect(counted.writeFailures()).toEqual({
      full: 2,
      read_only: 0,
      denied: 0,
      quota: 0,
      io: 0,
      busy: 0,
      unavailable: 0,
      other: 0,
    });
    await inner.close();
  });
});
