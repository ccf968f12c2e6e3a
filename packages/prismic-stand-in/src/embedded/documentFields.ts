import type { PrismicDocument } from "@prismicio/client";

/**
 * Reads values out of a document by the field paths that Prismic queries use, for both the
 * filters (`q`) and the `orderings`: `document.{id,type,tags,uid,lang,...}`, `my.{type}.{field}`
 * (with `my.{type}.uid` the document's uid and deeper segments walking into groups), and
 * `document` (the whole document, for fulltext).
 */

export const META_FIELDS = [
  "id",
  "type",
  "tags",
  "uid",
  "lang",
  "first_publication_date",
  "last_publication_date",
] as const;
export type MetaField = (typeof META_FIELDS)[number];

export type FieldPath =
  | { kind: "document" }
  | { kind: "meta"; field: MetaField }
  | { kind: "data"; type: string; segments: string[] };

/** Parses `document.type`, `my.page.uid`, `my.page.group.field`...; null when it is none of them. */
export function parseFieldPath(text: string): FieldPath | null {
  const parts = text.split(".");
  if (parts.some((part) => part === "")) return null;
  if (parts[0] === "document") {
    if (parts.length === 1) return { kind: "document" };
    const field = META_FIELDS.find((name) => name === parts[1]);
    return field && parts.length === 2 ? { kind: "meta", field } : null;
  }
  if (parts[0] === "my" && parts.length >= 3) {
    return { kind: "data", type: parts[1], segments: parts.slice(2) };
  }
  return null;
}

export interface PathValues {
  /** False for `my.{type}...` on a document of another type: such a path never matches it. */
  applies: boolean;
  /** The values found (several for tags or fields inside a group); empty when missing. */
  values: unknown[];
}

export function readPath(document: PrismicDocument, path: FieldPath): PathValues {
  switch (path.kind) {
    case "document":
      return { applies: true, values: [document.uid, document.data] };
    case "meta": {
      const value: unknown = document[path.field];
      return { applies: true, values: (Array.isArray(value) ? value : [value]).filter(isPresent) };
    }
    case "data": {
      if (document.type !== path.type) return { applies: false, values: [] };
      if (path.segments.length === 1 && path.segments[0] === "uid") {
        return { applies: true, values: [document.uid].filter(isPresent) };
      }
      let values: unknown[] = [document.data];
      for (const segment of path.segments) {
        // Groups (and repeatable zones) are arrays of items: walk into each one.
        values = values
          .flatMap((value) => (Array.isArray(value) ? value : [value]))
          .map((value) => (isRecord(value) ? value[segment] : undefined))
          .filter(isPresent);
      }
      return { applies: true, values };
    }
  }
}

/**
 * The single comparable value of a field: text, number or boolean as is, a content relationship
 * as the linked document's id (Prismic filters relationships by id), rich text as its plain text.
 */
export function scalarOf(value: unknown): string | number | boolean | undefined {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (isRecord(value) && value.link_type === "Document" && typeof value.id === "string") return value.id;
  if (isRichText(value)) return plainText(value);
  return undefined;
}

/** Whether Prismic would consider the field filled (its empty forms: null, "", [], {}, Any link). */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined || value === "") return false;
  if (isRichText(value)) return value.some((block) => Boolean(block.text) || block.text === undefined);
  if (Array.isArray(value)) return value.length > 0;
  if (isRecord(value)) {
    if (value.link_type === "Any") return false;
    return Object.keys(value).length > 0;
  }
  return true;
}

/**
 * Structural keys whose strings are not content (identifiers, URLs, slice names, options):
 * fulltext must not match "image" because a slice is called `image_gallery`.
 */
const NON_TEXT_KEYS = new Set([
  "id",
  "type",
  "lang",
  "link_type",
  "url",
  "href",
  "target",
  "kind",
  "size",
  "width",
  "height",
  "slice_type",
  "slice_label",
  "variation",
  "version",
  "key",
  "embed_url",
  "html",
  "thumbnail_url",
  "edit",
  "dimensions",
  "alt",
  "copyright",
  "spans",
]);

/** The searchable text of a value: rich text blocks, key text, selects, recursively. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (isRichText(value)) return plainText(value);
  if (Array.isArray(value)) return value.map(textOf).join("\n");
  if (isRecord(value)) {
    return Object.entries(value)
      .filter(([key]) => !NON_TEXT_KEYS.has(key))
      .map(([, entry]) => textOf(entry))
      .filter(Boolean)
      .join("\n");
  }
  return "";
}

/** Orders two field values for `orderings`; undefined means "missing" (sorted last by the caller). */
export function sortKeyOf(value: unknown): string | number | undefined {
  const scalar = scalarOf(value);
  if (typeof scalar === "boolean") return scalar ? 1 : 0;
  if (typeof scalar === "string" && /^\d{4}-\d{2}-\d{2}/.test(scalar)) {
    // Dates and timestamps (`...+0000` or `...Z`) compare as instants, not as text.
    const time = Date.parse(scalar);
    if (!Number.isNaN(time)) return time;
  }
  return scalar === "" ? undefined : scalar;
}

/** A rich text block; image and embed blocks carry no text. */
interface RichTextBlock {
  type: string;
  text?: string;
}

function isRichText(value: unknown): value is RichTextBlock[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (block) =>
        isRecord(block) &&
        typeof block.type === "string" &&
        (typeof block.text === "string" || block.type === "image" || block.type === "embed"),
    )
  );
}

function plainText(blocks: RichTextBlock[]): string {
  return blocks
    .map((block) => block.text ?? "")
    .filter(Boolean)
    .join("\n");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isPresent(value: unknown): boolean {
  return value !== null && value !== undefined;
}
