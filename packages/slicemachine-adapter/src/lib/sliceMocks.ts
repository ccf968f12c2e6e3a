/**
 * A slice's `mocks.json` in Slice Machine's own format (an array of `SharedSliceContent` of
 * `@prismicio/types-internal`, one per variation, as `@slicemachine/manager`'s `mockSlice`
 * writes it), made from a slice as the REST API returns it (the demo content of `content/`):
 * Slice Machine's simulator then shows what an editor would write, and our slice tests render
 * the same data back through `@prismicio/mocks`' `renderSliceMock`. A variation with no demo
 * slice gets Prismic's generated mock (`SharedSliceMock.generate`), as Slice Machine would.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { SharedSliceModel } from "@prismicio/client";

// CommonJS builds: their ESM entries fail on Node (see docs/decisions on Slice Machine).
const require = createRequire(import.meta.url);
const mocks = require("@prismicio/mocks") as {
  SharedSliceMock: { generate(model: unknown, config: { type: "SharedSlice"; variation: string }): SliceMock };
  renderSliceMock(model: unknown, mock: SliceMock): ApiSlice;
};

/** One variation's mock, `SharedSliceContent` of @prismicio/types-internal. */
export interface SliceMock {
  __TYPE__: "SharedSliceContent";
  variation: string;
  primary: Record<string, unknown>;
  items: { __TYPE__: "GroupItemContent"; key?: string; value: [string, unknown][] }[];
}

/** A slice as the REST API returns it (the shape of content/ and of what the simulator receives). */
export interface ApiSlice {
  slice_type: string;
  variation: string;
  primary: Record<string, unknown>;
  items: Record<string, unknown>[];
  [key: string]: unknown;
}

type FieldModel = { type: string; config?: Record<string, unknown> };
type Fields = Record<string, FieldModel>;

/** The mocks of every variation of `model`: from `examples[variation]` where there is one, generated otherwise. */
export function sliceMocks(model: SharedSliceModel, examples: Partial<Record<string, ApiSlice>> = {}): SliceMock[] {
  return model.variations.map((variation) => {
    const example = examples[variation.id];
    if (!example) return mocks.SharedSliceMock.generate(model, { type: "SharedSlice", variation: variation.id });
    const primaryModel = (variation.primary ?? {}) as Fields;
    const itemsModel = (variation.items ?? {}) as Fields;
    return {
      __TYPE__: "SharedSliceContent",
      variation: variation.id,
      primary: fieldsContent(primaryModel, example.primary ?? {}),
      items: (example.items ?? []).map((item, index) => ({
        __TYPE__: "GroupItemContent",
        key: stableKey(`${model.id}/${variation.id}/item/${index}`),
        value: Object.entries(fieldsContent(itemsModel, item)),
      })),
    };
  });
}

/** A mock as the simulator receives it (the REST API's shape), with a stable id. */
export function renderMock(model: SharedSliceModel, mock: SliceMock): ApiSlice {
  return { ...mocks.renderSliceMock(model, mock), id: `${model.id}$${mock.variation}` };
}

function fieldsContent(model: Fields, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(model)) {
    const content = fieldContent(field, values[key], key);
    if (content !== undefined) out[key] = content;
  }
  return out;
}

/** One field, API shape → Slice Machine's; an empty field is left out, as the editor stores it. */
function fieldContent(field: FieldModel, value: unknown, key: string): unknown {
  if (value === null || value === undefined || value === "") return undefined;
  switch (field.type) {
    case "Text":
    case "Select":
    case "Color":
    case "Date":
    case "Timestamp":
      return { __TYPE__: "FieldContent", type: field.type, value: String(value) };
    case "Number":
      return { __TYPE__: "FieldContent", type: "Number", value: String(value) };
    case "Boolean":
      return { __TYPE__: "BooleanContent", value: Boolean(value) };
    case "StructuredText":
      return Array.isArray(value) && value.length
        ? { __TYPE__: "StructuredTextContent", value: value.map(richTextBlock) }
        : undefined;
    case "Image":
      return imageContent(value as ApiImage);
    case "Link":
      return linkContent(value as Record<string, unknown>, key);
    case "Embed":
      return embedContent(value as Record<string, unknown>);
    default:
      throw new Error(`mocks: field type ${field.type} (${key}) is not converted yet`);
  }
}

