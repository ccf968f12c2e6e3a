/**
 * The CRM webhook destination (server/requests/destinations/webhookDestination.ts) against a local
 * receiver that verifies signatures as a CRM would: the body and headers, the signature scheme a
 * CRM can check (HMAC-SHA256 of `<t>.<raw body>`, a tolerance window on t), and what each answer
 * means (2xx delivered; 408, 429, 5xx, no answer, a network error retried; other 4xx and
 * redirects failed for good), with answers read only up to a few KB.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  createWebhookDestination,
  signWebhook,
  SIGNATURE_TOLERANCE_SECONDS,
  verifyWebhookSignature,
} from "../server/requests/destinations/webhookDestination";
import { DESTINATION_TIMEOUT_MS, MAX_ANSWER_BYTES } from "../server/requests/destinations/httpSend";
import { startWebhookReceiver, visitorRequest, type WebhookReceiver } from "./support/requestStandIns";
import { within } from "./support/waitFor";

const SECRET = "whsec_test_0123456789";
let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver({ secret: SECRET });
});
afterEach(() => receiver.close());

const never = () => new AbortController().signal;
const webhook = (settings: Partial<Parameters<typeof createWebhookDestination>[0]> = {}) =>
  createWebhookDestination({ url: receiver.url, secret: SECRET, ...settings });

test("POSTs the request as JSON, its id as Idempotency-Key, signed so the CRM can verify it", async () => {
  const request = visitorRequest("quote", { id: "6f1c0a52-3c1e-4b8e-9a57-2d0f6b1e9c11" });
  // The receiver checks t against its own clock: the send's clock is the real one here.
  const now = Date.now();
  const result = await webhook({ now: () => now }).send(request, never());
  expect(result).toEqual({ ok: true });

  expect(receiver.received).toHaveLength(1);
  const [received] = receiver.received;
  expect(received.method).toBe("POST");
  expect(received.path).toBe("/hooks/requests");
  expect(received.headers["content-type"]).toBe("application/json");
  expect(received.headers["idempotency-key"]).toBe(request.id);
  expect(received.signatureValid).toBe(true);
  expect(JSON.parse(received.raw)).toEqual({
    id: request.id,
    kind: "quote",
    region: "us",
    page: "/us/quote",
    received_at: "2025-03-04T09:15:00.000Z",
    fields: {
      room: "kitchen",
      room_size: "medium",
      budget: "30k-50k",
      timeframe: "6-months",
      name: "Ada Mary Lovelace",
      email: "ada.lovelace@example.com",
      phone: "+1 (201) 555-0123",
      message: "We would like oak, and the larder by the window.",
      keep_posted: true,
    },
  });
  // The signature, computed as a CRM's documentation would tell it to: t is the send's unix seconds.
  const t = Math.floor(now / 1000);
  const expected = createHmac("sha256", SECRET).update(`${t}.${received.raw}`).digest("hex");
  expect(received.headers["webhook-signature"]).toBe(`t=${t},v1=${expected}`);
  expect(receiver.accepted.get(request.id)).toBe(1);
});

describe("verifyWebhookSignature", () => {
  const body = '{"id":"abc","kind":"visit"}';
  const t = 1_741_079_700;
  const header = signWebhook(SECRET, body, t);

  test("accepts the signature within the tolerance either way, and refuses it outside", () => {
    expect(SIGNATURE_TOLERANCE_SECONDS).toBe(300);
    expect(verifyWebhookSignature(SECRET, header, body, t)).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, body, t + 300)).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, body, t - 300)).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, body, t + 301)).toBe(false);
    expect(verifyWebhookSignature(SECRET, header, body, t - 301)).toBe(false);
    expect(verifyWebhookSignature(SECRET, header, body, t + 3_600, 7_200)).toBe(true);
  });

  test("refuses another body, another secret, and headers that are not the scheme", () => {
    expect(verifyWebhookSignature(SECRET, header, body.replace("visit", "quote"), t)).toBe(false);
    expect(verifyWebhookSignature(`${SECRET}x`, header, body, t)).toBe(false);
    expect(verifyWebhookSignature(SECRET, undefined, body, t)).toBe(false);
    expect(verifyWebhookSignature(SECRET, "", body, t)).toBe(false);
    expect(verifyWebhookSignature("", header, body, t)).toBe(false);
    const v1 = header.split("v1=")[1];
    expect(verifyWebhookSignature(SECRET, `v1=${v1}`, body, t)).toBe(false);
    expect(verifyWebhookSignature(SECRET, `t=${t}`, body, t)).toBe(false);
    expect(verifyWebhookSignature(SECRET, `t=${t},v1=${v1.slice(2)}`, body, t)).toBe(false);
    expect(verifyWebhookSignature(SECRET, `t=${t},v1=${v1.toUpperCase()}`, body, t)).toBe(false);
    // A second t would let a forger pick the one that is checked.
    expect(verifyWebhookSignature(SECRET, `t=${t + 1},${header}`, body, t)).toBe(false);
    // A signature for another t does not carry over.
    expect(verifyWebhookSignature(SECRET, `t=${t + 1},v1=${v1}`, body, t)).toBe(false);
  });

  test("accepts any one of several v1 (a secret being replaced), in any order, with spaces, bytes or text", () => {
    const old = signWebhook("old-secret", body, t).split("v1=")[1];
    const both = `t=${t}, v1=${old}, v1=${header.split("v1=")[1]}`;
    expect(verifyWebhookSignature(SECRET, both, body, t)).toBe(true);
    expect(verifyWebhookSignature("old-secret", both, body, t)).toBe(true);
    expect(verifyWebhookSignature("third", both, body, t)).toBe(false);
    expect(verifyWebhookSignature(SECRET, header, Buffer.from(body), t)).toBe(true);
  });
});

test("each attempt is signed at its own time, so a retry hours later still verifies", async () => {
  let now = Date.UTC(2025, 2, 4, 9, 15, 0);
  const clock = { now: () => now };
  const request = visitorRequest("visit");
  const late = await startWebhookReceiver({ secret: SECRET, nowSeconds: () => now / 1000 });
  try {
    const destination = createWebhookDestination({ url: late.url, secret: SECRET, ...clock });
    expect(await destination.send(request, never())).toEqual({ ok: true });
    now += 6 * 3_600_000;
    expect(await destination.send(request, never())).toEqual({ ok: true });
    const [first, second] = late.received;
    expect(first.raw).toBe(second.raw);
    expect(first.headers["webhook-signature"]).not.toBe(second.headers["webhook-signature"]);
    expect([first.signatureValid, second.signatureValid]).toEqual([true, true]);
    expect(late.accepted.get(request.id)).toBe(2);
  } finally {
    await late.close();
  }
});

test("2xx is delivered; 408, 429, 500 and 503 are retried; 400, 401, 404, 410, 422 and a redirect fail for good", async () => {
  const request = visitorRequest("samples");
  const destination = webhook();
  const outcomes: Record<number, unknown> = {};
  for (const status of [200, 201, 202, 204, 408, 429, 500, 503, 400, 401, 404, 410, 422, 302]) {
    receiver.fail(status, {
      count: 1,
      body: status === 204 ? undefined : `{"status":${status}}`,
      headers: status === 302 ? { location: `${receiver.url}/elsewhere` } : {},
    });
    const result = await destination.send(request, never());
    outcomes[status] = result.ok ? "delivered" : result.permanent ? "failed" : "retry";
  }
  expect(outcomes).toEqual({
    200: "delivered",
    201: "delivered",
    202: "delivered",
    204: "delivered",
    408: "retry",
    429: "retry",
    500: "retry",
    503: "retry",
    400: "failed",
    401: "failed",
    404: "failed",
    410: "failed",
    422: "failed",
    302: "failed",
  });
  // The redirect was not followed: one request per answer, none to /elsewhere.
  expect(receiver.received.map((r) => r.path)).toEqual(Array(14).fill("/hooks/requests"));
});

test("a failure says the status and the CRM's words, on one line; a redirect says it was not followed", async () => {
  const request = visitorRequest("visit");
  receiver.fail(422, { count: 1, body: '{\n  "error": "unknown showroom"\n}' });
  expect(await webhook().send(request, never())).toEqual({
    ok: false,
    permanent: true,
    error: 'HTTP 422: { "error": "unknown showroom" }',
  });
  receiver.fail(301, { count: 1, headers: { location: "https://crm.example.com/new" } });
  expect(await webhook().send(request, never())).toEqual({
    ok: false,
    permanent: true,
    error: "HTTP 301 (a redirect: not followed)",
  });
  // A wrong secret is the CRM's 401: refused for good, not retried for ever.
  expect(await createWebhookDestination({ url: receiver.url, secret: "wrong" }).send(request, never())).toEqual({
    ok: false,
    permanent: true,
    error: 'HTTP 401: {"error":"invalid signature"}',
  });
});

test("Retry-After is passed on, in seconds or as an HTTP date", async () => {
  const now = Date.UTC(2025, 2, 4, 12, 0, 0);
  const destination = webhook({ now: () => now });
  const request = visitorRequest("quote");
  receiver.fail(429, { count: 1, headers: { "retry-after": "120" } });
  expect(await destination.send(request, never())).toEqual({
    ok: false,
    permanent: false,
    error: "HTTP 429",
    retryAfterMs: 120_000,
  });
  receiver.fail(503, { count: 1, headers: { "retry-after": new Date(now + 90_000).toUTCString() } });
  expect(await destination.send(request, never())).toMatchObject({ ok: false, permanent: false, retryAfterMs: 90_000 });
  receiver.fail(503, { count: 1 });
  expect(await destination.send(request, never())).toEqual({ ok: false, permanent: false, error: "HTTP 503" });
});

test("no answer within the timeout, a network error, or the worker's signal: retried, the URL never in the error", async () => {
  expect(DESTINATION_TIMEOUT_MS).toBe(10_000);
  const request = visitorRequest("consultation");
  receiver.stall(1);
  const started = Date.now();
  expect(await webhook({ timeoutMs: 200 }).send(request, never())).toEqual({
    ok: false,
    permanent: false,
    error: "no answer within 200 ms",
  });
  expect(Date.now() - started).toBeLessThan(5_000);

  // A port nothing listens on (this one, closed), with a secret in the URL as some CRMs put it.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  const refused = await createWebhookDestination({
    url: `http://127.0.0.1:${port}/hook?token=crm-secret-token`,
    secret: SECRET,
  }).send(request, never());
  expect(refused).toEqual({ ok: false, permanent: false, error: "network error: ECONNREFUSED" });

  receiver.stall(1);
  const controller = new AbortController();
  const sending = webhook().send(request, controller.signal);
  setTimeout(() => controller.abort(), 100);
  expect(await within("the send to end with the signal", 5_000, sending)).toEqual({
    ok: false,
    permanent: false,
    error: "the send was ended before an answer came (the worker's deadline)",
  });
});

test("an answer is read only up to a few KB: an endless one neither holds the send nor fills the error", async () => {
  let closedByClient = false;
  const endless = http.createServer((req, res) => {
    req.resume();
    res.writeHead(500, { "content-type": "text/plain" });
    const chunk = "x".repeat(16 * 1024);
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once("drain", pump);
    };
    res.on("close", () => {
      closedByClient = true;
    });
    pump();
  });
  await new Promise<void>((resolve) => endless.listen(0, "127.0.0.1", resolve));
  const { port } = endless.address() as AddressInfo;
  try {
    const result = await within(
      "the send to give up reading",
      5_000,
      createWebhookDestination({ url: `http://127.0.0.1:${port}/`, secret: SECRET }).send(
        visitorRequest("quote"),
        never(),
      ),
    );
    expect(result).toMatchObject({ ok: false, permanent: false });
    expect(!result.ok && result.error.length).toBeLessThanOrEqual(320);
    expect(MAX_ANSWER_BYTES).toBe(4096);
    await within(
      "the client to drop the connection",
      5_000,
      (async () => {
        while (!closedByClient) await new Promise((r) => setTimeout(r, 10));
      })(),
    );
  } finally {
    endless.closeAllConnections();
    await new Promise((resolve) => endless.close(resolve));
  }
});

test("refuses to be created without a URL or a secret", () => {
  expect(() => createWebhookDestination({ url: "", secret: SECRET })).toThrow("REQUESTS_WEBHOOK_URL");
  expect(() => createWebhookDestination({ url: receiver.url, secret: "" })).toThrow("REQUESTS_WEBHOOK_SECRET");
});
