/**
 * The image widths the site asks for (shared/imageWidths.ts): the srcset widths and pixel
 * densities, every width the pages emit (which the image service snaps any other width up to),
 * and the widths worth offering for an original: never upscaled, never over the pixel budget.
 */
import {
  EMITTED_IMAGE_WIDTHS,
  FIXED_IMAGE_WIDTHS,
  IMAGE_WIDTHS,
  MAX_IMAGE_PIXELS,
  PIXEL_DENSITIES,
  widthsFor,
} from "../shared/imageWidths";

test("the srcset widths and densities", () => {
  expect(IMAGE_WIDTHS).toEqual([640, 828, 1200, 2048, 3840]);
  expect(PIXEL_DENSITIES).toEqual([1, 2, 3]);
});

test("every emitted width: the srcset widths and each fixed width at each density, ascending, once each", () => {
  const expected = new Set<number>(IMAGE_WIDTHS);
  for (const width of Object.values(FIXED_IMAGE_WIDTHS)) for (const d of PIXEL_DENSITIES) expected.add(width * d);
  expect(EMITTED_IMAGE_WIDTHS).toEqual([...expected].sort((a, b) => a - b));
  expect(EMITTED_IMAGE_WIDTHS).toContain(168);
  expect(EMITTED_IMAGE_WIDTHS).toContain(840);
});

test.each([
  ["a large 3:2 photo: up to the budget", 6000, 4000, [640, 828, 1200, 2048]],
  ["a wide panorama fits 3840", 8000, 1000, [640, 828, 1200, 2048, 3840]],
  ["an original 1000 wide: no upscaling", 1000, 700, [640, 828]],
  ["an original exactly 1200 wide", 1200, 800, [640, 828, 1200]],
  ["a square 2048 original: exactly the budget", 2048, 2048, [640, 828, 1200, 2048]],
  ["a tall original", 2400, 9600, [640, 828]],
  ["an original narrower than every width: still one", 300, 200, [640]],
  ["no size known: every width", undefined, undefined, [640, 828, 1200, 2048, 3840]],
])("%s", (_case, width, height, widths) => {
  expect(widthsFor(width, height)).toEqual(widths);
});

test("no width offered is over the pixel budget for its original's shape", () => {
  for (const [w, h] of [
    [6000, 4000],
    [4000, 6000],
    [5000, 5000],
  ]) {
    for (const width of widthsFor(w, h))
      expect(width * Math.round((width * h) / w)).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
  }
});
