/**
 * The delivery worker against a local fake of Meta's Graph API that can fail, stall, rate-limit
 * and recover: what each answer does to the events, the back-off, stopping and retention.
 * Whole scenarios (10,000 events, a killed process, Firestore, SIGTERM) are in
 * deliveryScenarios.test.ts.
 */
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from "../server/outbox/backoff";
import { DEFAULT_BATCH_SIZE } from "../server/outbox/deliveryWorker";
import type { OutboxStore } from "../server/outbox/store";
import { capturingLogger } from "./support/capturingLogger";
import { addEvents, T, useDeliveryFixture } from "./support/deliveryFixture";
import { VALUE_REFUSED } from "./support/fakeGraph";
import { sampleEvent } from "./support/outboxEvents";
import { repeatUntil, until } from "./support/waitFor";

const f = useDeliveryFixture();

describe("one delivery round", () => {
  test("sends the events to /{version}/{pixel}/events with the token and test code, and marks them delivered", async () => {
    const store = f.openStore();
    const ids = await addEvents(store, 3);
    const w = f.worker(store, { credentials: { ...f.credentials(), testEventCode: "TEST123" }, now: () => T + 10 });
    expect(await w.runOnce()).toBe(3);
    expect(f.fake.requests).toHaveLength(1);
    const [req] = f.fake.requests;
    expect(req.path).toBe("/v21.0/1234567890/events");
    expect(req.accessToken).toBe("test-token");
    expect(req.testEventCode).toBe("TEST123");
    expect(req.eventIds.sort()).toEqual([...ids].sort());
    expect(req.body.data[0]).toMatchObject({
      event_name: "PageView",
      action_source: "website",
      user_data: { client_ip_address: "203.0.113.7" },
    });
    for (const id of ids)
      expect(await store.get(id)).toMatchObject({ status: "delivered", attempts: 1, deliveredAt: T + 10 });
  });

  test("sends at most 1000 events per request (Meta's limit), however many it is told to", async () => {
    const store = f.openStore();
    await addEvents(store, 2_345);
    const w = f.worker(store, { batchSize: 5_000 });
    // 2,345 events take three rounds and a fourth that finds nothing; ten is far beyond that.
    await repeatUntil("the worker to find no more events to send", 10, async () => (await w.runOnce()) === 0);
    expect(f.fake.requests.map((r) => r.eventIds.length)).toEqual([1000, 1000, 345]);
    expect(await store.counts()).toMatchObject({ delivered: 2_345, pending: 0, leased: 0 });
  });

  test("by default claims and sends 100 events at a time: what a crash mid-send may have Meta receive twice", async () => {
    const store = f.openStore();
    await addEvents(store, 345);
    const w = f.worker(store);
    await repeatUntil("the worker to find no more events to send", 10, async () => (await w.runOnce()) === 0);
    expect(DEFAULT_BATCH_SIZE).toBe(100);
    expect(f.fake.requests.map((r) => r.eventIds.length)).toEqual([100, 100, 100, 45]);
    expect(await store.counts()).toMatchObject({ delivered: 345, pending: 0, leased: 0 });
  });

  test("a 5xx makes the events pending again after a back-off, counting the attempt", async () => {
    const store = f.openStore();
    const [id] = await addEvents(store, 1);
    f.fake.mode = "down";
    const w = f.worker(store, { backoff: DEFAULT_BACKOFF, now: () => T, random: () => 1 });
    await w.runOnce();
    // The first retry waits up to 1 s (full jitter; random() = 1 here takes the ceiling).
    expect(await store.get(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: T + 1_000,
      lastError: expect.stringContaining("HTTP 500"),
    });
    expect(await w.runOnce()).toBe(0);
  });

  test("later attempts wait longer: 1 s × 1.5ⁿ", async () => {
    const store = f.openStore();
    const [id] = await addEvents(store, 1);
    f.fake.mode = "down";
    let now = T;
    const w = f.worker(store, { backoff: DEFAULT_BACKOFF, now: () => now, random: () => 1 });
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await w.runOnce();
      const { nextAttemptAt } = (await store.get(id))!;
      waits.push(nextAttemptAt - now);
      now = nextAttemptAt;
    }
    expect(waits).toEqual([1_000, 1_500, 2_250, 3_375]);
  });

  test("a 429 honours Retry-After when it is longer than the back-off", async () => {
    const store = f.openStore();
    const [id] = await addEvents(store, 1);
    f.fake.next({
      status: 429,
      body: { error: { message: "Too many calls", code: 4 } },
      headers: { "retry-after": "7" },
    });
    await f.worker(store, { backoff: DEFAULT_BACKOFF, now: () => T }).runOnce();
    expect(await store.get(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: T + 7_000,
      lastError: expect.stringContaining("HTTP 429"),
    });
  });

  test("no answer within the request timeout counts as a failure to retry", async () => {
    const store = f.openStore();
    const [id] = await addEvents(store, 1);
    f.fake.next("stall");
    const started = Date.now();
    await f.worker(store, { requestTimeoutMs: 150 }).runOnce();
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await store.get(id)).toMatchObject({ status: "pending", attempts: 1, lastError: "no answer within 150 ms" });
  });

  test("after a timeout the events wait at least another request timeout: Meta may still be processing the first", async () => {
    const store = f.openStore();
    const [id] = await addEvents(store, 1);
    f.fake.next("stall");
    let clock = T + 1_000;
    // A back-off of a few ms (FAST_WORKER's), far below the timeout: the timeout sets the wait.
    await f.worker(store, { requestTimeoutMs: 150, now: () => clock }).runOnce();
    const retried = (await store.get(id))!;
    expect(retried).toMatchObject({ status: "pending", lastError: "no answer within 150 ms" });
    expect(retried.nextAttemptAt - retried.updatedAt).toBeGreaterThanOrEqual(150);
    clock += 149;
    expect(await store.claim("other", 10, 5_000, clock)).toEqual([]);
  });

  test("Meta down (connection refused) is retried too", async () => {
    const store = f.openStore();
    const [id] = await addEvents(store, 1);
    await f.worker(store, { credentials: { ...f.credentials(), graphUrl: "http://127.0.0.1:9" } }).runOnce();
    expect(await store.get(id)).toMatchObject({
      status: "pending",
      lastError: expect.stringMatching(/^network error: /),
    });
  });

  test("a 4xx marks the events failed with Meta's error, for good", async () => {
    const store = f.openStore();
    const [id] = await addEvents(store, 1);
    f.fake.mode = "refuse";
    const { logger, lines } = capturingLogger();
    const w = f.worker(store, { logger });
    await w.runOnce();
    const record = (await store.get(id))!;
    expect(record).toMatchObject({ status: "failed", attempts: 1 });
    expect(record.lastError).toBe(
      "HTTP 400: Invalid parameter (The event time is too far in the past.) [OAuthException, code 100, subcode 2804003] [fbtrace_id AbCdEf123]",
    );
    expect(await w.runOnce()).toBe(0);
    expect(f.fake.requests).toHaveLength(1);
    // Logged with Meta's error, never with the token.
    expect(lines.some((l) => l.msg.includes("refused") && String(l.error).includes("Invalid parameter"))).toBe(true);
    expect(JSON.stringify(lines)).not.toContain("test-token");
  });

  test("a batch Meta refuses is split to find the refused event: only it fails, the others are delivered", async () => {
    const store = f.openStore();
    const pageViews = await addEvents(store, 8);
    const lead = sampleEvent(T + 1);
    lead.payload = {
      ...lead.payload,
      event_name: "Lead",
      custom_data: { ...lead.payload.custom_data, value: "not-a-number" as unknown as number },
    };
    await store.add(lead);
    const w = f.worker(store, { now: () => T + 10 });
    expect(await w.runOnce()).toBe(9);
    for (const id of pageViews) expect(await store.get(id)).toMatchObject({ status: "delivered", attempts: 1 });
    expect(await store.get(lead.id)).toMatchObject({
      status: "failed",
      lastError: expect.stringContaining("The value parameter must be a number."),
    });
    expect([...f.fake.accepted.keys()].sort()).toEqual([...pageViews].sort());
    // Halving 9 events down to the one refused takes a handful of requests, not one per event.
    expect(f.fake.requests.length).toBeLessThanOrEqual(8);
  });

  /** Three PageViews, then a Lead Meta refuses (its value is not a number), claimed in that order. */
  async function threeAndABadLead(store: OutboxStore) {
    const pageViews = await addEvents(store, 3);
    const lead = sampleEvent(T + 1);
    lead.payload = {
      ...lead.payload,
      event_name: "Lead",
      custom_data: { ...lead.payload.custom_data, value: "x" as unknown as number },
    };
    await store.add(lead);
    return { pageViews, lead: lead.id };
  }

  test("when Meta answers 'later' during a split, that part and those not yet sent are retried together, none failed", async () => {
    const store = f.openStore();
    const { pageViews, lead } = await threeAndABadLead(store);
    f.fake.next(
      { status: 400, body: VALUE_REFUSED },
      { status: 503, body: { error: { message: "Service unavailable", code: 2, is_transient: true } } },
    );
    await f.worker(store).runOnce();
    expect(f.fake.requests.map((r) => r.eventIds.length)).toEqual([4, 2]);
    for (const id of [...pageViews, lead])
      expect(await store.get(id)).toMatchObject({ status: "pending", attempts: 1 });
  });

  test("a split stops when the lease has no room left for another request: the rest stays leased, sent by no one until it ends", async () => {
    const store = f.openStore();
    const { pageViews, lead } = await threeAndABadLead(store);
    let clock = T + 10;
    // Each request takes 12 s of a 30 s lease; a request needs its 1.5 s timeout and the 10 s settle margin left.
    const slowFetch: typeof fetch = (input, init) => {
      clock += 12_000;
      return fetch(input, init);
    };
    await f.worker(store, { leaseMs: 30_000, settleMarginMs: 10_000, now: () => clock, fetch: slowFetch }).runOnce();
    expect(f.fake.requests.map((r) => r.eventIds.length)).toEqual([4, 2]);
    expect(await store.get(pageViews[0])).toMatchObject({ status: "delivered" });
    expect(await store.get(pageViews[1])).toMatchObject({ status: "delivered" });
    for (const id of [pageViews[2], lead])
      expect(await store.get(id)).toMatchObject({ status: "leased", leaseUntil: T + 30_010 });
  });

  test("a 400 carrying one of Meta's throttling codes is retried, not failed", async () => {
    const store = f.openStore();
    const [id] = await addEvents(store, 1);
    f.fake.next({
      status: 400,
      body: { error: { message: "Calls to this api have exceeded the rate limit.", code: 613 } },
    });
    await f.worker(store).runOnce();
    expect(await store.get(id)).toMatchObject({ status: "pending", attempts: 1 });
  });
});

