/**
 * The `fetch` the Prismic client is given (docs/behaviour.md section 3.6): every request has a
 * timeout (its body's arrival included), follows no redirect and reads at most MAX_ANSWER_BYTES
 * (boundedBody.ts), and rate limits are bounded. The client itself retries a 429 after
 * `Retry-After` (1.5 s without one) and without limit; here a short wait is allowed at most a few
 * times, and a long one (or a 503 with Retry-After) makes every request fail fast for at most a
 * minute, one probe going through every few seconds to see whether Prismic is back
 * (upstreamGate.ts). Pages then come from the cache or the friendly 503.
 */
import { boundedResponse, MAX_ANSWER_BYTES } from "./boundedBody";
import { ContentUnavailableError } from "./contentErrors";
import { createUpstreamGate, MAX_UPSTREAM_WAIT_MS, PROBE_INTERVAL_MS } from "./upstreamGate";

export interface ResilienceOptions {
  timeoutMs: number;
  /** The longest `Retry-After` a page request may sit out; longer ones fail fast. */
  maxRetryAfterMs?: number;
  /** How many 429s in a row one URL may retry through the client before failing. */
  maxRateLimitRetries?: number;
  /** The longest a 429's or a 503's `Retry-After` stops every request (ms). */
  maxUnavailableMs?: number;
  /** While stopped, how often one request goes through to see whether Prismic is back (ms). */
  probeIntervalMs?: number;
  /** The largest body read from Prismic (bytes). */
  maxAnswerBytes?: number;
  now?: () => number;
}

function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 1_000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1_000 : Math.max(0, date - now);
}

const isRedirect = (status: number) => status >= 300 && status < 400;

export function resilientFetch(base: typeof fetch, options: ResilienceOptions): typeof fetch {
  const {
    timeoutMs,
    maxRetryAfterMs = 2_000,
    maxRateLimitRetries = 3,
    maxUnavailableMs = MAX_UPSTREAM_WAIT_MS,
    probeIntervalMs = PROBE_INTERVAL_MS,
    maxAnswerBytes = MAX_ANSWER_BYTES,
    now = Date.now,
  } = options;
  const gate = createUpstreamGate({ maxWaitMs: maxUnavailableMs, probeIntervalMs, now });
  const rateLimited = new Map<string, number>();

  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const pass = gate.enter();
    try {
      const timeout = AbortSignal.timeout(timeoutMs);
      // The same deadline bounds the body's arrival (boundedBody.ts).
      const deadline = { signal: timeout, ms: timeoutMs };
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      let response: Response;
      try {
        // Prismic's API never redirects: a redirect is a wrong endpoint or a hostile answer, never followed.
        response = await base(input, { ...init, signal, redirect: "manual" });
      } catch (error) {
        if (timeout.aborted) throw new ContentUnavailableError(`Prismic did not answer within ${timeoutMs} ms`);
        throw error;
      }
      if (isRedirect(response.status) || response.type === "opaqueredirect") {
        void response.body?.cancel().catch(() => undefined);
        throw new ContentUnavailableError(`Prismic answered a redirect (${response.status}), which is not followed`);
      }
      if (response.status === 503 && response.headers.has("retry-after")) {
        // Prismic down for maintenance or an incident, saying for how long: every request fails
        // fast until then (capped, and probed, so a wrong header cannot take the site off Prismic).
        void response.body?.cancel().catch(() => undefined);
        const wait = gate.hold(retryAfterMs(response.headers.get("retry-after"), now()));
        throw new ContentUnavailableError("Prismic is unavailable (503)", Math.max(1, Math.ceil(wait / 1000)));
      }
      if (response.status !== 429) {
        rateLimited.delete(url);
        gate.answered(pass);
        return boundedResponse(response, maxAnswerBytes, deadline);
      }
      const asked = retryAfterMs(response.headers.get("retry-after"), now());
      const attempts = (rateLimited.get(url) ?? 0) + 1;
      rateLimited.set(url, attempts);
      if (asked > maxRetryAfterMs || attempts > maxRateLimitRetries) {
        rateLimited.delete(url);
        void response.body?.cancel().catch(() => undefined);
        const wait = gate.hold(asked);
        throw new ContentUnavailableError("Prismic is rate-limiting us (429)", Math.max(1, Math.ceil(wait / 1000)));
      }
      // A short wait: let the client sleep it out and retry, with an explicit Retry-After.
      const headers = new Headers(response.headers);
      headers.set("retry-after", String(asked / 1000));
      return boundedResponse(
        new Response(response.body, { status: 429, statusText: response.statusText, headers }),
        maxAnswerBytes,
        deadline,
      );
    } finally {
      gate.leave(pass);
    }
  };
}
