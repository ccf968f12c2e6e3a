/**
 * The request worker (server/requests/requestWorker.ts) over the SQLite request store in memory,
 * delivering to local stand-ins of the CRM webhook and Klaviyo and to an inbox folder
 * (test/support/requestStandIns.ts): each request delivered once to each destination; a webhook
 * outage of many attempts losing nothing; a refusal marked failed; a crashed worker's deliveries
 * sent by another with the same idempotency key; Retry-After honoured; the back-off from 5 s to
 * 30 min, never giving up; a destination without settings kept pending; retention; and never a
 * visitor's field in the log.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RequestDestinationSender } from "../server/requests/destinations/destination";
import { createInboxDestination } from "../server/requests/destinations/inboxDestination";
import { createKlaviyoDestination } from "../server/requests/destinations/klaviyoDestination";
import { createWebhookDestination } from "../server/requests/destinations/webhookDestination";
import type { DeliveryOutcome, NewVisitorRequest, RequestStore } from "../server/requests/requestStore";
import {
  createRequestWorker,
  DEFAULT_FAILED_RETENTION_MS,
  DEFAULT_REQUEST_BACKOFF,
  DEFAULT_REQUEST_BATCH_SIZE,
  DEFAULT_REQUEST_LEASE_MS,
  DEFAULT_REQUEST_RETENTION_MS,
  type RequestWorkerOptions,
  withoutFields,
} from "../server/requests/requestWorker";
import { openSqliteRequestStore } from "../server/requests/sqliteRequestStore";
import { REQUEST_KINDS } from "../shared/requests/requestKinds";
import { capturingLogger, type LogLine } from "./support/capturingLogger";
import {
  type KlaviyoStandIn,
  personalValues,
  startKlaviyoStandIn,
  startWebhookReceiver,
  visitorRequest,
  type WebhookReceiver,
} from "./support/requestStandIns";
import { until, within } from "./support/waitFor";

const SECRET = "whsec_worker_test";
const KEY = "pk_worker_test";
const LIST = "Y6nRLr";
const DAY = 86_400_000;

/** Back-off and pauses in milliseconds, and a lease well beyond a round on a busy machine. */
const FAST = {
  backoff: { initialMs: 2, factor: 2, maxMs: 20 },
  idleMs: 5,
  leaseMs: 5_000,
  sendTimeoutMs: 1_500,
} satisfies Partial<RequestWorkerOptions>;

let store: RequestStore;
let receiver: WebhookReceiver;
let klaviyo: KlaviyoStandIn;
let inboxDir: string;
let log: { logger: ReturnType<typeof capturingLogger>["logger"]; lines: LogLine[] };
let senders: Record<"webhook" | "klaviyo" | "inbox", RequestDestinationSender>;
const added: NewVisitorRequest[] = [];

beforeEach(async () => {
  store = openSqliteRequestStore(":memory:");
  receiver = await startWebhookReceiver({ secret: SECRET });
  klaviyo = await startKlaviyoStandIn({ privateKey: KEY });
  inboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "request-worker-")), "inbox");
  log = capturingLogger("debug");
  senders = {
    webhook: createWebhookDestination({ url: receiver.url, secret: SECRET, timeoutMs: 1_000 }),
    klaviyo: createKlaviyoDestination({ privateKey: KEY, apiUrl: klaviyo.url, listId: LIST, timeoutMs: 1_000 }),
    inbox: createInboxDestination({ dir: inboxDir }),
  };
  added.length = 0;
});

afterEach(async () => {
  // Whatever a test did, the log never holds what a visitor typed about themselves. Ids and the
  // host name are hex, where a short name ("Ada") can turn up by chance: they are left out.
  const text = JSON.stringify(log.lines.map(({ hostname: _host, pid: _pid, time: _time, ...line }) => line))
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>")
    .toLowerCase();
  const leaked = added.flatMap(personalValues).filter((value) => text.includes(value.toLowerCase()));
  await Promise.all([receiver.close(), klaviyo.close(), store.close()]);
  fs.rmSync(path.dirname(inboxDir), { recursive: true, force: true });
  expect(leaked).toEqual([]);
});

async function add(request: NewVisitorRequest): Promise<NewVisitorRequest> {
  expect(await store.add(request)).toBe(true);
  added.push(request);
  return request;
}