describe("back-off", () => {
  test("starts at 1 s, grows by 1.5 and stops at 60 s", () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffCeiling(n))).toEqual([1_000, 1_500, 2_250, 3_375, 5_062.5]);
    expect(backoffCeiling(11)).toBeCloseTo(57_665, 0);
    expect(backoffCeiling(12)).toBe(60_000);
    expect(backoffCeiling(100)).toBe(60_000);
  });

  test("has full jitter: anywhere from 0 to the ceiling", () => {
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(0);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.5)).toBe(1_125);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.999_999)).toBe(2_250);
  });
});

describe("the running worker", () => {
  test("without Meta credentials marks events not_sent, sends nothing, and says so once", async () => {
    const store = f.openStore();
    const { logger, lines } = capturingLogger();
    const w = f.worker(store, { credentials: undefined, logger });
    w.start();
    await addEvents(store, 5);
    await until("5 events marked not_sent", async () => (await store.counts()).not_sent === 5, { timeoutMs: 20_000 });
    await addEvents(store, 5);
    await until("10 events marked not_sent", async () => (await store.counts()).not_sent === 10, { timeoutMs: 20_000 });
    await w.stop();
    expect(f.fake.requests).toHaveLength(0);
    const said = lines.filter((l) => /not configured/.test(l.msg));
    expect(said).toHaveLength(1);
    expect(said[0].msg).toContain("META_PIXEL_ID");
    expect((await store.counts()).pending).toBe(0);
  });

  test("without Meta credentials where none are expected (the embedded site): said once, as information, not a warning", async () => {
    const store = f.openStore();
    const { logger, lines } = capturingLogger();
    const w = f.worker(store, { credentials: undefined, unconfiguredExpected: true, logger });
    w.start();
    await addEvents(store, 2);
    await until("2 events marked not_sent", async () => (await store.counts()).not_sent === 2, { timeoutMs: 20_000 });
    await w.stop();
    expect(f.fake.requests).toHaveLength(0);
    const said = lines.filter((l) => /not configured/.test(l.msg));
    expect(said.map((l) => l.level)).toEqual([30]);
    expect(said[0].msg).toMatch(/kept, not sent \(META_PIXEL_ID and META_ACCESS_TOKEN send them\)/);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  test("stop() stops claiming and waits for the delivery in flight to finish and be recorded", async () => {
    const store = f.openStore();
    const ids = await addEvents(store, 2);
    f.fake.mode = "stall";
    const w = f.worker(store, { requestTimeoutMs: 400 });
    w.start();
    await until("a request in flight", () => f.fake.stalled() === 1, { timeoutMs: 5_000 });
    const stopping = w.stop();
    await addEvents(store, 1);
    await stopping;
    // The request in flight ran to its timeout and its events were settled, not left leased.
    for (const id of ids) expect(await store.get(id)).toMatchObject({ status: "pending", attempts: 1 });
    expect(f.fake.requests).toHaveLength(1);
    expect(await store.counts()).toMatchObject({ pending: 3, leased: 0 });
  });

  test("deletes delivered events once they are older than the retention period", async () => {
    const store = f.openStore();
    await addEvents(store, 3);
    let now = T;
    const w = f.worker(store, { now: () => now, retentionMs: 60_000, purgeEveryMs: 0 });
    await w.runOnce();
    expect((await store.counts()).delivered).toBe(3);
    now = T + 59_000;
    await w.runOnce();
    expect((await store.counts()).delivered).toBe(3);
    now = T + 61_000;
    await w.runOnce();
    expect((await store.counts()).delivered).toBe(0);
  });

  test("keeps at most maxSettled settled events: a flood cannot fill the store with them before their retention ends", async () => {
    const store = f.openStore();
    await addEvents(store, 5);
    let now = T;
    const w = f.worker(store, { now: () => now, retentionMs: 3_600_000, purgeEveryMs: 0, maxSettled: 3 });
    await w.runOnce();
    expect((await store.counts()).delivered).toBe(5);
    now = T + 1_000;
    await w.runOnce();
    expect((await store.counts()).delivered).toBe(3);
  });

  test("a store that fails pauses the worker with back-off instead of crashing it", async () => {
    const store = f.openStore();
    let failures = 0;
    const flaky: OutboxStore = {
      ...store,
      claim: (...args) => (++failures <= 3 ? Promise.reject(new Error("database is locked")) : store.claim(...args)),
    };
    const [id] = await addEvents(store, 1);
    const { logger, lines } = capturingLogger();
    const w = f.worker(flaky, { logger });
    w.start();
    await until("delivery", async () => (await store.get(id))?.status === "delivered", { timeoutMs: 5_000 });
    await w.stop();
    expect(lines.filter((l) => l.msg.startsWith("outbox unavailable"))).toHaveLength(3);
  });
});
