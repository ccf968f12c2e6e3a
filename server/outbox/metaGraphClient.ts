/**
 * One Conversions API request: `POST {graph}/{version}/{pixel}/events` with up to 1000 events,
 * and what its answer means for them: delivered, worth retrying (5xx, 429, 408, a timeout, a
 * network error, or one of Meta's throttling/transient error codes), or refused for good (any
 * other 4xx, with Meta's message). The access token travels in the body, never in a URL or a log.
 */
import type { MetaServerEvent } from "../tracking/metaEvent";
import { withTraceHeaders } from "../observability/tracing";

/** Meta accepts at most 1000 events per request. */
export const MAX_EVENTS_PER_REQUEST = 1000;

export interface MetaCredentials {
  pixelId: string;
  accessToken: string;
  testEventCode?: string;
  /** Default https://graph.facebook.com. */
  graphUrl: string;
  /** Like v21.0. */
  apiVersion: string;
}

export type GraphOutcome =
  | { kind: "delivered"; eventsReceived: number | undefined }
  /** `timedOut`: no answer in time, so Meta may still be processing the request. */
  | { kind: "retry"; error: string; retryAfterMs?: number; timedOut?: boolean }
  | { kind: "rejected"; error: string };

export interface SendOptions {
  fetch?: typeof fetch;
  /** Give up on the request after this long (ms): counts as a failure to retry. */
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Graph API error codes that mean "later", whatever the HTTP status: 1 and 2 (temporary
 * service errors), 4, 17, 32, 341 and 613 (rate limits); so does `is_transient: true`.
 */
const TRANSIENT_META_CODES = new Set([1, 2, 4, 17, 32, 341, 613]);

interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id?: string;
}

export const eventsUrl = (creds: MetaCredentials) =>
  `${creds.graphUrl}/${creds.apiVersion}/${encodeURIComponent(creds.pixelId)}/events`;

/** Retry-After in seconds or as an HTTP date, as milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Meta's error as one line: message, user message, codes and trace id. */
function describe(status: number, error: GraphError | undefined, text: string): string {
  if (!error) return `HTTP ${status}${text ? `: ${text.slice(0, 300)}` : ""}`;
  const codes = [
    error.type,
    error.code !== undefined && `code ${error.code}`,
    error.error_subcode !== undefined && `subcode ${error.error_subcode}`,
  ]
    .filter(Boolean)
    .join(", ");
  const user = error.error_user_msg ? ` (${error.error_user_msg})` : "";
  const trace = error.fbtrace_id ? ` [fbtrace_id ${error.fbtrace_id}]` : "";
  return `HTTP ${status}: ${error.message ?? "no message"}${user}${codes ? ` [${codes}]` : ""}${trace}`;
}

/**
 * How long a Conversions API request may take (ms). Meta often answers in well under a second but
 * can take several; a request given up on is still processed by Meta, and its events are sent
 * again (docs/tracking.md, "Delivery is at least once"), so the wait is long.
 */
export const META_REQUEST_TIMEOUT_MS = 15_000;

export async function sendEvents(
  events: readonly MetaServerEvent[],
  creds: MetaCredentials,
  options: SendOptions = {},
): Promise<GraphOutcome> {
  const { fetch: fetchImpl = fetch, timeoutMs = META_REQUEST_TIMEOUT_MS, now = Date.now } = options;
  const body = JSON.stringify({
    data: events,
    access_token: creds.accessToken,
    ...(creds.testEventCode ? { test_event_code: creds.testEventCode } : {}),
  });
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(eventsUrl(creds), {
      method: "POST",
      headers: withTraceHeaders({ "content-type": "application/json", accept: "application/json" }),
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError")
      return { kind: "retry", error: `no answer within ${timeoutMs} ms`, timedOut: true };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: "retry", error: `network error: ${cause?.code ?? cause?.message ?? (error as Error).message}` };
  }

  let json: { events_received?: number; error?: GraphError } | undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const status = response.status;
  if (status >= 200 && status < 300) return { kind: "delivered", eventsReceived: json?.events_received };
  const error = describe(status, json?.error, json ? "" : text);
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), now());
  const transient =
    status >= 500 ||
    status === 429 ||
    status === 408 ||
    json?.error?.is_transient === true ||
    TRANSIENT_META_CODES.has(json?.error?.code ?? -1);
  return transient ? { kind: "retry", error, retryAfterMs } : { kind: "rejected", error };
}