const worker = (options: Partial<RequestWorkerOptions> = {}) =>
  createRequestWorker({ store, senders, logger: log.logger, ...FAST, ...options });

const delivery = async (id: string, destination: string) =>
  (await store.get(id))!.deliveries.find((d) => d.destination === destination)!;

const messages = (level: number) => log.lines.filter((l) => l.level === level).map((l) => l.msg);

test("its defaults: a 60 s lease, 20 a claim, back-off from 5 s doubling to 30 min, kept 30 days after delivery and 90 after a refusal", () => {
  expect(DEFAULT_REQUEST_LEASE_MS).toBe(60_000);
  expect(DEFAULT_REQUEST_BATCH_SIZE).toBe(20);
  expect(DEFAULT_REQUEST_BACKOFF).toEqual({ initialMs: 5_000, factor: 2, maxMs: 30 * 60_000 });
  expect(DEFAULT_REQUEST_RETENTION_MS).toBe(30 * DAY);
  expect(DEFAULT_FAILED_RETENTION_MS).toBe(90 * DAY);
  expect(() => worker({ leaseMs: 2_000, sendTimeoutMs: 1_900 })).toThrow("request lease (2000 ms) must be longer");
});

test("each request of each kind reaches each of its destinations once", async () => {
  const requests = await Promise.all(REQUEST_KINDS.map((kind) => add(visitorRequest(kind))));
  const outcomes: string[] = [];
  const w = worker({ onOutcome: (destination, outcome) => void outcomes.push(`${destination}:${outcome.status}`) });
  w.start();
  await until("every delivery made", async () => (await store.counts()).delivered === 12);
  await w.stop();

  expect(await store.counts()).toEqual({ pending: 0, leased: 0, delivered: 12, failed: 0 });
  expect(outcomes.sort()).toEqual(
    ["webhook", "klaviyo", "inbox"].flatMap((d) => Array(4).fill(`${d}:delivered`)).sort(),
  );
  for (const request of requests) {
    expect(receiver.accepted.get(request.id)).toBe(1);
    expect(klaviyo.accepted.get(request.id)).toBe(1);
    for (const d of (await store.get(request.id))!.deliveries)
      expect(d).toMatchObject({ status: "delivered", attempts: 1 });
  }
  expect(receiver.received).toHaveLength(4);
  expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
  // Two of the four ticked "keep me posted" (the visit and the quote): two subscriptions.
  expect(klaviyo.subscriptions).toHaveLength(2);
  expect(fs.readdirSync(inboxDir)).toHaveLength(4);
  expect(messages(30).filter((m) => m.startsWith("request delivered to"))).toHaveLength(12);
});

test("a webhook down for many attempts loses nothing, gives nothing up, and delivers each request once it is back", async () => {
  receiver.fail(503, { body: "Service Unavailable" });
  const requests: NewVisitorRequest[] = [];
  // One of them received a year ago: age never gives a request up.
  requests.push(
    await add(visitorRequest("quote", { receivedAt: Date.now() - 365 * DAY, destinations: ["webhook", "inbox"] })),
  );
  for (let i = 0; i < 4; i++)
    requests.push(await add(visitorRequest(REQUEST_KINDS[i], { destinations: ["webhook", "inbox"] })));
  const w = worker({ purgeEveryMs: 10 });
  w.start();
  await until("40 refused attempts", () => receiver.received.length >= 40, { timeoutMs: 20_000 });
  expect(await store.counts()).toMatchObject({ delivered: 5, failed: 0 });
  const attempts = await Promise.all(requests.map(async (r) => (await delivery(r.id, "webhook")).attempts));
  expect(Math.min(...attempts)).toBeGreaterThanOrEqual(2);
  expect((await delivery(requests[0].id, "webhook")).lastError).toBe("HTTP 503: Service Unavailable");

  receiver.recover();
  await until("every delivery made", async () => (await store.counts()).delivered === 10, { timeoutMs: 10_000 });
  await w.stop();
  expect(requests.map((r) => receiver.accepted.get(r.id))).toEqual([1, 1, 1, 1, 1]);
  expect(await store.counts()).toEqual({ pending: 0, leased: 0, delivered: 10, failed: 0 });
  expect(
    messages(40).filter((m) => m === "request delivery to webhook failed: will retry").length,
  ).toBeGreaterThanOrEqual(40);
  expect(messages(50)).toEqual([]);
});

