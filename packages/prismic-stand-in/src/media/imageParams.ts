/**
 * The imgix query parameters that embedded media honours: the ones @prismicio/client's image
 * helpers emit (`width`, `w`, `h`, `dpr`, `auto`, …) plus `fm`, `q`, `fit` and `rect` (Prismic's
 * crops and responsive views). Anything else, or a bad value, is a 400 naming the parameter:
 * silently ignoring a typo would serve a full-size original where a thumbnail was meant.
 */
import { z } from "zod";

export type OutputFormat = "jpeg" | "png" | "webp" | "avif" | "gif";
export type Fit = "clip" | "crop" | "max" | "min" | "fill" | "fillmax" | "scale";
/** A region of the (EXIF-oriented) original: x, y, width, height in pixels. */
export type Rect = readonly [x: number, y: number, width: number, height: number];

export interface ImageParams {
  width?: number;
  height?: number;
  dpr: number;
  quality?: number;
  format?: Exclude<OutputFormat, "gif">;
  auto: { format: boolean; compress: boolean };
  fit: Fit;
  rect?: Rect;
}

export type ParseResult = { ok: true; params: ImageParams } | { ok: false; message: string };

export const MAX_DIMENSION = 4000;
/** The largest box (after `dpr`) we are asked to produce: keeps one request's memory bounded. */
export const MAX_OUTPUT_DIMENSION = 8000;

const EXPECTED: Record<string, string> = {
  w: `an integer from 1 to ${MAX_DIMENSION}`,
  h: `an integer from 1 to ${MAX_DIMENSION}`,
  dpr: "a number from 1 to 3",
  q: "an integer from 1 to 100",
  fm: "one of jpg, jpeg, png, webp, avif",
  auto: "a comma list of format, compress, enhance, redeye, true",
  fit: "one of clip, crop, max, min, fill, fillmax, scale, facearea",
  rect: "x,y,width,height in pixels",
};
const ALIASES: Record<string, string> = { width: "w", height: "h" };

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const dimension = integer(1, MAX_DIMENSION).optional();

const schema = z.strictObject({
  w: dimension,
  width: dimension,
  h: dimension,
  height: dimension,
  dpr: z
    .string()
    .regex(/^\d(\.\d{1,3})?$/)
    .transform(Number)
    .pipe(z.number().min(1).max(3))
    .optional(),
  q: integer(1, 100).optional(),
  fm: z.enum(["jpg", "jpeg", "png", "webp", "avif"]).optional(),
  // Only format and compress change the output; the others are accepted because Prismic URLs carry them.
  auto: z
    .string()
    .transform((value) => value.split(","))
    .pipe(z.array(z.enum(["format", "compress", "enhance", "redeye", "true"])))
    .optional(),
  fit: z.enum(["clip", "crop", "max", "min", "fill", "fillmax", "scale", "facearea"]).optional(),
  rect: z
    .string()
    .regex(/^\d{1,5},\d{1,5},\d{1,5},\d{1,5}$/)
    .transform((value) => value.split(",").map(Number) as unknown as Rect)
    .refine(([, , width, height]) => width > 0 && height > 0)
    .optional(),
});

const fail = (message: string): ParseResult => ({ ok: false, message });

export function parseImageParams(search: URLSearchParams): ParseResult {
  const raw: Record<string, string> = {};
  for (const [key, value] of search) {
    if (key in raw) return fail(`Image parameter "${key}" is given more than once`);
    raw[key] = value;
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    if (issue.code === "unrecognized_keys") return fail(`Unknown image parameter "${issue.keys[0]}"`);
    const key = String(issue.path[0]);
    return fail(`Invalid image parameter "${key}": expected ${EXPECTED[ALIASES[key] ?? key]}`);
  }
  const query = result.data;
  // `w` and `width` are aliases; the helpers may add one to a URL that already has the other.
  const pick = (short: number | undefined, long: number | undefined, name: string) =>
    short !== undefined && long !== undefined && short !== long ? name : undefined;
  const conflict = pick(query.w, query.width, "w") ?? pick(query.h, query.height, "h");
  if (conflict) return fail(`Image parameters "${conflict}" and "${conflict === "w" ? "width" : "height"}" disagree`);

  const width = query.w ?? query.width;
  const height = query.h ?? query.height;
  const dpr = query.dpr ?? 1;
  if (Math.max(width ?? 0, height ?? 0) * dpr > MAX_OUTPUT_DIMENSION) {
    return fail(`Invalid image parameter "dpr": the image would exceed ${MAX_OUTPUT_DIMENSION} px`);
  }
  // Stryker disable next-line ArrayDeclaration: only "format" and "compress" are looked up in it, so any other stand-in means none
  const auto = query.auto ?? [];
  return {
    ok: true,
    params: {
      width,
      height,
      dpr,
      quality: query.q,
      format: query.fm === "jpg" ? "jpeg" : query.fm,
      auto: { format: auto.includes("format"), compress: auto.includes("compress") },
      fit: query.fit === "facearea" ? "crop" : (query.fit ?? "clip"),
      rect: query.rect,
    },
  };
}

/** What to produce: the box after `dpr`, the format after negotiation, the resolved quality. */
export interface TransformPlan {
  width?: number;
  height?: number;
  fit: Fit;
  rect?: Rect;
  format: OutputFormat;
  quality?: number;
}

export interface PlannedTransform {
  plan: TransformPlan;
  /** The format was chosen from `Accept`: the response needs `Vary: Accept`. */
  varies: boolean;
  /** Nothing to do: serve the original file as it is. */
  identity: boolean;
}

/** Default qualities (imgix uses 75; `auto=compress` goes lower, as imgix does). PNG stays lossless. */
const QUALITY: Partial<Record<OutputFormat, { normal: number; compress: number }>> = {
  jpeg: { normal: 80, compress: 60 },
  webp: { normal: 80, compress: 60 },
  avif: { normal: 60, compress: 45 },
};

export function planTransform(
  params: ImageParams,
  original: OutputFormat,
  accept: string | undefined,
): PlannedTransform {
  let format: OutputFormat = params.format ?? original;
  // fm wins over auto=format (imgix's rule). An animated GIF keeps its format.
  const negotiate = params.auto.format && !params.format && original !== "gif";
  if (negotiate) {
    if (accepts(accept, "image/avif")) format = "avif";
    else if (accepts(accept, "image/webp")) format = "webp";
  }
  const scale = (size: number | undefined) => (size === undefined ? undefined : Math.round(size * params.dpr));
  const plan: TransformPlan = {
    width: scale(params.width),
    height: scale(params.height),
    fit: params.fit,
    rect: params.rect,
    format,
    quality: qualityFor(format, params),
  };
  const identity =
    plan.width === undefined &&
    plan.height === undefined &&
    !plan.rect &&
    format === original &&
    params.quality === undefined &&
    !params.auto.compress;
  return { plan, varies: negotiate, identity };
}

function qualityFor(format: OutputFormat, params: ImageParams): number | undefined {
  const defaults = QUALITY[format];
  if (!defaults) return undefined;
  return params.quality ?? (params.auto.compress ? defaults.compress : defaults.normal);
}

/** True when `Accept` lists `type` with a non-zero q (browsers send e.g. `image/avif,image/webp,*\/*`). */
function accepts(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  return accept.split(",").some((part) => {
    // Stryker disable next-line MethodExpression: the name is trimmed again where it is compared
    const [name, ...options] = part.trim().toLowerCase().split(";");
    const q = options.map((o) => o.trim()).find((o) => o.startsWith("q="));
    return name.trim() === type && (q === undefined || Number(q.slice(2)) > 0);
  });
}
