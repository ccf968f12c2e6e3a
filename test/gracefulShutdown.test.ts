/**
 * Graceful shutdown (server/http/shutdown.ts, server/index.ts): on SIGTERM readiness turns false, the
 * server stops accepting, requests in flight (streamed and crawler renders, keep-alive or not)
 * finish whole, the outbox worker stops and the outbox closes, then the process exits 0 within
 * SHUTDOWN_TIMEOUT_MS; what is still running at the bound is cut and reported.
 */
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { ConfigError, loadConfig } from "../server/config";
import { openSqliteOutboxStore, SQLITE_FILE_NAME } from "../server/outbox/sqliteStore";
import { createDrain } from "../server/http/shutdown";
import { startBuiltServer } from "./support/builtServer";
import { startDrainingServer } from "./support/drainingServer";
import { createFaultyFetch } from "./support/faultyFetch";
import { startRequest } from "./support/inFlightRequest";
import { ROOT } from "./support/testApp";
import { until } from "./support/waitFor";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Whether a new TCP connection to `url` is refused (the listener is closed). */
const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(new URL(url).port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

const text = (url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d)).on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .once("error", reject);
  });

test("SHUTDOWN_DELAY_MS must be shorter than SHUTDOWN_TIMEOUT_MS, which bounds the whole shutdown", () => {
  expect(loadConfig({}, ROOT)).toMatchObject({ SHUTDOWN_DELAY_MS: 5_000, SHUTDOWN_TIMEOUT_MS: 25_000 });
  expect(() => loadConfig({ SHUTDOWN_DELAY_MS: "30000" }, ROOT)).toThrow(ConfigError);
  expect(() => loadConfig({ SHUTDOWN_DELAY_MS: "30000" }, ROOT)).toThrow(
    /SHUTDOWN_DELAY_MS: must be less than SHUTDOWN_TIMEOUT_MS/,
  );
  expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: "soon" }, ROOT)).toThrow(/SHUTDOWN_TIMEOUT_MS/);
});

test("at the timeout, a request that never finishes is cut, logged and reported, within the bound", async () => {
  const faults = createFaultyFetch();
  const s = await startDrainingServer(
    { wrapFetch: faults.wrap, env: { CONTENT_TIMEOUT_MS: "5000" } },
    { delayMs: 0, timeoutMs: 500 },
  );
  expect((await text(`${s.url}/readyz`)).status).toBe(200);
  faults.set({ kind: "slow", delayMs: 2_000 }, (url) => url.includes("/documents/search"));
  const stuck = startRequest(`${s.url}/gallery/canal-house`, {
    headers: { "User-Agent": BROWSER, "X-Request-Id": "stuck-1" },
  });
  await until("the request to be in flight", () => s.drain.inFlight() === 1);

  const started = Date.now();
  const outcome = await s.drain.start("SIGTERM");
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(outcome.clean).toBe(false);
  expect(outcome.cut).toEqual([
    { method: "GET", path: "/gallery/canal-house", requestId: "stuck-1", inFlightMs: expect.any(Number) },
  ]);
  expect(outcome.cut[0].inFlightMs).toBeGreaterThanOrEqual(500);
  await expect(stuck.response).rejects.toThrow();
  const line = s.lines.find((l) => /request\(s\) cut/.test(l.msg));
  expect(line).toMatchObject({ level: 50, cut: [{ path: "/gallery/canal-house", requestId: "stuck-1" }] });
});

test("a drain: /readyz says draining during the delay, then no new connection, and every slow page in flight ends whole", async () => {
  const faults = createFaultyFetch();
  const outbox = openSqliteOutboxStore(":memory:");
  const order: string[] = [];
  const s = await startDrainingServer(
    { wrapFetch: faults.wrap, outbox },
    {
      delayMs: 400,
      timeoutMs: 10_000,
      worker: { stop: async () => void order.push("worker stopped") },
      outbox: {
        close: async () => {
          order.push("outbox closed");
          return outbox.close();
        },
      },
    },
  );
  expect(await text(`${s.url}/readyz`)).toEqual({ status: 200, body: "ready" });
  // A keep-alive connection left idle: the drain must close it, not wait for it.
  const keepAlive = new http.Agent({ keepAlive: true });
  const idle = startRequest(`${s.url}/healthz`, { agent: keepAlive });
  expect((await idle.response).status).toBe(200);

  // Content now takes 1.2 s: the pages below are in flight for longer than the delay.
  faults.set({ kind: "slow", delayMs: 1_200 }, (url) => url.includes("/documents/search"));
  const pages = [
    startRequest(`${s.url}/gallery/braybrook-st`, { agent: keepAlive, headers: { "User-Agent": BROWSER } }),
    startRequest(`${s.url}/gallery/canal-house`, { agent: keepAlive, headers: { "User-Agent": CRAWLER } }),
    startRequest(`${s.url}/info/blog`, { headers: { "User-Agent": BROWSER } }),
  ];
  await until("the pages to be in flight", () => s.drain.inFlight() === pages.length);

  const drained = s.drain.start("SIGTERM");
  expect(s.drain.draining()).toBe(true);
  // During the delay the server still answers, but is not ready.
  expect(await text(`${s.url}/readyz`)).toEqual({ status: 503, body: "draining" });
  expect(await text(`${s.url}/healthz`)).toEqual({ status: 200, body: "ok" });
  expect(order).toEqual(["worker stopped"]);

  await until("the listener to close", () => !s.server.listening);
  expect(await refused(s.url)).toBe(true);
  expect(pages.filter((p) => p.settled())).toHaveLength(0);
  expect(await idle.socketClosed).toBeGreaterThan(0);

  const answers = await Promise.all(pages.map((p) => p.response));
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toMatch(/<\/html>\s*$/);
    // Headers not sent yet when the listener closed: the connection closes after this response.
    expect(answer.headers.connection).toBe("close");
  }
  expect(answers[0].body.toString()).toContain("Braybrook Street");
  expect(answers[1].body.toString()).toContain("Canal House");

  const outcome = await drained;
  expect(outcome).toMatchObject({ clean: true, cut: [] });
  // Nothing waited for keepAliveTimeout (5 s): done soon after the last response.
  expect(Date.now() - Math.max(...answers.map((a) => a.endedAt))).toBeLessThan(1_000);
  await Promise.all(pages.map((p) => p.socketClosed));
  expect(order).toEqual(["worker stopped", "outbox closed"]);
  await expect(outbox.counts()).rejects.toThrow();
  expect(s.lines.map((l) => l.msg)).toEqual(
    expect.arrayContaining(["shutdown: draining (not ready)", "shutdown: complete"]),
  );
  keepAlive.destroy();
});

