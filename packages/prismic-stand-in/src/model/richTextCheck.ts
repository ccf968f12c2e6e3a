/**
 * StructuredText values against the field's single/multi config: block and span types allowed,
 * span offsets inside the text, labels among the field's labels; image blocks and hyperlinks are
 * checked as images and links.
 */
import { IMAGE_KEYS, checkImageView } from "./imageCheck.ts";
import { isObject, show, type Json } from "./jsonValues.ts";
import { checkLink } from "./linkCheck.ts";
import { BLOCK_TYPES, SPAN_TYPES, type CheckContext, type FieldModel } from "./modelTypes.ts";

function allowedNodes(field: FieldModel): { allowed: Set<string>; single: boolean; labels: string[] } {
  const config = field.config ?? {};
  const single = typeof config.single === "string";
  const list = String((single ? config.single : config.multi) ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const labels: string[] = Array.isArray(config.labels)
    ? config.labels.map((l: Json) => (typeof l === "string" ? l : l?.name)).filter(Boolean)
    : [];
  return { allowed: new Set(list), single, labels };
}

export function checkRichText(where: string, v: Json, field: FieldModel, ctx: CheckContext) {
  const err = (w: string, msg: string) => ctx.errors.push(`${w}: ${msg}`);
  if (!Array.isArray(v)) return err(where, `expected StructuredText (a list of blocks), got ${show(v)}`);
  const { allowed, single, labels } = allowedNodes(field);
  const allowedList = [...allowed].join(", ");
  if (single && v.length > 1) err(where, `a single-block rich text field has ${v.length} blocks`);
  for (const [i, block] of v.entries()) {
    const w = `${where}[${i}]`;
    if (!isObject(block)) {
      err(w, `expected a rich-text block, got ${show(block)}`);
      continue;
    }
    if (!(BLOCK_TYPES as readonly string[]).includes(block.type)) {
      err(w, `"${block.type}" is not a rich-text block type`);
      continue;
    }
    if (!allowed.has(block.type)) err(w, `block type "${block.type}" is not allowed here (allowed: ${allowedList})`);
    if (block.type === "image") {
      for (const key of Object.keys(block))
        if (![...IMAGE_KEYS, "type", "linkTo"].includes(key)) err(w, `"${key}" is not a property of an image block`);
      checkImageView(w, block, ctx);
      if ("linkTo" in block) checkLink(`${w}.linkTo`, block.linkTo, null, ctx, false);
      continue;
    }
    if (block.type === "embed") {
      for (const key of Object.keys(block))
        if (!["type", "oembed"].includes(key)) err(w, `"${key}" is not a property of an embed block`);
      if (
        !isObject(block.oembed) ||
        typeof block.oembed.embed_url !== "string" ||
        typeof block.oembed.type !== "string"
      )
        err(`${w}.oembed`, `an embed block needs an oembed object with embed_url and type, got ${show(block.oembed)}`);
      continue;
    }
    for (const key of Object.keys(block))
      if (!["type", "text", "spans", "direction"].includes(key))
        err(w, `"${key}" is not a property of a ${block.type} block`);
    if ("direction" in block && block.direction !== "rtl")
      err(w, `direction can only be "rtl", got ${show(block.direction)}`);
    if ("direction" in block && !allowed.has("rtl")) err(w, "right-to-left text is not allowed here");
    if (typeof block.text !== "string") {
      err(w, `a ${block.type} block needs text, got ${show(block.text)}`);
      continue;
    }
    if (!Array.isArray(block.spans)) {
      err(w, `a ${block.type} block needs spans (a list), got ${show(block.spans)}`);
      continue;
    }
    for (const [j, span] of block.spans.entries()) {
      const sw = `${w}.spans[${j}]`;
      if (!isObject(span)) {
        err(sw, `expected a span, got ${show(span)}`);
        continue;
      }
      if (!(SPAN_TYPES as readonly string[]).includes(span.type)) {
        err(sw, `"${span.type}" is not a span type`);
        continue;
      }
      const spanAllowed = span.type === "label" ? allowed.has("label") || labels.length > 0 : allowed.has(span.type);
      if (!spanAllowed) err(sw, `span type "${span.type}" is not allowed here (allowed: ${allowedList})`);
      if (
        !Number.isInteger(span.start) ||
        !Number.isInteger(span.end) ||
        span.start < 0 ||
        span.start >= span.end ||
        span.end > block.text.length
      )
        err(
          sw,
          `span offsets ${span.start}–${span.end} are not a non-empty range inside the text (length ${block.text.length})`,
        );
      if (span.type === "hyperlink") checkLink(`${sw}.data`, span.data, null, ctx, false);
      if (span.type === "label") {
        const name = span.data?.label;
        if (typeof name !== "string" || !name) err(sw, `a label span needs data.label, got ${show(span.data)}`);
        else if (labels.length && !labels.includes(name))
          err(sw, `label "${name}" is not one of the field's labels (${labels.join(", ")})`);
      }
    }
  }
}
