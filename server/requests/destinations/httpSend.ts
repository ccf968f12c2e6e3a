/**
 * One HTTP POST to a request destination (the CRM webhook, Klaviyo) and what its answer means
 * (docs/requests.md, "Delivery"): 2xx delivered; 408, 429, 5xx, a network error or no answer in
 * time worth another attempt (with the destination's Retry-After when it gave one); any other
 * answer (a 4xx, or a redirect, which is never followed: a POST redirected would arrive as a GET,
 * or not at all) refused for good.
 *
 * An answer's body is read only up to MAX_ANSWER_BYTES, and the rest is dropped unread: a
 * destination's answer is a status and a short message, and a huge or endless one must not be
 * held. The URL never reaches an error message (a webhook's URL can carry its own secret).
 */
import { parseRetryAfter } from "../../outbox/metaGraphClient";
import { withTraceHeaders } from "../../observability/tracing";
import type { SendResult } from "./destination";

/** How long one request to a destination may take, its answer's body included (ms). */
export const DESTINATION_TIMEOUT_MS = 10_000;
/** The most of an answer's body read (bytes): enough for any error message a destination writes. */
export const MAX_ANSWER_BYTES = 4 * 1024;

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The body's first MAX_ANSWER_BYTES, as UTF-8 (a character cut at the bound is replaced). */
  text: string;
}

export interface PostOptions {
  /** The caller's signal (the worker's deadline for the whole send). */
  signal: AbortSignal;
  timeoutMs: number;
  fetch: typeof fetch;
}

type Failure = Extract<SendResult, { ok: false }>;

/** Reads at most `maxBytes` of `body`, then cancels the rest. */
export async function readBounded(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  try {
    while (seen < maxBytes) {
      const read = await reader.read();
      if (read.done) break;
      chunks.push(read.value);
      seen += read.value.byteLength;
    }
  } finally {
    // Stops downloading whatever is left; an answer already read whole is unaffected.
    void reader.cancel().catch(() => undefined);
  }
  const all = new Uint8Array(Math.min(seen, maxBytes));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, all.byteLength - offset);
    all.set(part, offset);
    offset += part.byteLength;
    if (offset >= all.byteLength) break;
  }
  return new TextDecoder().decode(all);
}

/** Why a request ended without an answer, as one line (never the URL). */
function whyNoAnswer(error: unknown, timeout: AbortSignal, caller: AbortSignal, timeoutMs: number): string {
  if (timeout.aborted) return `no answer within ${timeoutMs} ms`;
  if (caller.aborted) return "the send was ended before an answer came (the worker's deadline)";
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `network error: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}

/**
 * POSTs `body` to `url` and reads the answer (bounded); resolves the answer, or a failure worth
 * retrying when none came (network error, timeout, the caller's signal).
 */
export async function postOnce(
  url: string,
  headers: Record<string, string>,
  body: string,
  { signal, timeoutMs, fetch: fetchImpl }: PostOptions,
): Promise<HttpAnswer | Failure> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const both = AbortSignal.any([signal, timeout]);
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: withTraceHeaders(headers),
      body,
      redirect: "manual",
      signal: both,
    });
    const text = await readBounded(response.body, MAX_ANSWER_BYTES);
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    return { ok: false, permanent: false, error: whyNoAnswer(error, timeout, signal, timeoutMs) };
  }
}

export const isAnswer = (value: HttpAnswer | Failure): value is HttpAnswer => "status" in value;

/** Whether a status is worth another attempt: 408, 429 and every 5xx. */
export const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * The SendResult of an answer: 2xx delivered; 408, 429 and 5xx retried (with Retry-After, in
 * seconds or as an HTTP date); anything else refused for good. `describe` turns a failed answer
 * into the one-line error (the status and the destination's own words).
 */
export function resultOf(answer: HttpAnswer, describe: (answer: HttpAnswer) => string, now: number): SendResult {
  if (answer.status >= 200 && answer.status < 300) return { ok: true };
  const error = describe(answer);
  if (!retryable(answer.status)) return { ok: false, permanent: true, error };
  const retryAfterMs = parseRetryAfter(answer.headers.get("retry-after"), now);
  return { ok: false, permanent: false, error, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}

/** An answer as one line: its status, and its body's first 300 characters on one line when it has one. */
export function describePlain(answer: HttpAnswer): string {
  const text = answer.text.replace(/\s+/g, " ").trim().slice(0, 300);
  const redirect = answer.status >= 300 && answer.status < 400 ? " (a redirect: not followed)" : "";
  return `HTTP ${answer.status}${redirect}${text ? `: ${text}` : ""}`;
}
