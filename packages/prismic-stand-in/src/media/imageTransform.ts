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
  const extend = {
    left: Math.floor(padX / 2),
    right: Math.ceil(padX / 2),
    top: Math.floor(padY / 2),
    bottom: Math.ceil(padY / 2),
  };
  return { extract, resize, extend: padX || padY ? extend : undefined };
}

/** imgix clamps a rect to the image; an empty result means "no rect". */
function clampRect([x, y, width, height]: Rect, size: Size): Geometry["extract"] {
  const left = Math.min(x, size.width);
  const top = Math.min(y, size.height);
  const clamped = { left, top, width: Math.min(width, size.width - left), height: Math.min(height, size.height - top) };
  return clamped.width > 0 && clamped.height > 0 ? clamped : undefined;
}

/** What a transform needs to know of its original: its size (oriented, one frame) and frames. */
export interface ImageInfo extends Size {
  /** Frames of an animated image (1 for a still). */
  pages: number;
}

/**
 * The largest original we decode (sharp's `limitInputPixels`): a 40 MP camera photo. Bigger ones
 * are refused (422) rather than costing hundreds of MB each; decoding is the memory of a transform.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** A transform still running after this long is stopped (sharp's timeout): it is a bug or an attack. */
const TRANSFORM_TIMEOUT_SECONDS = 10;

/**
 * One libvips thread per transform: the queue already runs one transform per core, and each
 * using every core would only oversubscribe them. The operation cache holds no files (originals
 * may be replaced under their names) and little memory.
 */
sharp.concurrency(1);
sharp.cache({ memory: 32, files: 0, items: 100 });

/** The original's size as a transform sees it (EXIF orientation applied, one frame of an animation). */
export async function describeImage(file: string, animated: boolean): Promise<ImageInfo> {
  try {
    const meta = await sharp(file, { autoOrient: true, animated, limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const size = meta.autoOrient ?? { width: meta.width, height: meta.height };
    const pages = animated ? (meta.pages ?? 1) : 1;
    if (!size.width || !size.height) throw new Error("no dimensions");
    if (size.width * size.height > MAX_INPUT_PIXELS) throw new Error(`larger than ${MAX_INPUT_PIXELS} pixels`);
    return { width: size.width, height: pages > 1 ? (meta.pageHeight ?? size.height) : size.height, pages };
  } catch (error) {
    throw new UnprocessableImageError(error instanceof Error ? error.message : String(error));
  }
}

/** A transform, every parameter resolved: the canonical form the cache key is made of. */
export interface CanonicalTransform {
  geometry: Geometry;
  format: OutputFormat;
  quality?: number;
  /** Keep every frame (an animated GIF staying GIF or becoming WebP). */
  animated: boolean;
  /** The output's pixels (all frames): picks the encoder's effort. */
  pixels: number;
}

/** Decodes `file`, applies the geometry and encodes; metadata (EXIF, ICC beyond sRGB) is dropped. */
export async function transformImage(file: string, transform: CanonicalTransform): Promise<Buffer> {
  mediaStats.transforms++;
  const { geometry } = transform;
  try {
    let image = sharp(file, {
      autoOrient: true,
      animated: transform.animated,
      limitInputPixels: MAX_INPUT_PIXELS,
    }).timeout({ seconds: TRANSFORM_TIMEOUT_SECONDS });
    if (geometry.extract) image = image.extract(geometry.extract);
    if (geometry.resize) image = image.resize({ ...geometry.resize, position: "centre" });
    if (geometry.extend) image = image.extend({ ...geometry.extend, background: { r: 255, g: 255, b: 255, alpha: 0 } });
    return await encode(image, transform).toBuffer();
  } catch (error) {
    throw new UnprocessableImageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * AVIF's effort is the cost of a cold image. Measured on a 2400×1600 photo (one libvips thread,
 * CPU time): effort 4 takes 10–40× as long as effort 0 for 15–25 % fewer bytes; effort 1 costs
 * 1.6–2× effort 0 for about 8 % fewer bytes. Small outputs (the phone widths, under 1 MP, at most
 * ~0.2 s) get effort 1; larger ones effort 0, which keeps a 2048 w image near 0.25 s of CPU.
 */
export function avifEffort(pixels: number): number {
  return pixels <= 1_000_000 ? 1 : 0;
}

function encode(image: Sharp, { format, quality, pixels }: CanonicalTransform): Sharp {
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality, mozjpeg: true });
    case "webp":
      return image.webp({ quality });
    case "avif":
      return image.avif({ quality, effort: avifEffort(pixels) });
    case "png":
      // zlib level 6 (its default): level 9 costs several times the CPU for a few per cent.
      return image.png({ compressionLevel: 6 });
    case "gif":
      return image.gif();
  }
}