test("a 400 marks the delivery failed, logged at error with the request's id, the CRM's words without the visitor's", async () => {
  const request = await add(visitorRequest("visit"));
  const email = String(request.fields.email);
  receiver.fail(400, {
    count: 1,
    body: JSON.stringify({
      error: `no customer ${email.toUpperCase()} for Ada Mary Lovelace`,
      code: "unknown_customer",
    }),
  });
  const outcomes: Array<[string, DeliveryOutcome["status"]]> = [];
  const w = worker({ onOutcome: (d, o) => void outcomes.push([d, o.status]) });
  expect(await w.runOnce()).toBe(3);

  const failed = await delivery(request.id, "webhook");
  expect(failed).toMatchObject({ status: "failed", attempts: 1 });
  expect(failed.lastError).toBe('HTTP 400: {"error":"no customer [field] for [field]","code":"unknown_customer"}');
  expect(await store.counts()).toEqual({ pending: 0, leased: 0, delivered: 2, failed: 1 });
  expect(outcomes.sort()).toEqual([
    ["inbox", "delivered"],
    ["klaviyo", "delivered"],
    ["webhook", "failed"],
  ]);
  const errors = log.lines.filter((l) => l.level === 50);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({
    requestId: request.id,
    destination: "webhook",
    kind: "visit",
    attempts: 1,
    error: failed.lastError,
    msg: "request refused by webhook: marked failed, kept for the business to act on",
  });
  expect(errors[0]).not.toHaveProperty("fields");
  // Failed is final: nothing is claimed again.
  expect(await w.runOnce()).toBe(0);
  expect(receiver.received).toHaveLength(1);
});

test("a worker that dies with the request at the CRM: another sends it again once the lease ends, under the same idempotency key", async () => {
  const request = await add(visitorRequest("quote", { destinations: ["webhook", "klaviyo"] }));
  // The first worker's sends reach the destinations, then it "dies" before writing down their answers.
  let revive = () => {};
  const revived = new Promise<void>((resolve) => {
    revive = resolve;
  });
  const dying = (sender: RequestDestinationSender): RequestDestinationSender => ({
    name: sender.name,
    send: async (r, signal) => {
      const result = await sender.send(r, signal);
      await revived;
      return result;
    },
  });
  const first = createRequestWorker({
    store,
    senders: { webhook: dying(senders.webhook), klaviyo: dying(senders.klaviyo) },
    logger: log.logger,
    ...FAST,
  });
  const firstRound = first.runOnce();
  await until("both sends received", () => receiver.accepted.has(request.id) && klaviyo.accepted.has(request.id));
  expect((await delivery(request.id, "webhook")).status).toBe("leased");

  // Before the lease ends, nobody else takes it.
  const second = worker({ now: () => Date.now() + FAST.leaseMs - 1_000 });
  expect(await second.runOnce()).toBe(0);
  const later = worker({ now: () => Date.now() + FAST.leaseMs + 1_000 });
  expect(await later.runOnce()).toBe(2);
  expect(await store.counts()).toMatchObject({ delivered: 2, leased: 0 });

  const [one, two] = receiver.received;
  expect([one.headers["idempotency-key"], two.headers["idempotency-key"]]).toEqual([request.id, request.id]);
  expect(two.raw).toBe(one.raw);
  const uniqueIds = klaviyo.events.map(
    (e) => (e.body as { data: { attributes: { unique_id: string } } }).data.attributes.unique_id,
  );
  expect(uniqueIds).toEqual([request.id, request.id]);

  // The first worker comes back: its late answers change nothing, and it says so.
  revive();
  expect(await within("the first worker's round", 5_000, firstRound)).toBe(2);
  expect(await delivery(request.id, "webhook")).toMatchObject({ status: "delivered", attempts: 1 });
  expect(messages(40).filter((m) => m.includes("taken over by another worker"))).toHaveLength(2);
});

