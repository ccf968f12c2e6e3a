/** Types of scripts/loadTest.mjs, for the TypeScript that imports it (test/loadTest.test.ts). */

export interface LoadTestOptions {
  /** An already running site; without it the built server (dist/) is started and stopped. */
  url?: string;
  connections?: number;
  durationSeconds?: number;
  /** Distinct images in the mix (default 12). */
  mediaSample?: number;
  /** The project folder holding dist/. */
  root?: string;
}

export interface Memory {
  /** MiB. */
  rss: number;
  /** Highest RSS so far (VmHWM), MiB. */
  peak: number;
}

export interface LoadTestReport {
  /** No error, timeout, unexpected status or server error log line. */
  ok: boolean;
  connections: number;
  durationSeconds: number;
  /** Distinct URLs of each kind, e.g. "2 home, 64 page, …". */
  mix: string;
  /** Discovery and warm-up, before the measurement. */
  preparationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Milliseconds. */
  latency: { p50: number; p97_5: number; p99: number; max: number };
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  /** Every answer outside 2xx, the expected 302s and 404s included. */
  non2xx: number;
  /** Answers whose status is not the one their URL should have. */
  unexpected: number;
  unexpectedSamples: Record<string, number>;
  /** Answers per status code. */
  statuses: Record<string, number>;
  /** Per kind of request: count and latency (ms, from when the request is built: a little above autocannon's). */
  kinds: Record<string, { requests: number; p50: number; p99: number }>;
  /** Server log lines at level error or fatal during the load. */
  serverErrors: number;
  serverErrorSamples: string[];
  /** Error lines logged after the load stopped (autocannon cuts its connections mid-response): reported, not failed on. */
  serverErrorsAfterStop: number;
  serverErrorAfterStopSamples: string[];
  /** Null when the site was given by `url`, or off Linux. */
  memory: { start: Memory | null; before: Memory | null; after: Memory | null };
  /** One line for a closing note. */
  summary: string;
}

export function runLoadTest(options?: LoadTestOptions): Promise<LoadTestReport>;
