/**
 * The sharp side of embedded media: geometry (a pure function, so the fit rules are testable
 * without images), then one bounded sharp pipeline per transform.
 *
 * Fit, approximating imgix, with one rule of ours: never enlarge, except `scale` and `fill`.
 *   clip (default), max: fit inside the w×h box, keep the aspect ratio.
 *   crop, min, facearea: cover the box and crop the centre; a box larger than the original is
 *     shrunk (same aspect ratio) until it fits, rather than enlarging the image.
 *   scale: exactly w×h (stretches). fill: fit inside the box (enlarging if need be) and pad the
 *     rest with white (transparent where the format allows). fillmax: as fill, never enlarging.
 *   With only w or only h every fit scales to it, keeping the aspect ratio.
 */
import sharp, { type Sharp } from "sharp";
import type { Fit, OutputFormat, Rect, TransformPlan } from "./imageParams";

export interface Size {
  width: number;
  height: number;
}

export interface Geometry {
  extract?: { left: number; top: number; width: number; height: number };
  resize?: Size & { fit: "fill" | "cover" };
  /** Padding to reach the box (fill, fillmax). */
  extend?: { top: number; bottom: number; left: number; right: number };
}

/** Counts sharp pipelines run, so tests (and a debugger) can see cache hits cost nothing. */
export const mediaStats = { transforms: 0 };

/** The input is not an image sharp can decode (corrupt, truncated, or not what its name says). */
export class UnprocessableImageError extends Error {
  override name = "UnprocessableImageError";
}

const ENLARGES: ReadonlySet<Fit> = new Set(["scale", "fill"]);

export function planGeometry(original: Size, plan: Pick<TransformPlan, "width" | "height" | "fit" | "rect">): Geometry {
  const extract = plan.rect && clampRect(plan.rect, original);
  const source = extract ?? original;
  const { width: W, height: H } = source;
  const { width: w, height: h, fit } = plan;
  const enlarge = ENLARGES.has(fit);
  const round = (n: number) => Math.max(1, Math.round(n));
  if (w === undefined && h === undefined) return { extract };

  if (w === undefined || h === undefined) {
    const factor = w !== undefined ? w / W : h! / H;
    if (factor >= 1 && !enlarge) return { extract };
    return { extract, resize: { width: round(W * factor), height: round(H * factor), fit: "fill" } };
  }
  if (fit === "scale") return { extract, resize: { width: w, height: h, fit: "fill" } };
  if (fit === "crop" || fit === "min") {
    const shrink = Math.min(1, W / w, H / h);
    return { extract, resize: { width: round(w * shrink), height: round(h * shrink), fit: "cover" } };
  }
  const factor = Math.min(w / W, h / H, enlarge ? Infinity : 1);
  const inner = { width: round(W * factor), height: round(H * factor) };
  const resize = factor === 1 ? undefined : { ...inner, fit: "fill" as const };
  if (fit === "clip" || fit === "max") return { extract, resize };
  // fill, fillmax: pad to the box, image centred.
  const padX = Math.max(0, w - inner.width);
  const padY = Math.max(0, h - inner.height);
  const extend = { left: Math.floor(padX / 2), right: Math.ceil(padX / 2), top: Math.floor(padY / 2), bottom: Math.ceil(padY / 2) };
  return { extract, resize, extend: padX || padY ? extend : undefined };
}

/** imgix clamps a rect to the image; an empty result means "no rect". */
function clampRect([x, y, width, height]: Rect, size: Size): Geometry["extract"] {
  const left = Math.min(x, size.width);
  const top = Math.min(y, size.height);
  const clamped = { left, top, width: Math.min(width, size.width - left), height: Math.min(height, size.height - top) };
  return clamped.width > 0 && clamped.height > 0 ? clamped : undefined;
}

/** A burst of cold requests must not take every libuv thread and all memory: two at a time. */
const MAX_PARALLEL = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Decodes `file`, applies the plan and encodes; metadata (EXIF, ICC beyond sRGB) is dropped. */
export function transformImage(file: string, plan: TransformPlan): Promise<Buffer> {
  return withSlot(async () => {
    mediaStats.transforms++;
    // An animated GIF stays animated only when it stays a GIF or becomes WebP.
    const animated = plan.format === "gif" || plan.format === "webp";
    try {
      const input = sharp(file, { autoOrient: true, animated, limitInputPixels: 100_000_000 });
      const meta = await input.metadata();
      const size = meta.autoOrient ?? { width: meta.width, height: meta.height };
      // Frames of an animated image are stacked: geometry applies to one frame.
      const frames = (meta.pages ?? 1) > 1 && animated;
      const geometry = planGeometry({ width: size.width, height: frames ? (meta.pageHeight ?? size.height) : size.height }, plan);
      let image = input;
      if (geometry.extract) image = image.extract(geometry.extract);
      if (geometry.resize) image = image.resize({ ...geometry.resize, position: "centre" });
      if (geometry.extend) image = image.extend({ ...geometry.extend, background: { r: 255, g: 255, b: 255, alpha: 0 } });
      return await encode(image, plan.format, plan.quality).toBuffer();
    } catch (error) {
      throw new UnprocessableImageError(error instanceof Error ? error.message : String(error));
    }
  });
}

function encode(image: Sharp, format: OutputFormat, quality: number | undefined): Sharp {
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality, mozjpeg: true });
    case "webp":
      return image.webp({ quality });
    case "avif":
      // effort 4 (of 9): AVIF encoding is slow; the disk cache makes it a one-off per size anyway.
      return image.avif({ quality, effort: 4 });
    case "png":
      return image.png({ compressionLevel: 9 });
    case "gif":
      return image.gif();
  }
}
