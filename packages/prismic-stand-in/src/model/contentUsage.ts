/**
 * What the content uses, for the coverage tests: the rich-text node, span and link kinds across
 * rich-text values, and which documents use each slice variation.
 */
import { isObject, type Json } from "./jsonValues.ts";
import type { ContentEntry } from "./modelTypes.ts";

export interface RichTextUsage {
  blocks: Set<string>;
  spans: Set<string>;
  /** Link kinds seen in hyperlink spans: Document, Web, Media, and "mailto" for mailto: web links. */
  hyperlinks: Set<string>;
  imagesWithLink: number;
  /** Label names seen. */
  labels: Set<string>;
}

/** Node types used across rich-text values (lists of blocks). */
export function richTextUsage(values: Json[]): RichTextUsage {
  const usage: RichTextUsage = {
    blocks: new Set(),
    spans: new Set(),
    hyperlinks: new Set(),
    imagesWithLink: 0,
    labels: new Set(),
  };
  for (const value of values) {
    if (!Array.isArray(value)) continue;
    for (const block of value) {
      if (!isObject(block)) continue;
      usage.blocks.add(block.type);
      if (block.type === "image" && isObject(block.linkTo) && block.linkTo.link_type !== "Any") usage.imagesWithLink++;
      for (const span of Array.isArray(block.spans) ? block.spans : []) {
        usage.spans.add(span?.type);
        if (span?.type === "hyperlink") {
          const link = span.data ?? {};
          usage.hyperlinks.add(
            link.link_type === "Web" && /^mailto:/i.test(link.url ?? "") ? "mailto" : link.link_type,
          );
        }
        if (span?.type === "label" && span.data?.label) usage.labels.add(span.data.label);
      }
    }
  }
  return usage;
}

/** "slice_type/variation" → ids of the documents using it (legacy slices count as "slice_type"). */
export function sliceUsage(entries: ContentEntry[]): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const { document: d } of entries) {
    if (!isObject(d) || !isObject(d.data)) continue;
    for (const value of Object.values(d.data)) {
      if (!Array.isArray(value)) continue;
      for (const s of value) {
        if (!isObject(s) || typeof s.slice_type !== "string") continue;
        const key = typeof s.variation === "string" ? `${s.slice_type}/${s.variation}` : s.slice_type;
        used.set(key, [...(used.get(key) ?? []), d.id]);
      }
    }
  }
  return used;
}
