/**
 * Exponential back-off with full jitter, with the delivery's constants (docs/behaviour.md section 5.4):
 * start 1 s, factor 1.5, cap 60 s. Injectable so tests run the same code in milliseconds.
 */
export interface BackoffPolicy {
  initialMs: number;
  factor: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 1_000, factor: 1.5, maxMs: 60_000 };

/** The ceiling of the `failures`-th consecutive failure's delay (1-based): initial × factor^(n−1), capped. */
export function backoffCeiling(failures: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const n = Math.max(1, failures);
  return Math.min(policy.maxMs, policy.initialMs * policy.factor ** (n - 1));
}

/**
 * The delay after the `failures`-th consecutive failure: uniform in [0, ceiling] ("full
 * jitter"), so instances that failed together do not retry together. Whole milliseconds, never
 * above the ceiling (rounding a draw near 1 up past a fractional ceiling would overshoot it).
 */
export function backoffDelay(
  failures: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const ceiling = backoffCeiling(failures, policy);
  return Math.min(Math.round(random() * ceiling), Math.floor(ceiling));
}