test("Retry-After is honoured when longer than the back-off (up to an hour), and the back-off when longer than it", async () => {
  const t0 = Date.UTC(2025, 5, 1, 12, 0, 0);
  let clock = t0;
  const w = worker({ now: () => clock, random: () => 1, backoff: DEFAULT_REQUEST_BACKOFF });
  const request = await add(visitorRequest("consultation", { receivedAt: t0, destinations: ["webhook"] }));

  receiver.fail(429, { count: 1, headers: { "retry-after": "120" } });
  expect(await w.runOnce()).toBe(1);
  expect(await delivery(request.id, "webhook")).toMatchObject({
    status: "pending",
    attempts: 1,
    nextAttemptAt: t0 + 120_000,
    lastError: "HTTP 429",
  });
  clock = t0 + 119_999;
  expect(await w.runOnce()).toBe(0);

  // Retry-After 1 s, but the second attempt's back-off is up to 10 s (random 1: all of it).
  clock = t0 + 120_000;
  receiver.fail(503, { count: 1, headers: { "retry-after": "1" } });
  expect(await w.runOnce()).toBe(1);
  expect(await delivery(request.id, "webhook")).toMatchObject({ attempts: 2, nextAttemptAt: clock + 10_000 });

  // A Retry-After of two hours is held to one.
  clock += 10_000;
  receiver.fail(503, { count: 1, headers: { "retry-after": "7200" } });
  expect(await worker({ now: () => clock, random: () => 0 }).runOnce()).toBe(1);
  expect(await delivery(request.id, "webhook")).toMatchObject({ attempts: 3, nextAttemptAt: clock + 3_600_000 });

  clock += 3_600_000;
  expect(await w.runOnce()).toBe(1);
  expect(await delivery(request.id, "webhook")).toMatchObject({ status: "delivered", attempts: 4 });
  expect(receiver.accepted.get(request.id)).toBe(1);
});

test("the back-off doubles from 5 s to 30 min and stays there: a CRM down for a day still gets the request", async () => {
  const t0 = Date.UTC(2025, 5, 1, 12, 0, 0);
  let clock = t0;
  const w = worker({ now: () => clock, random: () => 1, backoff: DEFAULT_REQUEST_BACKOFF, purgeEveryMs: 0 });
  const request = await add(visitorRequest("samples", { receivedAt: t0, destinations: ["webhook"] }));
  receiver.fail(500);
  const waits: number[] = [];
  while (clock - t0 < DAY) {
    expect(await w.runOnce()).toBe(1);
    const { nextAttemptAt, status } = await delivery(request.id, "webhook");
    expect(status).toBe("pending");
    waits.push(nextAttemptAt - clock);
    clock = nextAttemptAt;
  }
  expect(waits.slice(0, 12)).toEqual([
    5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 1_280_000, 1_800_000, 1_800_000, 1_800_000,
  ]);
  expect(new Set(waits.slice(9))).toEqual(new Set([1_800_000]));
  expect(waits.length).toBeLessThan(60);

  // A month later, retention has run on every round: the pending request is still there, and delivered once the CRM is back.
  clock += 30 * DAY;
  receiver.recover();
  expect(await w.runOnce()).toBe(1);
  expect(await delivery(request.id, "webhook")).toMatchObject({ status: "delivered", attempts: waits.length + 1 });
});

test("a destination without settings keeps its deliveries pending, says so once, and a worker that has them delivers them", async () => {
  const t0 = Date.UTC(2025, 5, 1, 12, 0, 0);
  let clock = t0;
  const request = await add(visitorRequest("visit", { receivedAt: t0, destinations: ["webhook", "klaviyo"] }));
  const webhookOnly = worker({ senders: { webhook: senders.webhook }, now: () => clock });
  expect(await webhookOnly.runOnce()).toBe(2);
  expect(await delivery(request.id, "webhook")).toMatchObject({ status: "delivered" });
  expect(await delivery(request.id, "klaviyo")).toMatchObject({
    status: "pending",
    nextAttemptAt: t0 + 5 * 60_000,
    lastError: "the klaviyo destination is not configured",
  });
  clock += 5 * 60_000;
  expect(await webhookOnly.runOnce()).toBe(1);
  expect(await delivery(request.id, "klaviyo")).toMatchObject({ status: "pending" });
  expect(messages(40)).toEqual([
    "requests for the klaviyo destination are kept pending: it is not configured in this process",
  ]);

  clock += 5 * 60_000;
  expect(await worker({ now: () => clock }).runOnce()).toBe(1);
  expect(await delivery(request.id, "klaviyo")).toMatchObject({ status: "delivered" });
  expect(klaviyo.accepted.get(request.id)).toBe(1);
});

