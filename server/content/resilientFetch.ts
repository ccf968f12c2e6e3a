/**
 * The `fetch` the Prismic client is given: every request has a timeout, and rate limits are
 * bounded. The client itself retries a 429 after `Retry-After` (1.5 s without one) and
 * without limit; here a short wait is allowed at most a few times, and a long one makes
 * every request fail fast until it has passed (pages then come from the cache or the 503).
 */
import { ContentUnavailableError } from "./contentErrors";

export interface ResilienceOptions {
  timeoutMs: number;
  /** The longest `Retry-After` a page request may sit out; longer ones fail fast. */
  maxRetryAfterMs?: number;
  /** How many 429s in a row one URL may retry through the client before failing. */
  maxRateLimitRetries?: number;
  /** The longest a 503's `Retry-After` stops every request (ms). */
  maxUnavailableMs?: number;
  now?: () => number;
}

function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 1_000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1_000 : Math.max(0, date - now);
}

export function resilientFetch(base: typeof fetch, options: ResilienceOptions): typeof fetch {
  const {
    timeoutMs,
    maxRetryAfterMs = 2_000,
    maxRateLimitRetries = 3,
    maxUnavailableMs = 60_000,
    now = Date.now,
  } = options;
  let blockedUntil = 0;
  const rateLimited = new Map<string, number>();

  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (now() < blockedUntil) {
      throw new ContentUnavailableError(
        "Prismic asked us to wait (429 or 503)",
        Math.ceil((blockedUntil - now()) / 1000),
      );
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await base(input, { ...init, signal });
    } catch (error) {
      if (timeout.aborted) throw new ContentUnavailableError(`Prismic did not answer within ${timeoutMs} ms`);
      throw error;
    }
    if (response.status === 503 && response.headers.has("retry-after")) {
      // Prismic down for maintenance or an incident, saying for how long: every request fails
      // fast until then (capped, so a wrong header cannot take the site off Prismic for long).
      const wait = Math.min(retryAfterMs(response.headers.get("retry-after"), now()), maxUnavailableMs);
      blockedUntil = Math.max(blockedUntil, now() + wait);
      throw new ContentUnavailableError("Prismic is unavailable (503)", Math.max(1, Math.ceil(wait / 1000)));
    }
    if (response.status !== 429) {
      rateLimited.delete(url);
      return response;
    }
    const wait = retryAfterMs(response.headers.get("retry-after"), now());
    const attempts = (rateLimited.get(url) ?? 0) + 1;
    rateLimited.set(url, attempts);
    if (wait > maxRetryAfterMs || attempts > maxRateLimitRetries) {
      rateLimited.delete(url);
      blockedUntil = now() + wait;
      throw new ContentUnavailableError("Prismic is rate-limiting us (429)", Math.max(1, Math.ceil(wait / 1000)));
    }
    // A short wait: let the client sleep it out and retry, with an explicit Retry-After.
    const headers = new Headers(response.headers);
    headers.set("retry-after", String(wait / 1000));
    return new Response(response.body, { status: 429, statusText: response.statusText, headers });
  };
}
