/**
 * The business's CRM webhook (docs/requests.md, "The webhook"): each request is POSTed as JSON to
 * the configured URL, signed with a secret shared with the CRM.
 *
 * The request:
 *
 *     POST <REQUESTS_WEBHOOK_URL>
 *     Content-Type: application/json
 *     Idempotency-Key: <the request's id>
 *     Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>
 *
 *     {"id":"…","kind":"visit","region":"uk","page":"/showroom","received_at":"2025-…Z","fields":{…}}
 *
 * The signature: `v1` is the lower-case hex HMAC-SHA256, keyed with the shared secret, of the
 * string `<t>.<raw body>`: the header's `t`, a full stop, and the body's bytes exactly as they
 * arrived (before any JSON parsing). `t` is when this attempt was sent, so each retry is signed
 * anew. To verify, a CRM (`verifyWebhookSignature` below does all of it):
 *
 *   1. reads `t` and every `v1` from the header (a header may carry several `v1`, one per secret
 *      while a secret is being replaced);
 *   2. computes the HMAC of `<t>.<raw body>` with its secret and compares it with each `v1` in
 *      constant time: one must match;
 *   3. refuses a `t` more than a tolerance (5 minutes suggested) from its own clock, either way,
 *      so a captured request cannot be replayed later;
 *   4. treats `Idempotency-Key` (the same as the body's `id`) as the request's identity: the same
 *      request can arrive more than once (delivery is at least once: after a timeout, or when a
 *      worker died before recording the answer), and a repeat must not be a second lead.
 *
 * The answer: any 2xx means received; 408, 429 (Retry-After honoured) and 5xx are retried with
 * back-off for as long as it takes; any other 4xx marks the request failed for good (kept, counted
 * and alerted on). Redirects are not followed.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { NewVisitorRequest } from "../requestStore";
import type { RequestDestinationSender, SendResult } from "./destination";
import { DESTINATION_TIMEOUT_MS, describePlain, isAnswer, postOnce, resultOf } from "./httpSend";

/** The header carrying the signature. */
export const SIGNATURE_HEADER = "Webhook-Signature";
/** How far `t` may be from the receiver's clock, either way (s): what a receiver should allow. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface WebhookSettings {
  /** REQUESTS_WEBHOOK_URL. */
  url: string;
  /** REQUESTS_WEBHOOK_SECRET: the key of the signature's HMAC, shared with the CRM. */
  secret: string;
  /** Per request (ms); default DESTINATION_TIMEOUT_MS (10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock the signature's `t` is read from (ms). */
  now?: () => number;
}

/** What the CRM receives: the request as JSON, in a fixed shape (docs/requests.md, "The webhook"). */
export interface WebhookBody {
  id: string;
  kind: NewVisitorRequest["kind"];
  region: NewVisitorRequest["region"];
  page: string;
  /** When the site received it (ISO 8601, UTC). */
  received_at: string;
  fields: NewVisitorRequest["fields"];
}

export const webhookBody = (request: NewVisitorRequest): WebhookBody => ({
  id: request.id,
  kind: request.kind,
  region: request.region,
  page: request.page,
  received_at: new Date(request.receivedAt).toISOString(),
  fields: request.fields,
});

const hmac = (secret: string, timestamp: string, body: string | Buffer) =>
  createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest();

/** The Webhook-Signature header's value for `body` sent at `timestampSeconds`. */
export function signWebhook(secret: string, body: string | Buffer, timestampSeconds: number): string {
  const t = String(Math.floor(timestampSeconds));
  return `t=${t},v1=${hmac(secret, t, body).toString("hex")}`;
}

/**
 * Whether a Webhook-Signature header is valid for `body` (the raw body, as it arrived) and
 * `secret`: its `t` within `toleranceSeconds` of `nowSeconds` either way, and one of its `v1`
 * the HMAC-SHA256 of `<t>.<body>` (compared in constant time). For the CRM's side, and the tests'.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string | Buffer,
  nowSeconds: number,
  toleranceSeconds: number = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!header || !secret) return false;
  let t: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") {
      // One timestamp only: a second `t` would let a forger choose which one is checked.
      if (t !== undefined) return false;
      t = value;
    } else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  if (t === undefined || !/^\d{1,15}$/.test(t) || !signatures.length) return false;
  if (Math.abs(nowSeconds - Number(t)) > toleranceSeconds) return false;
  const expected = hmac(secret, t, body);
  // Every candidate is compared, so the time taken says nothing about which one matched.
  let valid = false;
  for (const signature of signatures) valid = timingSafeEqual(signature, expected) || valid;
  return valid;
}

export function createWebhookDestination({
  url,
  secret,
  timeoutMs = DESTINATION_TIMEOUT_MS,
  fetch: fetchImpl = fetch,
  now = Date.now,
}: WebhookSettings): RequestDestinationSender {
  if (!url) throw new Error("the request webhook needs a URL (REQUESTS_WEBHOOK_URL)");
  if (!secret) throw new Error("the request webhook needs a signing secret (REQUESTS_WEBHOOK_SECRET)");
  return {
    name: "webhook",
    async send(request: NewVisitorRequest, signal: AbortSignal): Promise<SendResult> {
      const body = JSON.stringify(webhookBody(request));
      const headers = {
        "Content-Type": "application/json",
        "Idempotency-Key": request.id,
        [SIGNATURE_HEADER]: signWebhook(secret, body, now() / 1000),
      };
      const answer = await postOnce(url, headers, body, { signal, timeoutMs, fetch: fetchImpl });
      if (!isAnswer(answer)) return answer;
      return resultOf(answer, describePlain, now());
    },
  };
}
