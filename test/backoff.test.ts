/**
 * The outbox's back-off (server/outbox/backoff.ts): exponential from 1 s by 1.5 up to 60 s, with
 * full jitter (uniform between 0 and that ceiling), any policy injectable.
 */
import fc from "fast-check";
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from "../server/outbox/backoff";

test("the default policy: 1 s, then × 1.5 per failure, capped at 60 s", () => {
  expect(DEFAULT_BACKOFF).toEqual({ initialMs: 1_000, factor: 1.5, maxMs: 60_000 });
  expect([1, 2, 3, 4].map((n) => backoffCeiling(n))).toEqual([1_000, 1_500, 2_250, 3_375]);
  expect(backoffCeiling(11)).toBeLessThan(60_000);
  expect(backoffCeiling(12)).toBe(60_000);
  expect(backoffCeiling(1_000)).toBe(60_000);
});

test("no failure yet, or a count below one, counts as the first", () => {
  expect(backoffCeiling(0)).toBe(1_000);
  expect(backoffCeiling(-3)).toBe(1_000);
});

test("another policy", () => {
  const policy = { initialMs: 10, factor: 2, maxMs: 50 };
  expect([1, 2, 3, 4, 5].map((n) => backoffCeiling(n, policy))).toEqual([10, 20, 40, 50, 50]);
});

test("full jitter: the whole range from 0 to the ceiling, in whole milliseconds", () => {
  expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(0);
  expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.5)).toBe(1_125);
  expect(backoffDelay(4, DEFAULT_BACKOFF, () => 0.5)).toBe(1_688);
  expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.999_999)).toBe(2_250);
  // The sixth ceiling is 7,593.75 ms: a draw near 1 rounds to 7,594, past it.
  expect(backoffDelay(6, DEFAULT_BACKOFF, () => 0.999_967)).toBe(7_593);
});

test("for any count and draw: between 0 and the ceiling, and the ceiling never falls as failures grow", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -5, max: 200 }),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      (n, draw) => {
        const delay = backoffDelay(n, DEFAULT_BACKOFF, () => draw);
        expect(Number.isInteger(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(backoffCeiling(n));
        expect(backoffCeiling(n + 1)).toBeGreaterThanOrEqual(backoffCeiling(n));
      },
    ),
  );
});

test("draws from Math.random by default", () => {
  const random = jest.spyOn(Math, "random").mockReturnValue(0.25);
  try {
    expect(backoffDelay(2)).toBe(375);
  } finally {
    random.mockRestore();
  }
});
