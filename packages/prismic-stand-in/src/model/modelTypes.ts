/**
 * The shapes the content validator works with: Prismic's custom-type and shared-slice models as
 * customtypes/ and views/slices/ hold them, a document file, the node and span types Prismic
 * stores in rich text, and what every check is handed.
 */
import type { Json } from "./jsonValues.ts";
import { TEXT_BLOCK_TYPES } from "../../../../shared/richTextBlocks.ts";

export interface FieldModel {
  type: string;
  config?: Record<string, Json>;
  [key: string]: Json;
}
export type FieldSet = Record<string, FieldModel>;

export interface CustomTypeModel {
  id: string;
  label?: string;
  repeatable: boolean;
  format?: string;
  status?: boolean;
  json: Record<string, FieldSet>;
}

export interface SliceVariationModel {
  id: string;
  name?: string;
  primary?: FieldSet;
  items?: FieldSet;
}

export interface SharedSliceModel {
  id: string;
  type: "SharedSlice";
  name?: string;
  variations: SliceVariationModel[];
}

export interface ContentModels {
  customTypes: Record<string, CustomTypeModel>;
  sharedSlices: Record<string, SharedSliceModel>;
}

/** One document file: `file` is how problems name it (a path relative to the project root). */
export interface ContentEntry {
  file: string;
  document: Json;
}

export const DOCUMENT_KEYS = [
  "id",
  "uid",
  "type",
  "href",
  "tags",
  "first_publication_date",
  "last_publication_date",
  "slugs",
  "linked_documents",
  "lang",
  "alternate_languages",
  "data",
] as const;

export const BLOCK_TYPES = [...TEXT_BLOCK_TYPES, "image", "embed"] as const;
export const SPAN_TYPES = ["strong", "em", "hyperlink", "label"] as const;
/** Prismic's timestamps: publication dates and Timestamp fields. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** What each check of one document is handed: problems are pushed to `errors`. */
export interface CheckContext {
  errors: string[];
  /** The language of the document being checked: links must stay in it. */
  lang: string;
  byId: Map<string, ContentEntry>;
  models: ContentModels;
}
