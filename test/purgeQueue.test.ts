/**
 * The purge queue (server/edge/purgeQueue.ts) on fake timers: one purge at a time, keys queued
 * meanwhile merged into the next, failures retried with exponential back-off and jitter until
 * accepted, unhealthy (short edge lifetimes) while failing, counted in the metrics.
 */
import { Registry } from "prom-client";
import type { EdgePurger } from "../server/edge/edgePurger";
import { createEdgeLifetimes } from "../server/edge/edgeLifetimes";
import { createPurgeQueue, PURGE_BACKOFF } from "../server/edge/purgeQueue";
import { registerEdgePurgeMetrics } from "../server/observability/metrics/edgePurgeMetrics";
import { capturingLogger } from "./support/capturingLogger";

interface Call {
  keys: string[];
  settle(error?: Error): void;
}

/** A purger whose every call waits for the test to settle it. */
function heldPurger(): EdgePurger & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    name: "test",
    calls,
    purge: (keys) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ keys: [...keys], settle: (error) => (error ? reject(error) : resolve()) });
      }),
  };
}

const flush = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => {
  jest.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  jest.useRealTimers();
});

function queue(purger: EdgePurger, random = () => 1) {
  const { logger, lines } = capturingLogger();
  return { queue: createPurgeQueue({ purger, logger, random }), lines };
}

test("sent at once; keys queued while it runs go together in the next call", async () => {
  const purger = heldPurger();
  const { queue: purges } = queue(purger);
  purges.add(["d-a", "t-page"]);
  await flush();
  expect(purger.calls.map((call) => call.keys)).toEqual([["d-a", "t-page"]]);
  purges.add(["d-b"]);
  purges.add(["d-c", "d-b"]);
  await flush();
  expect(purger.calls).toHaveLength(1);
  purger.calls[0].settle();
  await flush();
  expect(purger.calls.map((call) => call.keys)).toEqual([
    ["d-a", "t-page"],
    ["d-b", "d-c"],
  ]);
  purger.calls[1].settle();
  await flush();
  expect(purges.stats()).toMatchObject({ succeeded: 2, failed: 0, keysPurged: 4, pendingKeys: 0 });
});

test("a failure is retried after 1 s, 2 s, 4 s … (full jitter's ceiling), merged with newer keys, never lost", async () => {
  const purger = heldPurger();
  const { queue: purges, lines } = queue(purger);
  purges.add(["d-a"]);
  await flush();
  purger.calls[0].settle(new Error("edge down"));
  await flush();
  expect(purges.healthy()).toBe(false);
  purges.add(["d-b"]);
  expect(PURGE_BACKOFF).toEqual({ initialMs: 1_000, factor: 2, maxMs: 60_000 });
  await jest.advanceTimersByTimeAsync(999);
  expect(purger.calls).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(new Set(purger.calls[1].keys)).toEqual(new Set(["d-a", "d-b"]));
  purger.calls[1].settle(new Error("edge down"));
  await flush();
  await jest.advanceTimersByTimeAsync(1_999);
  expect(purger.calls).toHaveLength(2);
  await jest.advanceTimersByTimeAsync(1);
  expect(purger.calls).toHaveLength(3);
  purger.calls[2].settle();
  await flush();
  expect(purges.healthy()).toBe(true);
  expect(purges.stats()).toMatchObject({ succeeded: 1, failed: 2, keysPurged: 2, pendingKeys: 0 });
  expect(lines.filter((line) => line.msg.startsWith("edge purge failed"))).toHaveLength(2);
  expect(lines.some((line) => line.msg === "edge purge: accepted again")).toBe(true);
});

test("the jitter spreads retries below the ceiling", async () => {
  const purger = heldPurger();
  const { queue: purges } = queue(purger, () => 0.25);
  purges.add(["d-a"]);
  await flush();
  purger.calls[0].settle(new Error("edge down"));
  await jest.advanceTimersByTimeAsync(250);
  expect(purger.calls).toHaveLength(2);
});

test("past the bound the waiting keys become one purge of everything", async () => {
  const purger = heldPurger();
  const { logger } = capturingLogger();
  const purges = createPurgeQueue({ purger, logger, maxKeys: 3, random: () => 1 });
  purges.add(["d-a"]);
  await flush();
  purges.add(["d-b", "d-c", "d-d", "d-e"]);
  purger.calls[0].settle();
  await flush();
  expect(purger.calls[1].keys).toEqual(["all"]);
});

test("metrics: purges by outcome, keys purged, how long purges have been failing", async () => {
  const purger = heldPurger();
  const { queue: purges } = queue(purger);
  const registry = new Registry();
  registerEdgePurgeMetrics(registry, purges);
  purges.add(["d-a", "t-page"]);
  await flush();
  purger.calls[0].settle(new Error("down"));
  await flush();
  await jest.advanceTimersByTimeAsync(30_000);
  let text = await registry.metrics();
  expect(text).toContain('site_edge_purges_total{outcome="failure"} 1');
  expect(text).toMatch(/site_edge_purge_failing_seconds 30(\.\d+)?\n/);
  expect(text).toContain("site_edge_purge_pending_keys 0");
  purger.calls[1].settle();
  await flush();
  text = await registry.metrics();
  expect(text).toContain('site_edge_purges_total{outcome="success"} 1');
  expect(text).toContain("site_edge_purged_keys_total 2");
  expect(text).toContain("site_edge_purge_failing_seconds 0");
  expect(text).toContain(`site_edge_purge_last_success_timestamp_seconds ${Date.now() / 1000}`);
});

test("health: long lifetimes while purges work, the short header while one is failing, long again after", async () => {
  const purger = heldPurger();
  const { queue: purges } = queue(purger);
  const lifetimes = createEdgeLifetimes(
    { EDGE_PURGER: "fastly", EDGE_LIFETIME_SECONDS: 86_400 },
    { confirmedAfter: async () => "r1" },
    purges,
  );
  const long = "public, max-age=0, s-maxage=86400, stale-if-error=86400";
  const short = "public, max-age=0, s-maxage=5, stale-while-revalidate=60, stale-if-error=86400";
  expect(lifetimes.page(200, false, "r1", "r1")).toBe(long);
  purges.add(["d-a"]);
  await flush();
  purger.calls[0].settle(new Error("down"));
  await flush();
  expect(lifetimes.longLived()).toBe(false);
  expect(lifetimes.page(200, false, "r1", "r1")).toBe(short);
  expect(await lifetimes.confirm()).toBeUndefined();
  await jest.advanceTimersByTimeAsync(1_000);
  purger.calls[1].settle();
  await flush();
  expect(lifetimes.page(200, false, "r1", "r1")).toBe(long);
});

test("settle (shutdown): tries what waits at once, gives up after its time, and says what is left", async () => {
  const purger = heldPurger();
  const { queue: purges, lines } = queue(purger);
  purges.add(["d-a"]);
  await flush();
  purger.calls[0].settle(new Error("down"));
  await flush();
  const settled = purges.settle(3_000);
  await flush();
  expect(purger.calls).toHaveLength(2);
  await jest.advanceTimersByTimeAsync(3_000);
  await settled;
  expect(lines.some((line) => line.msg.startsWith("edge purge: not done at shutdown"))).toBe(true);
});
