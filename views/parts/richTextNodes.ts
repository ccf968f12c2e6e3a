/**
 * Rich text as it may arrive, made safe to render: Prismic's API may leave a node's `spans` out,
 * and a hand-edited export or a future node type may hold anything. `@prismicio/react` reads
 * `spans.length`, `span.data.label` and `image.dimensions.width` without a check, so one such
 * node made the whole page a 500. Here each node keeps what can be rendered: text nodes their
 * text with the spans that fit it, images with a URL and a size, embeds with their oEmbed; any
 * other node is left out.
 */
import type { RichTextField, RTNode } from "@prismicio/client";
import { TEXT_BLOCK_TYPES } from "../../shared/richTextBlocks";

const TEXT_NODES: ReadonlySet<string> = new Set(TEXT_BLOCK_TYPES);

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isSize = (value: unknown) => typeof value === "number" && Number.isFinite(value) && value > 0;

/** A span that fits `length` characters (cut at the end), or null when it cannot be rendered. */
function span(value: unknown, length: number): Loose | null {
  if (!isObject(value) || typeof value.type !== "string") return null;
  const { start, end } = value;
  if (!Number.isInteger(start) || !Number.isInteger(end)) return null;
  const from = start as number;
  const to = Math.min(end as number, length);
  if (from < 0 || from >= to) return null;
  // Links and labels are drawn from their data: without it the text stays plain.
  if ((value.type === "hyperlink" || value.type === "label") && !isObject(value.data)) return null;
  if (value.type === "label" && typeof (value.data as Loose).label !== "string") return null;
  return { ...value, start: from, end: to };
}

function node(value: unknown): RTNode | null {
  if (!isObject(value) || typeof value.type !== "string") return null;
  if (TEXT_NODES.has(value.type)) {
    const text = typeof value.text === "string" ? value.text : "";
    const spans = Array.isArray(value.spans) ? value.spans.flatMap((s) => span(s, text.length) ?? []) : [];
    return { ...value, text, spans } as unknown as RTNode;
  }
  if (value.type === "image") {
    const { url, dimensions } = value;
    if (
      typeof url !== "string" ||
      !url ||
      !isObject(dimensions) ||
      !isSize(dimensions.width) ||
      !isSize(dimensions.height)
    )
      return null;
    return value as unknown as RTNode;
  }
  if (value.type === "embed") return isObject(value.oembed) ? (value as unknown as RTNode) : null;
  return null;
}

/** The nodes of `field` that can be rendered, each made whole; [] for anything that is not a list. */
export function renderableRichText(field: unknown): RichTextField {
  if (!Array.isArray(field)) return [] as unknown as RichTextField;
  return field.flatMap((value) => node(value) ?? []) as unknown as RichTextField;
}
