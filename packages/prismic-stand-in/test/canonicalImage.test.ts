/**
 * Image parameters made canonical before anything is computed (packages/prismic-stand-in/src/media/canonicalImage.ts):
 * two requests for the same image share one entry (the width snapped up to one the pages emit,
 * the result keyed by the geometry it resolves to, the quality in steps of 5), and nothing over
 * the pixel budget is produced: it is refused with a message naming the parameter the client gave.
 */
import { canonicalTransform } from "../src/media/canonicalImage";
import type { TransformPlan } from "../src/media/imageParams";
import type { ImageInfo } from "../src/media/imageTransform";
import { MAX_IMAGE_PIXELS } from "../../../shared/imageWidths";

const photo: ImageInfo = { width: 4000, height: 3000, pages: 1 };
const plan = (fields: Partial<TransformPlan>): TransformPlan => ({ fit: "clip", format: "jpeg", ...fields });

function transform(fields: Partial<TransformPlan>, info: ImageInfo = photo) {
  const result = canonicalTransform(plan(fields), info);
  if (!result.ok) throw new Error(result.message);
  return result.transform;
}

function refusal(fields: Partial<TransformPlan>, info: ImageInfo = photo): string {
  const result = canonicalTransform(plan(fields), info);
  if (result.ok) throw new Error("not refused");
  return result.message;
}

describe("one entry per image produced", () => {
  test("a width between two the pages emit snaps up to the next", () => {
    expect(transform({ width: 700 }).geometry).toEqual({ resize: { width: 720, height: 540, fit: "fill" } });
    expect(transform({ width: 701 })).toEqual(transform({ width: 720 }));
  });

  test("widths past a small original's own width are the original, whatever was asked", () => {
    const small: ImageInfo = { width: 2400, height: 1600, pages: 1 };
    expect(transform({ width: 3000 }, small)).toEqual(transform({ width: 3840 }, small));
    expect(transform({ width: 3000 }, small).geometry).toEqual({});
  });

  test("a height alone is the width it implies, snapped", () => {
    expect(transform({ height: 300 }).geometry).toEqual({ resize: { width: 480, height: 360, fit: "fill" } });
  });

  test("a box keeps its shape as its width snaps", () => {
    expect(transform({ width: 700, height: 700, fit: "crop" }).geometry).toEqual({
      resize: { width: 720, height: 720, fit: "cover" },
    });
  });

  test.each([
    [73, 75],
    [72, 70],
    [1, 5],
    [100, 100],
    [undefined, undefined],
  ])("quality %s is %s", (quality, rounded) => {
    expect(transform({ width: 640, quality }).quality).toBe(rounded);
  });

  test("a rect covering the whole image is no rect", () => {
    const small: ImageInfo = { width: 2000, height: 1500, pages: 1 };
    expect(transform({ rect: [0, 0, 2000, 1500] }, small)).toEqual(transform({}, small));
    expect(transform({}, small).geometry).toEqual({});
  });

  test("a rect is clamped to the image", () => {
    expect(transform({ rect: [100, 100, 10_000, 10_000] }, { width: 2000, height: 1500, pages: 1 }).geometry).toEqual({
      extract: { left: 100, top: 100, width: 1900, height: 1400 },
    });
  });

  test("the output's pixels are counted, every frame of an animation kept as one", () => {
    const animation: ImageInfo = { width: 400, height: 300, pages: 10 };
    expect(transform({ format: "gif" }, animation)).toMatchObject({ animated: true, pixels: 1_200_000 });
    expect(transform({ format: "webp" }, animation)).toMatchObject({ animated: true });
    expect(transform({ format: "jpeg" }, animation)).toMatchObject({ animated: false, pixels: 120_000 });
  });
});

describe("refused, naming the parameter", () => {
  test("wider than the widest width the pages emit", () => {
    expect(refusal({ width: 3841 })).toBe('Invalid image parameter "w": the image would be wider than 3840 px');
  });

  test("a height implying such a width names h", () => {
    expect(refusal({ height: 5000 }, { width: 1000, height: 100, pages: 1 })).toMatch(/^Invalid image parameter "h": /);
  });

  test("over the pixel budget", () => {
    expect(refusal({ width: 3840 }, { width: 4000, height: 4000, pages: 1 })).toBe(
      `Invalid image parameter "w": the image would be 3840×3840 px, over the budget of ${MAX_IMAGE_PIXELS} pixels`,
    );
  });

  test("an animation whose frames together are over the budget", () => {
    expect(refusal({ format: "gif" }, { width: 400, height: 300, pages: 50 })).toBe(
      `Invalid image parameter "w": the image would be 400×300 px × 50 frames, over the budget of ${MAX_IMAGE_PIXELS} pixels`,
    );
  });

  test("the budget exactly is allowed", () => {
    expect(transform({ width: 2048 }, { width: 2048, height: 2048, pages: 1 }).pixels).toBe(MAX_IMAGE_PIXELS);
  });
});