test("retention: delivered requests go after 30 days, refused ones after 90, pending ones never", async () => {
  const t0 = Date.UTC(2025, 5, 1, 12, 0, 0);
  let clock = t0;
  const delivered = await add(visitorRequest("visit", { receivedAt: t0, destinations: ["inbox"] }));
  const refused = await add(visitorRequest("quote", { receivedAt: t0, destinations: ["webhook"] }));
  const w = worker({ now: () => clock, purgeEveryMs: 60_000 });
  receiver.fail(400, { count: 1 });
  expect(await w.runOnce()).toBe(2);
  const pending = await add(visitorRequest("samples", { receivedAt: t0, destinations: ["webhook"] }));
  receiver.fail(503);
  expect(await w.runOnce()).toBe(1);

  clock = t0 + 30 * DAY - 60_000;
  await w.runOnce();
  expect(await store.get(delivered.id)).toBeDefined();
  clock = t0 + 30 * DAY + 60_000;
  await w.runOnce();
  expect(await store.get(delivered.id)).toBeUndefined();
  expect(await store.get(refused.id)).toBeDefined();
  clock = t0 + 90 * DAY + 60_000;
  await w.runOnce();
  expect(await store.get(refused.id)).toBeUndefined();
  expect(await delivery(pending.id, "webhook")).toMatchObject({ status: "pending" });
  expect(messages(30).filter((m) => m.startsWith("request retention: deleted 1"))).toHaveLength(2);
});

test("stop() waits for the round in flight, which records the send that got no answer", async () => {
  senders.webhook = createWebhookDestination({ url: receiver.url, secret: SECRET, timeoutMs: 300 });
  const request = await add(visitorRequest("quote", { destinations: ["webhook"] }));
  receiver.stall();
  const w = worker();
  w.start();
  await until("the request at the CRM", () => receiver.received.length === 1);
  let stopped = false;
  const stopping = w.stop().then(() => {
    stopped = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(stopped).toBe(false);
  await within("the worker to stop", 5_000, stopping);
  expect(await delivery(request.id, "webhook")).toMatchObject({
    status: "pending",
    attempts: 1,
    lastError: "no answer within 300 ms",
  });
});

test("a claim whose lease is nearly over is not sent: it is left to its lease", async () => {
  const request = await add(visitorRequest("quote", { destinations: ["webhook"] }));
  let calls = 0;
  // The claim at `start`, and by the time it would be sent, 4 of the lease's 5 s gone.
  const start = Date.now();
  const w = worker({ now: () => start + (calls++ > 1 ? 4_000 : 0), purgeEveryMs: Number.POSITIVE_INFINITY });
  expect(await w.runOnce()).toBe(1);
  expect(receiver.received).toEqual([]);
  expect(await delivery(request.id, "webhook")).toMatchObject({ status: "leased", attempts: 0 });
  expect(messages(40)).toEqual(["no lease time left to send a request: left to its lease"]);
});

test("a sender that throws is retried, its message without the visitor's fields", async () => {
  const request = await add(visitorRequest("visit", { destinations: ["webhook"] }));
  const throwing: RequestDestinationSender = {
    name: "webhook",
    send: async (r) => {
      throw new Error(`cannot map ${String(r.fields.email)}`);
    },
  };
  expect(await worker({ senders: { webhook: throwing } }).runOnce()).toBe(1);
  expect(await delivery(request.id, "webhook")).toMatchObject({
    status: "pending",
    lastError: "the webhook sender failed: cannot map [field]",
  });
});

test("withoutFields takes out every value the visitor typed, whatever its case, longest first", () => {
  const fields = {
    name: "Ada Mary Lovelace",
    email: "ada@example.com",
    phone: "+44 1632 960 001",
    days: ["sat"],
    ok: true,
  };
  expect(withoutFields("ADA@EXAMPLE.COM is Ada Mary Lovelace (lovelace, +441632960001, ada)", fields)).toBe(
    "[field] is [field] ([field], [field], [field])",
  );
  // Three letters are enough to go: a first name can be that short (an option id goes too, harmlessly).
  expect(withoutFields("saturday sat", fields)).toBe("[field]urday [field]");
  expect(withoutFields("at 96", fields)).toBe("at 96");
  expect(withoutFields("nothing here", {})).toBe("nothing here");
});
