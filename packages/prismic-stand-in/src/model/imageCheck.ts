/**
 * Image fields and image views (a thumbnail, a rich-text image block): url, whole-pixel
 * dimensions, alt, the field's thumbnails and its aspect-ratio constraint.
 */
import { isObject, show, type Json } from "./jsonValues.ts";
import type { CheckContext, FieldModel } from "./modelTypes.ts";

export const IMAGE_KEYS = ["url", "dimensions", "alt", "copyright", "id", "edit"];

export function checkImage(where: string, v: Json, field: FieldModel, ctx: CheckContext) {
  const err = (msg: string) => ctx.errors.push(`${where}: ${msg}`);
  if (!isObject(v)) return err(`expected an Image ({} or an image object), got ${show(v)}`);
  if (Object.keys(v).length === 0) return;
  const thumbnails: string[] = (field.config?.thumbnails ?? []).map((t: Json) => t?.name).filter(Boolean);
  for (const key of Object.keys(v))
    if (!IMAGE_KEYS.includes(key) && !thumbnails.includes(key)) err(`unknown image property "${key}"`);
  checkImageView(where, v, ctx);
  const c = field.config?.constraint ?? {};
  if (typeof c.width === "number" && typeof c.height === "number" && isObject(v.dimensions)) {
    const want = c.width / c.height;
    const got = v.dimensions.width / v.dimensions.height;
    if (Math.abs(got - want) / want > 0.01)
      err(
        `the field is constrained to ${c.width}×${c.height}, but the image is ${v.dimensions.width}×${v.dimensions.height} (another aspect ratio)`,
      );
  }
  for (const name of thumbnails) {
    if (!(name in v)) err(`missing the "${name}" thumbnail`);
    else checkImageView(`${where}.${name}`, v[name], ctx);
  }
}

export function checkImageView(where: string, v: Json, ctx: CheckContext) {
  const err = (msg: string) => ctx.errors.push(`${where}: ${msg}`);
  if (!isObject(v)) return err(`expected an image object, got ${show(v)}`);
  if (typeof v.url !== "string" || !v.url) err(`an image needs a url, got ${show(v.url)}`);
  const d = v.dimensions;
  if (!isObject(d) || !Number.isInteger(d.width) || !Number.isInteger(d.height) || d.width <= 0 || d.height <= 0)
    err(`an image needs dimensions {width, height} in whole pixels, got ${show(d)}`);
  if (!("alt" in v) || (v.alt !== null && typeof v.alt !== "string"))
    err(`alt must be a string or null, got ${show(v.alt)}`);
  if ("copyright" in v && v.copyright !== null && typeof v.copyright !== "string")
    err(`copyright must be a string or null, got ${show(v.copyright)}`);
  if ("id" in v && typeof v.id !== "string") err(`id must be a string, got ${show(v.id)}`);
  if ("edit" in v && !isObject(v.edit)) err(`edit must be an object, got ${show(v.edit)}`);
}
