/** Types of scripts/scaleTest/mixedLoad.mjs, for the TypeScript that imports it. */

type OrFn<T> = T | (() => T);

export interface MixRequest {
  kind: string;
  path: OrFn<string>;
  method?: "GET" | "POST";
  headers: OrFn<Record<string, string>>;
  body?: OrFn<string>;
  /** The status (or statuses) this request must get; any other counts as failed. */
  expect: number | number[];
  weight: number;
}

export interface MixResult {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Connection errors, timeouts (30 s) included. */
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  unexpected: Record<string, number>;
  /** errors (timeouts included) + unexpected statuses. */
  failed: number;
  /** Milliseconds, through the load balancer. */
  latency: { p50: number; p99: number };
  /** Answers per X-Cache-Status ("none" when nginx did not set one). */
  cache: Record<string, number>;
  /** Share of answers nginx gave from its cache (HIT, STALE, UPDATING). */
  shareFromCache: number;
  kinds: Record<string, { requests: number; p50: number; p99: number; shareFromCache: number }>;
}

export const SERVED_BY_CACHE: Set<string>;

export function driveMix(
  origin: string,
  mix: MixRequest[],
  options?: { connections?: number; durationSeconds?: number; stopWhen?: Promise<unknown> },
): Promise<MixResult>;