test("a keep-alive response already streaming when the listener closes ends whole, and its connection closes right after", async () => {
  const server = http.createServer();
  const drain = createDrain(server, { delayMs: 0, timeoutMs: 10_000, logger: pino({ level: "silent" }) });
  server.on("request", (_req, res: http.ServerResponse) => {
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.write("first part, ");
    setTimeout(() => res.end("last part"), 500);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const agent = new http.Agent({ keepAlive: true });
  const streaming = startRequest(url, { agent });
  await until("the response to start", () => drain.inFlight() === 1);
  await new Promise((r) => setTimeout(r, 50));

  const outcome = await drain.start("SIGTERM");
  const answer = await streaming.response;
  expect(answer.body.toString()).toBe("first part, last part");
  expect(answer.headers.connection).toBe("keep-alive");
  expect((await streaming.socketClosed) - answer.endedAt).toBeLessThan(300);
  expect(outcome.clean).toBe(true);
  expect(outcome.durationMs).toBeLessThan(1_500);
  agent.destroy();
});

describe("the built server", () => {
  let dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("SIGTERM during slow requests: none is cut, the outbox takes the last event, and the process exits 0 within the bound", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drain-data-"));
    const mediaCache = fs.mkdtempSync(path.join(os.tmpdir(), "drain-media-"));
    dirs = [dataDir, mediaCache];
    const server = await startBuiltServer({
      SHUTDOWN_DELAY_MS: "0",
      SHUTDOWN_TIMEOUT_MS: "20000",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir,
      MEDIA_CACHE_DIR: mediaCache,
    });
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.process.once("exit", (code) => resolve({ code, at: Date.now() })),
    );
    try {
      // Slow for real: image transforms nobody asked for before (an empty MEDIA_CACHE_DIR), each
      // a distinct quality so none is shared, encoded by sharp off the main thread.
      const transforms = [71, 72, 73].map((q) =>
        startRequest(`${server.url}/media/before-canal-house.jpg?w=2000&fm=webp&q=${q}`, { expectContinue: true }),
      );
      // And a tracking event whose body is still on its way when the signal comes.
      const event = JSON.stringify({
        event_name: "PageView",
        region: "uk",
        custom_data: { page_url: `${server.url}/gallery`, page_title: "Gallery" },
      });
      const posting = startRequest(`${server.url}/api/meta-capi`, {
        method: "POST",
        headers: {
          Origin: server.url,
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(event)),
        },
        expectContinue: true,
        holdBody: true,
      });
      const page = startRequest(`${server.url}/gallery/braybrook-st`, {
        expectContinue: true,
        headers: { "User-Agent": BROWSER },
      });
      // The 100 Continue of each: the server has them all in flight.
      await Promise.all([...transforms, posting, page].map((r) => r.received));

      const signalledAt = Date.now();
      server.process.kill("SIGTERM");
      await until("new connections to be refused", () => refused(server.url));
      expect(transforms.filter((t) => t.settled())).toHaveLength(0);
      posting.sendBody(event);

      for (const answer of await Promise.all(transforms.map((t) => t.response))) {
        expect(answer.status).toBe(200);
        expect(answer.headers["content-type"]).toBe("image/webp");
        expect(answer.body.length).toBe(Number(answer.headers["content-length"]));
        expect(answer.body.subarray(8, 12).toString("latin1")).toBe("WEBP");
      }
      const stored = await posting.response;
      expect(stored.status).toBe(202);
      const { event_id: eventId } = JSON.parse(stored.body.toString()) as { event_id: string };
      const rendered = await page.response;
      expect(rendered.status).toBe(200);
      expect(rendered.body.toString()).toMatch(/<\/html>\s*$/);

      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - signalledAt).toBeLessThan(20_000);
      const logs = server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg: string; clean?: boolean; reason?: string });
      expect(logs.find((l) => l.msg === "shutdown: draining (not ready)")).toMatchObject({ reason: "SIGTERM" });
      expect(logs.find((l) => l.msg === "shutdown: complete")).toMatchObject({ clean: true });
      expect(logs.some((l) => /cut/.test(l.msg))).toBe(false);

      // The event posted during the drain is on disk, waiting for the next worker.
      const outbox = openSqliteOutboxStore(path.join(dataDir, SQLITE_FILE_NAME));
      expect(await outbox.get(eventId)).toMatchObject({ status: "pending" });
      await outbox.close();
    } finally {
      await server.stop();
    }
  }, 60_000);
});
