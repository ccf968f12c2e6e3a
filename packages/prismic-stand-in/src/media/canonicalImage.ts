/**
 * Parameters made canonical before anything is computed: two requests that produce the same image
 * must share one cache entry, and no request may make the service produce something the site
 * never asks for. The output width snaps up to one the pages emit (`EMITTED_IMAGE_WIDTHS`), `dpr`
 * is folded into it, `rect` is clamped to the image, quality is rounded, and the result is keyed
 * by the geometry it resolves to (so `w=3000` and `w=3840` of a 2400 px original are one entry).
 * An output over the pixel budget is refused with a message naming the parameter.
 */
import { EMITTED_IMAGE_WIDTHS, MAX_IMAGE_PIXELS } from "../../../../shared/imageWidths";
import type { TransformPlan } from "./imageParams";
import { planGeometry, type CanonicalTransform, type Geometry, type ImageInfo, type Size } from "./imageTransform";

export type CanonicalResult = { ok: true; transform: CanonicalTransform } | { ok: false; message: string };

const WIDEST = EMITTED_IMAGE_WIDTHS[EMITTED_IMAGE_WIDTHS.length - 1];
/** Quality in steps of 5: q=73 and q=75 look the same and must not be two files. */
const QUALITY_STEP = 5;

/** `plan` is the request's (box already multiplied by `dpr`, format negotiated); `info` the original's. */
export function canonicalTransform(plan: TransformPlan, info: ImageInfo): CanonicalResult {
  const source = plan.rect ? (planGeometry(info, { fit: "clip", rect: plan.rect }).extract ?? info) : info;
  let { width, height } = plan;
  // The parameter to name when the box is refused: the one the client gave.
  const named = plan.width === undefined && plan.height !== undefined ? "h" : "w";
  // With only a height every fit keeps the aspect ratio: it is the width that height implies.
  if (width === undefined && height !== undefined) {
    width = Math.max(1, Math.round((source.width * height) / source.height));
    height = undefined;
  }
  if (width !== undefined) {
    const snapped = EMITTED_IMAGE_WIDTHS.find((emitted) => emitted >= width!);
    if (snapped === undefined) return refuse(named, `the image would be wider than ${WIDEST} px`);
    if (height !== undefined) height = Math.max(1, Math.round((height * snapped) / width));
    width = snapped;
  }
  const geometry = planGeometry(info, { width, height, fit: plan.fit, rect: plan.rect });
  const output = outputSize(geometry, info);
  const animated = info.pages > 1 && (plan.format === "gif" || plan.format === "webp");
  const pixels = output.width * output.height * (animated ? info.pages : 1);
  if (pixels > MAX_IMAGE_PIXELS) {
    return refuse(
      named,
      `the image would be ${output.width}×${output.height} px${animated ? ` × ${info.pages} frames` : ""}, over the budget of ${MAX_IMAGE_PIXELS} pixels`,
    );
  }
  return {
    ok: true,
    transform: {
      geometry: prune(geometry, info),
      format: plan.format,
      quality: roundQuality(plan.quality),
      animated,
      pixels,
    },
  };
}

function refuse(name: string, why: string): CanonicalResult {
  return { ok: false, message: `Invalid image parameter "${name}": ${why}` };
}

function outputSize({ extract, resize, extend }: Geometry, original: Size): Size {
  const inner = resize ?? extract ?? original;
  if (!extend) return { width: inner.width, height: inner.height };
  return { width: inner.width + extend.left + extend.right, height: inner.height + extend.top + extend.bottom };
}

function roundQuality(quality: number | undefined): number | undefined {
  return quality === undefined ? undefined : Math.max(QUALITY_STEP, Math.round(quality / QUALITY_STEP) * QUALITY_STEP);
}

/**
 * Without steps that change nothing (a rect covering the whole image, a resize to the size it
 * already has) nor undefined members: the key of a geometry is what it does.
 */
function prune({ extract, resize, extend }: Geometry, original: Size): Geometry {
  const whole =
    extract &&
    extract.left === 0 &&
    extract.top === 0 &&
    extract.width === original.width &&
    extract.height === original.height;
  const kept = whole ? undefined : extract;
  const source = kept ?? original;
  const same = resize && resize.width === source.width && resize.height === source.height;
  return {
    ...(kept ? { extract: kept } : {}),
    ...(resize && !same ? { resize } : {}),
    ...(extend ? { extend } : {}),
  };
}
