/** The progress bar's value (docs/behaviour.md section 2.9): always within 0..100, creeping towards 90 % until the page arrives. */
import { clampProgress, nextProgress } from "../views/parts/ProgressBar";

test("values are clamped to 0..100", () => {
  expect([-5, 0, 42.5, 100, 180, Number.NaN, Number.POSITIVE_INFINITY].map(clampProgress)).toEqual([
    0, 0, 42.5, 100, 100, 0, 0,
  ]);
});

test("progress only grows, towards 90 and never past it", () => {
  let value = 10;
  for (let i = 0; i < 200; i++) {
    const next = nextProgress(value);
    expect(next).toBeGreaterThanOrEqual(value);
    value = next;
  }
  expect(value).toBeLessThanOrEqual(90);
  expect(value).toBeGreaterThan(89);
});
