/**
 * An outbox that cannot fill the disk, against the built server: with Meta down it stops at
 * OUTBOX_MAX_EVENTS (503 past it, one log line, a metric), stale events of every state are
 * purged, counted and logged at start, and X-Forwarded-For counts only from the proxies
 * TRUST_PROXY names (a forged one does not get a client past the per-IP limit).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSqliteOutboxStore, SQLITE_FILE_NAME } from "../server/outbox/sqliteStore";
import { startBuiltServer, type RunningServer } from "./support/builtServer";
import { startFakeGraph, type FakeGraph } from "./support/fakeGraph";
import { sampleEvent } from "./support/outboxEvents";
import { parsePrometheusText, sumOf } from "./support/prometheusText";

const METRICS_TOKEN = "metrics-token-for-the-outbox-test";
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-retention-"));
let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph();
});
afterAll(async () => {
  await graph?.close();
  fs.rmSync(temp, { recursive: true, force: true });
});

const event = (i: number) => ({
  event_name: "PageView",
  region: "uk",
  custom_data: { page_url: `/gallery?n=${i}`, page_title: "Gallery" },
});

/** Posts `body` as the site's own page would (its page_url made absolute on the server's URL). */
function post(server: RunningServer, body: ReturnType<typeof event>, headers: Record<string, string> = {}) {
  const custom_data = { ...body.custom_data, page_url: `${server.url}${body.custom_data.page_url}` };
  return fetch(`${server.url}/api/meta-capi`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, ...headers },
    body: JSON.stringify({ ...body, custom_data }),
  });
}

/** The status, once the body is read (so the connection is free for the next request). */
const statusAfterBody = async (res: Response) => {
  await res.arrayBuffer();
  return res.status;
};

const logLines = (server: RunningServer) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, any>);

test("with Meta down the outbox stops at OUTBOX_MAX_EVENTS: 503 beyond it, one log line, a metric", async () => {
  graph.mode = "down";
  const dataDir = path.join(temp, "capped");
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    OUTBOX_MAX_EVENTS: "40",
    TRACKING_RATE_LIMIT: "100000",
    METRICS_TOKEN,
    MEDIA_WARM: "off",
    META_PIXEL_ID: "1234567890",
    META_ACCESS_TOKEN: "test-token",
    META_GRAPH_URL: graph.url,
  });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => post(server, event(i + j))));
      for (const res of batch) {
        statuses.push(res.status);
        if (res.status === 503) expect(res.headers.get("retry-after")).toBe("60");
        await res.arrayBuffer();
      }
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(40);
    expect(statuses.filter((s) => s === 503)).toHaveLength(60);

    const store = openSqliteOutboxStore(path.join(dataDir, SQLITE_FILE_NAME));
    const counts = await store.counts();
    await store.close();
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(40);
    expect(counts.delivered).toBe(0); // Meta really was down: the events are waiting, not gone.

    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(sumOf(parsePrometheusText(await metrics.text()), "outbox_full_refusals")).toBe(60);
    expect(logLines(server).filter((l) => /outbox full/.test(l.msg))).toHaveLength(1);
  } finally {
    await server.stop();
    graph.mode = "up";
  }
}, 60_000);

test("events settled not_sent do not fill the cap: tracking goes on after the outbox was filled once", async () => {
  // No Meta credentials: the worker marks every event not_sent (about a second after it arrives).
  const dataDir = path.join(temp, "settled");
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    OUTBOX_MAX_EVENTS: "5",
    TRACKING_RATE_LIMIT: "100000",
    MEDIA_WARM: "off",
  });
  const store = openSqliteOutboxStore(path.join(dataDir, SQLITE_FILE_NAME));
  try {
    const first = await Promise.all(Array.from({ length: 5 }, (_, i) => post(server, event(i)).then(statusAfterBody)));
    expect(first).toEqual([202, 202, 202, 202, 202]);
    const deadline = Date.now() + 15_000;
    while ((await store.counts()).not_sent < 5) {
      if (Date.now() > deadline) throw new Error("the worker did not settle the 5 events within 15 s");
      await new Promise((r) => setTimeout(r, 100));
    }
    // The cap reads the store at most every 5 s: within a bounded wait a new event is taken again.
    const statuses: number[] = [];
    while (statuses.at(-1) !== 202) {
      if (Date.now() > deadline + 10_000)
        throw new Error(`still refused 10 s after the 5 events were settled: ${statuses.join(" ")}`);
      const res = await post(server, event(100 + statuses.length));
      statuses.push(res.status);
      await res.arrayBuffer();
      if (res.status !== 202) await new Promise((r) => setTimeout(r, 250));
    }
    expect(statuses.every((s) => s === 202 || s === 503)).toBe(true);
  } finally {
    await store.close();
    await server.stop();
  }
}, 60_000);