interface ApiImage {
  url?: string;
  alt?: string | null;
  copyright?: string | null;
  id?: string;
  dimensions?: { width: number; height: number };
  edit?: { x: number; y: number; zoom: number; background?: string };
}

function imageContent(image: ApiImage): unknown {
  if (!image.url) return undefined;
  const { width = 0, height = 0 } = image.dimensions ?? {};
  return {
    __TYPE__: "ImageContent",
    origin: { id: image.id ?? image.url, url: image.url, width, height },
    width,
    height,
    edit: {
      zoom: image.edit?.zoom ?? 1,
      crop: { x: image.edit?.x ?? 0, y: image.edit?.y ?? 0 },
      background: image.edit?.background ?? "transparent",
    },
    url: image.url,
    ...(image.alt ? { alt: image.alt } : {}),
    ...(image.copyright ? { credits: image.copyright } : {}),
    thumbnails: {},
  };
}

function linkValue(link: Record<string, unknown>): Record<string, unknown> | undefined {
  switch (link.link_type) {
    case "Document":
      return typeof link.id === "string" ? { __TYPE__: "DocumentLink", id: link.id } : undefined;
    case "Web":
      return typeof link.url === "string"
        ? { __TYPE__: "ExternalLink", url: link.url, ...(link.target ? { target: link.target } : {}) }
        : undefined;
    case "Media":
      return typeof link.url === "string"
        ? link.kind === "image"
          ? {
              __TYPE__: "ImageLink",
              kind: "image",
              id: String(link.id ?? link.url),
              url: link.url,
              height: String(link.height ?? ""),
              width: String(link.width ?? ""),
              size: String(link.size ?? ""),
              name: String(link.name ?? ""),
            }
          : {
              __TYPE__: "FileLink",
              kind: "file",
              id: String(link.id ?? link.url),
              url: link.url,
              name: String(link.name ?? ""),
              size: String(link.size ?? ""),
            }
        : undefined;
    default:
      return undefined;
  }
}

function linkContent(link: Record<string, unknown>, key: string): unknown {
  const value = linkValue(link);
  return value ? { __TYPE__: "LinkContent", key: stableKey(`link/${key}/${JSON.stringify(value)}`), value } : undefined;
}

function embedContent(embed: Record<string, unknown>): unknown {
  if (typeof embed.embed_url !== "string") return undefined;
  const pick = (name: string) => (embed[name] === undefined || embed[name] === null ? {} : { [name]: embed[name] });
  return {
    __TYPE__: "EmbedContent",
    embed_url: embed.embed_url,
    type: String(embed.type ?? "rich"),
    ...Object.assign(
      {},
      ...[
        "version",
        "title",
        "author_name",
        "author_url",
        "provider_name",
        "provider_url",
        "cache_age",
        "thumbnail_url",
        "thumbnail_width",
        "thumbnail_height",
        "html",
      ].map(pick),
    ),
    all: embed,
  };
}

interface ApiBlock {
  type: string;
  text?: string;
  spans?: { start: number; end: number; type: string; data?: Record<string, unknown> }[];
  direction?: string;
  [key: string]: unknown;
}

function richTextBlock(block: ApiBlock): unknown {
  if (block.type === "image") {
    const image = imageContent(block as ApiImage) as Record<string, unknown> | undefined;
    return { type: "image", data: { ...image, __TYPE__: undefined } };
  }
  if (block.type === "embed") return { type: "embed", data: embedContent(block.oembed as Record<string, unknown>) };
  return {
    type: block.type,
    content: {
      text: block.text ?? "",
      spans: (block.spans ?? []).flatMap((span) => {
        if (span.type !== "hyperlink") return [{ start: span.start, end: span.end, type: span.type }];
        const data = span.data ? linkValue(span.data) : undefined;
        return data ? [{ start: span.start, end: span.end, type: "hyperlink", data }] : [];
      }),
    },
    ...(block.direction ? { direction: block.direction } : {}),
  };
}

/** A UUID-shaped key derived from `seed`, so regenerating the mocks changes nothing that did not change. */
function stableKey(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