test("at start, settled events past the retention and pending ones past the maximum age are deleted, counted and logged", async () => {
  const dataDir = path.join(temp, "stale");
  const store = openSqliteOutboxStore(path.join(dataDir, SQLITE_FILE_NAME));
  const day = 24 * 3_600_000;
  const old = Date.now() - 8 * day;
  const ids = {
    delivered: "old-delivered",
    failed: "old-failed",
    not_sent: "old-not-sent",
    pending: "old-pending",
    recent: "recent-delivered",
  };
  for (const id of Object.values(ids)) await store.add(sampleEvent(id === ids.recent ? Date.now() - day : old, id));
  await store.claim("seed", 5, 1, Date.now());
  await store.settle([ids.delivered], "seed", { status: "delivered", at: old });
  await store.settle([ids.failed], "seed", { status: "failed", at: old, error: "HTTP 400" });
  await store.settle([ids.not_sent], "seed", { status: "not_sent", at: old, reason: "no credentials" });
  await store.settle([ids.recent], "seed", { status: "delivered", at: Date.now() - day });
  // The old pending event's lease ends at once: it is pending again, and eight days old.
  await store.close();

  const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "info", MEDIA_WARM: "off" });
  try {
    const deadline = Date.now() + 10_000;
    const purgeLine = () => logLines(server).find((l) => /^outbox retention/.test(l.msg ?? ""));
    let purge = purgeLine();
    while (!purge) {
      if (Date.now() > deadline) throw new Error(`no "outbox retention" log line within 10 s:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
      purge = purgeLine();
    }
    expect(purge.deleted).toEqual({ delivered: 1, failed: 1, not_sent: 1, pending: 1 });
    expect(purge.level).toBe(40); // undelivered events were given up: a warning
  } finally {
    await server.stop();
  }
  const after = openSqliteOutboxStore(path.join(dataDir, SQLITE_FILE_NAME));
  try {
    for (const id of [ids.delivered, ids.failed, ids.not_sent, ids.pending])
      expect(await after.get(id)).toBeUndefined();
    expect(await after.get(ids.recent)).toMatchObject({ status: "delivered" });
  } finally {
    await after.close();
  }
}, 30_000);

test("settled events are kept to OUTBOX_MAX_EVENTS as well: the oldest beyond it are deleted at start, within their retention", async () => {
  const dataDir = path.join(temp, "settled-bound");
  const store = openSqliteOutboxStore(path.join(dataDir, SQLITE_FILE_NAME));
  const recent = Date.now() - 3_600_000;
  const ids = Array.from({ length: 8 }, (_, i) => `settled-${i}`);
  for (const id of ids) await store.add(sampleEvent(recent, id));
  await store.claim("seed", 8, 60_000, recent);
  for (const [i, id] of ids.entries()) await store.settle([id], "seed", { status: "delivered", at: recent + i });
  await store.close();

  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    OUTBOX_MAX_EVENTS: "5",
    LOG_LEVEL: "info",
    MEDIA_WARM: "off",
  });
  try {
    const deadline = Date.now() + 10_000;
    const purgeLine = () => logLines(server).find((l) => /^outbox retention/.test(l.msg ?? ""));
    let purge = purgeLine();
    while (!purge) {
      if (Date.now() > deadline) throw new Error(`no "outbox retention" log line within 10 s:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
      purge = purgeLine();
    }
    expect(purge.deleted).toEqual({ delivered: 3, failed: 0, not_sent: 0, pending: 0 });
  } finally {
    await server.stop();
  }
  const after = openSqliteOutboxStore(path.join(dataDir, SQLITE_FILE_NAME));
  try {
    for (const id of ids.slice(0, 3)) expect(await after.get(id)).toBeUndefined();
    for (const id of ids.slice(3)) expect(await after.get(id)).toMatchObject({ status: "delivered" });
  } finally {
    await after.close();
  }
}, 30_000);

test("X-Forwarded-For counts only from the proxies TRUST_PROXY names; a forged one is ignored, said once", async () => {
  const postFrom = (server: RunningServer, i: number) =>
    post(server, event(i), { "x-forwarded-for": `203.0.113.${i}` }).then(statusAfterBody);
  // The load balancer is on 10.0.0.0/8; this client connects from 127.0.0.1, forging the header.
  const direct = await startBuiltServer({
    DATA_DIR: path.join(temp, "direct"),
    TRUST_PROXY: "10.0.0.0/8",
    TRACKING_RATE_LIMIT: "5",
    MEDIA_WARM: "off",
  });
  // Control: the same posts through a trusted proxy (loopback) are five per forwarded address.
  const proxied = await startBuiltServer({
    DATA_DIR: path.join(temp, "proxied"),
    TRUST_PROXY: "loopback",
    TRACKING_RATE_LIMIT: "5",
    MEDIA_WARM: "off",
  });
  try {
    const forged: number[] = [];
    const forwarded: number[] = [];
    for (let i = 1; i <= 8; i++) {
      forged.push(await postFrom(direct, i));
      forwarded.push(await postFrom(proxied, i));
    }
    expect(forged).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    expect(forwarded).toEqual([202, 202, 202, 202, 202, 202, 202, 202]);
    const warnings = logLines(direct).filter((l) =>
      /X-Forwarded-For from a peer TRUST_PROXY does not name/.test(l.msg ?? ""),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0].peer).toMatch(/127\.0\.0\.1/);
    expect(logLines(proxied).filter((l) => /X-Forwarded-For from a peer/.test(l.msg ?? ""))).toEqual([]);
  } finally {
    await Promise.all([direct.stop(), proxied.stop()]);
  }
}, 30_000);

test("a hop-count TRUST_PROXY is warned about once at start", async () => {
  const server = await startBuiltServer({ DATA_DIR: path.join(temp, "hops"), TRUST_PROXY: "1", MEDIA_WARM: "off" });
  try {
    expect(
      logLines(server).filter((l) => /TRUST_PROXY=1 trusts X-Forwarded-For from whatever connects/.test(l.msg ?? "")),
    ).toHaveLength(1);
  } finally {
    await server.stop();
  }
});
