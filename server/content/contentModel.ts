/**
 * A validator for the embedded Prismic repository (content/), used by the tests and by the
 * development server (server/content/embeddedContentWatcher.ts): every document is checked
 * against its custom type (customtypes/<id>/index.json) and the shared slice models
 * (views/slices/<Name>/model.json), in the shape the Prismic REST API v2 returns documents.
 *
 * Problems are collected, never thrown: each is one readable line naming the file and the
 * path inside it, e.g.
 *   content/en-gb/page/about-us.json data.slices[1]<image_with_text/imageLeft>.primary.content[0]:
 *   block type "heading2" is not allowed here (allowed: paragraph, strong, em, ...)
 *
 * API
 *   loadModels(root)                        → { models, errors }   custom types + shared slices
 *   loadContentEntries(contentRoot)         → { entries, errors }  every *.json under content/ except media/
 *                                                                  and the reserved `_`/`.` folders (releases)
 *   loadReleaseEntries(contentRoot)         → { releases, errors } each release under content/_releases/<name>/
 *   overlayRelease(master, release)         → the entries a release's ref answers with (drafts replace by id)
 *   validateContent(entries, models, opts)  → { errors, notes }    all the checks below
 *   validateRepository(root)                → the three above in one call (media checked when present)
 *   richTextUsage(values) / sliceUsage(entries) / fieldsOf(type)   helpers for coverage tests
 *
 * Checks: the type has a model; data has exactly the model's fields (UID excluded); each value
 * has its field type's shape (Text, StructuredText with its single/multi/labels config and
 * span offsets, Image, Link by link_type, Boolean, Number, Date, Timestamp, Select, Color,
 * Embed, GeoPoint, Group, Slices with SharedSlice variations or legacy Slice non-repeat/repeat);
 * document links name a document of the same language with matching type/uid/lang/slug;
 * ids and (lang, type, uid) are unique; single types have one document per language;
 * alternate_languages are reciprocal; every `/media/` URL names a file in the media folder.
 */
import fs from "node:fs";
import path from "node:path";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

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

export interface ValidateOptions {
  /**
   * Folder `/media/<file>` URLs must exist in. `undefined` or a missing folder skips that
   * check (a note says so); `null` skips it silently.
   */
  mediaDir?: string | null;
  /** Check that a file at `<lang>/<type>/...` holds a document of that lang and type (default true). */
  checkPaths?: boolean;
}

export interface ValidationReport {
  /** One line per problem. */
  errors: string[];
  /** Checks that were skipped, and why. */
  notes: string[];
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

/** Block-level rich-text node types Prismic stores (group-list-item and friends are built by the renderer). */
export const TEXT_BLOCK_TYPES = [
  "paragraph",
  "preformatted",
  "heading1",
  "heading2",
  "heading3",
  "heading4",
  "heading5",
  "heading6",
  "list-item",
  "o-list-item",
] as const;
export const BLOCK_TYPES = [...TEXT_BLOCK_TYPES, "image", "embed"] as const;
export const SPAN_TYPES = ["strong", "em", "hyperlink", "label"] as const;

const LINK_TYPES = ["Any", "Web", "Document", "Media"];
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})$/;
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const isObject = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);
const show = (v: unknown): string => {
  if (v === null) return "null";
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v)}`;
  if (isObject(v)) return `an object with keys {${Object.keys(v).join(", ")}}`;
  return `${typeof v} ${JSON.stringify(v)}`;
};
const isValidDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

// ---------------------------------------------------------------- models

/** The fields of a custom type, its tabs flattened (as the API flattens them into `data`). */
export function fieldsOf(type: CustomTypeModel): FieldSet {
  return Object.assign({}, ...Object.values(type.json ?? {}));
}

function readJson(file: string, rel: string, errors: string[]): Json | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    errors.push(`${rel}: does not parse as JSON (${(error as Error).message})`);
    return undefined;
  }
}

function walkFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? walkFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Custom types from `<root>/customtypes/<id>/index.json`, shared slices from `<root>/views/slices/<Name>/model.json`. */
export function loadModels(root: string): { models: ContentModels; errors: string[] } {
  const errors: string[] = [];
  const models: ContentModels = { customTypes: {}, sharedSlices: {} };
  const rel = (f: string) => path.relative(root, f);

  for (const file of walkFiles(path.join(root, "views", "slices")).filter((f) => path.basename(f) === "model.json")) {
    const m = readJson(file, rel(file), errors);
    if (!m) continue;
    if (m.type !== "SharedSlice" || typeof m.id !== "string" || !Array.isArray(m.variations)) {
      errors.push(`${rel(file)}: not a SharedSlice model with an id and variations`);
      continue;
    }
    if (models.sharedSlices[m.id]) errors.push(`${rel(file)}: a second shared slice with id "${m.id}"`);
    const ids = m.variations.map((v: SliceVariationModel) => v.id);
    const dupes = ids.filter((id: string, i: number) => ids.indexOf(id) !== i);
    if (dupes.length) errors.push(`${rel(file)}: variation ids repeat (${dupes.join(", ")})`);
    models.sharedSlices[m.id] = m;
  }

  for (const file of walkFiles(path.join(root, "customtypes")).filter((f) => path.basename(f) === "index.json")) {
    const m = readJson(file, rel(file), errors);
    if (!m) continue;
    if (typeof m.id !== "string" || !isObject(m.json) || typeof m.repeatable !== "boolean") {
      errors.push(`${rel(file)}: not a custom type model (needs id, repeatable and json)`);
      continue;
    }
    if (path.basename(path.dirname(file)) !== m.id) errors.push(`${rel(file)}: folder name does not match id "${m.id}"`);
    const seen = new Set<string>();
    for (const [tab, fields] of Object.entries(m.json as Record<string, FieldSet>)) {
      for (const [key, field] of Object.entries(fields)) {
        if (seen.has(key)) errors.push(`${rel(file)}: field "${key}" appears in two tabs (again in "${tab}")`);
        seen.add(key);
        if (field.type === "Slices") {
          for (const [choice, def] of Object.entries((field.config?.choices ?? {}) as Record<string, Json>)) {
            if (def?.type === "SharedSlice" && !models.sharedSlices[choice])
              errors.push(`${rel(file)}: slice zone "${key}" offers "${choice}", which has no shared slice model`);
          }
        }
      }
    }
    models.customTypes[m.id] = m;
  }
  return { models, errors };
}

/** Folders the embedded repository does not read as published documents (`_releases/`, `.git/`…), as server/content/embedded/loadDocuments.ts. */
const isReserved = (relative: string) => relative.split(path.sep).slice(0, -1).some((folder) => /^[._]/.test(folder));

/**
 * Every published document file under `contentRoot`, sorted by path: the `media` folder and
 * the reserved folders (`_releases/`, dot folders) excluded, as the embedded repository does.
 */
export function loadContentEntries(contentRoot: string, relativeTo = path.dirname(contentRoot)): { entries: ContentEntry[]; errors: string[] } {
  const errors: string[] = [];
  const entries: ContentEntry[] = [];
  const mediaDir = path.join(contentRoot, "media");
  for (const file of walkFiles(contentRoot)) {
    if (file.startsWith(mediaDir + path.sep) || !file.endsWith(".json")) continue;
    if (isReserved(path.relative(contentRoot, file))) continue;
    const rel = path.relative(relativeTo, file);
    const document = readJson(file, rel, errors);
    if (document !== undefined) entries.push({ file: rel, document });
  }
  return { entries, errors };
}

export interface ReleaseEntries {
  name: string;
  entries: ContentEntry[];
}

/** The draft documents of each release, `<contentRoot>/_releases/<name>/**.json`, by release name. */
export function loadReleaseEntries(contentRoot: string, relativeTo = path.dirname(contentRoot)): { releases: ReleaseEntries[]; errors: string[] } {
  const root = path.join(contentRoot, "_releases");
  const errors: string[] = [];
  const releases: ReleaseEntries[] = [];
  if (!fs.existsSync(root)) return { releases, errors };
  for (const dir of fs.readdirSync(root, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!dir.isDirectory() || /^[._]/.test(dir.name)) continue;
    const loaded = loadContentEntries(path.join(root, dir.name), relativeTo);
    errors.push(...loaded.errors);
    releases.push({ name: dir.name, entries: loaded.entries });
  }
  return { releases, errors };
}

/** What a release's ref answers with: the master entries, a draft replacing the one with its id, new ids added. */
export function overlayRelease(master: ContentEntry[], release: ReleaseEntries): ContentEntry[] {
  const drafts = new Map(release.entries.map((e) => [e.document?.id, e]));
  const ids = new Set(master.map((e) => e.document?.id));
  return [...master.map((e) => drafts.get(e.document?.id) ?? e), ...release.entries.filter((e) => !ids.has(e.document?.id))];
}

// ---------------------------------------------------------------- documents

interface Context {
  errors: string[];
  /** The language of the document being checked: links must stay in it. */
  lang: string;
  byId: Map<string, ContentEntry>;
  models: ContentModels;
}

/** Validates `entries` against `models`; document links and translations resolve among `entries`. */
export function validateContent(entries: ContentEntry[], models: ContentModels, options: ValidateOptions = {}): ValidationReport {
  const errors: string[] = [];
  const notes: string[] = [];
  const byId = new Map<string, ContentEntry>();
  const byKey = new Map<string, string>();

  for (const entry of entries) {
    const d = entry.document;
    if (!isObject(d)) continue;
    if (typeof d.id === "string") {
      const first = byId.get(d.id);
      if (first) errors.push(`${entry.file}: id "${d.id}" is also used by ${first.file}`);
      else byId.set(d.id, entry);
    }
    const key = `${d.lang}/${d.type}/${d.uid ?? ""}`;
    const firstKey = byKey.get(key);
    if (firstKey) {
      const single = models.customTypes[d.type] && !models.customTypes[d.type].repeatable;
      errors.push(
        single
          ? `${entry.file}: a second "${d.type}" document in ${d.lang}, but the type is single (first: ${firstKey})`
          : `${entry.file}: uid "${d.uid}" is also used by ${firstKey} (${d.type}, ${d.lang})`,
      );
    } else byKey.set(key, entry.file);
  }

  for (const entry of entries) validateDocument(entry, { errors, byId, models, lang: "" }, options);

  if (options.mediaDir !== null) {
    if (!options.mediaDir || !fs.existsSync(options.mediaDir)) {
      notes.push(
        `Skipped the media check: ${options.mediaDir ? `the folder ${options.mediaDir} is missing` : "no media folder was given"}, so /media/ URLs were not compared with files.`,
      );
    } else {
      for (const entry of entries) checkMedia(entry, options.mediaDir, errors);
    }
  }
  return { errors, notes };
}

/** loadModels + loadContentEntries + validateContent for a project root (media from content/media). */
export function validateRepository(root: string): ValidationReport & { entries: ContentEntry[]; models: ContentModels } {
  const loadedModels = loadModels(root);
  const loadedContent = loadContentEntries(path.join(root, "content"), root);
  const report = validateContent(loadedContent.entries, loadedModels.models, { mediaDir: path.join(root, "content", "media") });
  return {
    errors: [...loadedModels.errors, ...loadedContent.errors, ...report.errors],
    notes: report.notes,
    entries: loadedContent.entries,
    models: loadedModels.models,
  };
}

function validateDocument(entry: ContentEntry, shared: Context, options: ValidateOptions) {
  const { file, document: d } = entry;
  const err = (msg: string) => shared.errors.push(`${file}: ${msg}`);
  if (!isObject(d)) return err(`a document must be a JSON object, got ${show(d)}`);

  for (const key of DOCUMENT_KEYS) if (!(key in d)) err(`missing the document field "${key}"`);
  for (const key of Object.keys(d)) if (!(DOCUMENT_KEYS as readonly string[]).includes(key)) err(`unknown document field "${key}"`);
  if (typeof d.id !== "string" || !d.id) err(`id must be a non-empty string, got ${show(d.id)}`);
  if (typeof d.type !== "string" || !d.type) return err(`type must be a non-empty string, got ${show(d.type)}`);
  if (typeof d.lang !== "string" || !/^[a-z]{2}(-[a-z]{2})?$/.test(d.lang)) err(`lang must look like "en-gb", got ${show(d.lang)}`);
  if (!Array.isArray(d.tags) || d.tags.some((t: unknown) => typeof t !== "string")) err(`tags must be a list of strings, got ${show(d.tags)}`);
  if (!Array.isArray(d.slugs) || !d.slugs.length || d.slugs.some((s: unknown) => typeof s !== "string" || !s))
    err(`slugs must be a non-empty list of strings, got ${show(d.slugs)}`);
  if (!Array.isArray(d.linked_documents)) err(`linked_documents must be a list, got ${show(d.linked_documents)}`);
  for (const k of ["first_publication_date", "last_publication_date"] as const) {
    if (typeof d[k] !== "string" || !ISO_TIMESTAMP.test(d[k]) || Number.isNaN(Date.parse(d[k].replace(/([+-]\d{2})(\d{2})$/, "$1:$2"))))
      err(`${k} must be an ISO 8601 timestamp, got ${show(d[k])}`);
  }
  if (typeof d.first_publication_date === "string" && typeof d.last_publication_date === "string" && d.first_publication_date > d.last_publication_date)
    err("first_publication_date is after last_publication_date");
  if (typeof d.href !== "string" || (typeof d.id === "string" && !d.href.includes(encodeURIComponent(`"${d.id}"`))))
    err("href must be the API URL of the document (naming its id)");

  if (options.checkPaths !== false) {
    const parts = file.split(/[\\/]/);
    // A release's drafts sit at content/_releases/<name>/<lang>/<type>/...
    const content = parts.indexOf("content");
    const at = content >= 0 && parts[content + 1] === "_releases" ? content + 2 : content;
    if (at >= 0 && parts.length - at >= 4) {
      const [lang, type] = parts.slice(at + 1, at + 3);
      if (lang !== d.lang) err(`is in the ${lang} folder but its lang is "${d.lang}"`);
      if (type !== d.type) err(`is in the ${type} folder but its type is "${d.type}"`);
    }
  }

  const model = shared.models.customTypes[d.type];
  if (!model) return err(`type "${d.type}" has no model in customtypes/ (known: ${Object.keys(shared.models.customTypes).join(", ")})`);
  if (model.repeatable) {
    if (typeof d.uid !== "string" || !/^[a-z0-9][a-z0-9_-]*$/.test(d.uid))
      err(`"${d.type}" is repeatable, so uid must be a lower-case slug, got ${show(d.uid)}`);
  } else if (d.uid !== null) err(`"${d.type}" is a single type, so uid must be null, got ${show(d.uid)}`);

  checkAlternates(entry, shared);

  if (!isObject(d.data)) return err(`data must be an object, got ${show(d.data)}`);
  const ctx: Context = { ...shared, lang: d.lang };
  checkFields(`${file} data`, d.data, fieldsOf(model), ctx, { skipUid: true });
}

function checkAlternates({ file, document: d }: ContentEntry, ctx: Context) {
  const err = (msg: string) => ctx.errors.push(`${file}: ${msg}`);
  if (!Array.isArray(d.alternate_languages)) return;
  const langs = new Set<string>();
  d.alternate_languages.forEach((alt: Json, i: number) => {
    const where = `alternate_languages[${i}]`;
    if (!isObject(alt) || typeof alt.id !== "string" || typeof alt.lang !== "string" || typeof alt.type !== "string")
      return err(`${where} must have id, type and lang, got ${show(alt)}`);
    if (alt.lang === d.lang) err(`${where} is in the document's own language ${d.lang}`);
    if (langs.has(alt.lang)) err(`${where} is a second translation into ${alt.lang}`);
    langs.add(alt.lang);
    const target = ctx.byId.get(alt.id)?.document;
    if (!target) return err(`${where} names "${alt.id}", which is not a document in the repository`);
    if (target.lang !== alt.lang || target.type !== alt.type || (target.uid ?? undefined) !== (alt.uid ?? undefined))
      err(`${where} says ${alt.type}/${alt.uid ?? "-"}/${alt.lang} but "${alt.id}" is ${target.type}/${target.uid ?? "-"}/${target.lang}`);
    const back = Array.isArray(target.alternate_languages) && target.alternate_languages.some((b: Json) => b?.id === d.id);
    if (!back) err(`${where} names "${alt.id}", which does not name this document ("${d.id}") among its alternate_languages`);
  });
}

// ---------------------------------------------------------------- fields

function checkFields(where: string, value: Json, fields: FieldSet, ctx: Context, opts: { skipUid?: boolean } = {}) {
  if (!isObject(value)) return ctx.errors.push(`${where}: expected an object of fields, got ${show(value)}`);
  for (const key of Object.keys(value)) {
    if (!fields[key]) ctx.errors.push(`${where}: "${key}" is not a field of the model (fields: ${Object.keys(fields).filter((k) => fields[k].type !== "UID").join(", ") || "none"})`);
  }
  for (const [key, field] of Object.entries(fields)) {
    if (field.type === "UID") {
      if (opts.skipUid && key in value) ctx.errors.push(`${where}.${key}: the UID belongs at the top level of the document, not in data`);
      continue;
    }
    if (!(key in value)) {
      ctx.errors.push(`${where}: the model's ${field.type} field "${key}" is missing`);
      continue;
    }
    checkField(`${where}.${key}`, value[key], field, ctx);
  }
}

function checkField(where: string, v: Json, field: FieldModel, ctx: Context) {
  const bad = (expected: string) => ctx.errors.push(`${where}: expected ${expected}, got ${show(v)}`);
  const config = field.config ?? {};
  switch (field.type) {
    case "Text":
      if (v !== null && typeof v !== "string") bad("a Text value (string or null)");
      return;
    case "Boolean":
      if (typeof v !== "boolean") bad("a Boolean (true or false)");
      return;
    case "Number":
      if (v !== null && (typeof v !== "number" || !Number.isFinite(v))) bad("a Number (finite number or null)");
      return;
    case "Date":
      if (v !== null && (typeof v !== "string" || !isValidDate(v))) bad("a Date (YYYY-MM-DD or null)");
      return;
    case "Timestamp":
      if (v !== null && (typeof v !== "string" || !ISO_TIMESTAMP.test(v))) bad("a Timestamp (ISO 8601 or null)");
      return;
    case "Select": {
      const options: string[] = config.options ?? [];
      if (v !== null && (typeof v !== "string" || !options.includes(v))) bad(`a Select value (one of ${options.join(", ")}, or null)`);
      return;
    }
    case "Color":
      if (v !== null && (typeof v !== "string" || !HEX_COLOUR.test(v))) bad("a Color (#rrggbb or null)");
      return;
    case "Image":
      return checkImage(where, v, field, ctx);
    case "Link":
      return checkLink(where, v, field, ctx);
    case "Embed":
      if (!isObject(v)) return bad("an Embed ({} or an oEmbed object)");
      if (Object.keys(v).length === 0) return;
      if (typeof v.embed_url !== "string" || !/^https?:\/\//.test(v.embed_url)) bad("an Embed with an http(s) embed_url");
      if ("type" in v && typeof v.type !== "string") ctx.errors.push(`${where}.type: expected a string, got ${show(v.type)}`);
      if ("html" in v && v.html !== null && typeof v.html !== "string") ctx.errors.push(`${where}.html: expected a string or null, got ${show(v.html)}`);
      return;
    case "GeoPoint":
      if (!isObject(v)) return bad("a GeoPoint ({} or {latitude, longitude})");
      if (Object.keys(v).length && (typeof v.latitude !== "number" || typeof v.longitude !== "number")) bad("a GeoPoint with numeric latitude and longitude");
      return;
    case "IntegrationFields":
      if (v !== null && !isObject(v)) bad("an IntegrationFields object or null");
      return;
    case "StructuredText":
      return checkRichText(where, v, field, ctx);
    case "Group": {
      if (!Array.isArray(v)) return bad("a Group (a list of items)");
      if (config.repeat === false && v.length > 1) ctx.errors.push(`${where}: the group does not repeat, but has ${v.length} items`);
      v.forEach((item, i) => checkFields(`${where}[${i}]`, item, config.fields ?? {}, ctx));
      return;
    }
    case "Slices":
      return checkSliceZone(where, v, field, ctx);
    case "UID":
      ctx.errors.push(`${where}: a UID field cannot be nested here`);
      return;
    default:
      ctx.errors.push(`${where}: the model uses field type "${field.type}", which this validator does not know`);
  }
}

const IMAGE_KEYS = ["url", "dimensions", "alt", "copyright", "id", "edit"];

function checkImage(where: string, v: Json, field: FieldModel, ctx: Context) {
  const err = (msg: string) => ctx.errors.push(`${where}: ${msg}`);
  if (!isObject(v)) return err(`expected an Image ({} or an image object), got ${show(v)}`);
  if (Object.keys(v).length === 0) return;
  const thumbnails: string[] = (field.config?.thumbnails ?? []).map((t: Json) => t?.name).filter(Boolean);
  for (const key of Object.keys(v)) if (!IMAGE_KEYS.includes(key) && !thumbnails.includes(key)) err(`unknown image property "${key}"`);
  checkImageView(where, v, ctx);
  const c = field.config?.constraint ?? {};
  if (typeof c.width === "number" && typeof c.height === "number" && isObject(v.dimensions)) {
    const want = c.width / c.height;
    const got = v.dimensions.width / v.dimensions.height;
    if (Math.abs(got - want) / want > 0.01)
      err(`the field is constrained to ${c.width}×${c.height}, but the image is ${v.dimensions.width}×${v.dimensions.height} (another aspect ratio)`);
  }
  for (const name of thumbnails) {
    if (!(name in v)) err(`missing the "${name}" thumbnail`);
    else checkImageView(`${where}.${name}`, v[name], ctx);
  }
}

function checkImageView(where: string, v: Json, ctx: Context) {
  const err = (msg: string) => ctx.errors.push(`${where}: ${msg}`);
  if (!isObject(v)) return err(`expected an image object, got ${show(v)}`);
  if (typeof v.url !== "string" || !v.url) err(`an image needs a url, got ${show(v.url)}`);
  const d = v.dimensions;
  if (!isObject(d) || !Number.isInteger(d.width) || !Number.isInteger(d.height) || d.width <= 0 || d.height <= 0)
    err(`an image needs dimensions {width, height} in whole pixels, got ${show(d)}`);
  if (!("alt" in v) || (v.alt !== null && typeof v.alt !== "string")) err(`alt must be a string or null, got ${show(v.alt)}`);
  if ("copyright" in v && v.copyright !== null && typeof v.copyright !== "string") err(`copyright must be a string or null, got ${show(v.copyright)}`);
  if ("id" in v && typeof v.id !== "string") err(`id must be a string, got ${show(v.id)}`);
  if ("edit" in v && !isObject(v.edit)) err(`edit must be an object, got ${show(v.edit)}`);
}

const LINK_KEYS: Record<string, string[]> = {
  Any: ["link_type", "text"],
  Web: ["link_type", "url", "target", "text"],
  Media: ["link_type", "id", "url", "kind", "name", "size", "height", "width", "text"],
  Document: ["link_type", "id", "type", "tags", "lang", "slug", "uid", "first_publication_date", "last_publication_date", "isBroken", "url", "data", "text"],
};

/** A Link field, a hyperlink span's data or an image node's linkTo (`allowAny` false for the last two). */
function checkLink(where: string, v: Json, field: FieldModel | null, ctx: Context, allowAny = true) {
  const err = (msg: string) => ctx.errors.push(`${where}: ${msg}`);
  if (!isObject(v)) return err(`expected a Link object, got ${show(v)}`);
  if (!LINK_TYPES.includes(v.link_type)) return err(`link_type must be one of ${LINK_TYPES.join(", ")}, got ${show(v.link_type)}`);
  for (const key of Object.keys(v)) if (!LINK_KEYS[v.link_type].includes(key)) err(`"${key}" is not a property of a ${v.link_type} link`);
  const select = field?.config?.select ?? null;
  if (select && v.link_type !== "Any" && v.link_type.toLowerCase() !== select) err(`the field only accepts ${select} links, got a ${v.link_type} link`);
  switch (v.link_type) {
    case "Any":
      if (!allowAny) err("an empty link (link_type Any) cannot carry a hyperlink");
      return;
    case "Web":
      if (typeof v.url !== "string" || !v.url) err(`a Web link needs a url, got ${show(v.url)}`);
      if ("target" in v && typeof v.target !== "string") err(`target must be a string, got ${show(v.target)}`);
      return;
    case "Media":
      if (typeof v.url !== "string" || !v.url) err(`a Media link needs a url, got ${show(v.url)}`);
      if (!["image", "document", "file"].includes(v.kind)) err(`a Media link's kind must be image, document or file, got ${show(v.kind)}`);
      if (typeof v.name !== "string") err(`a Media link needs a file name, got ${show(v.name)}`);
      return;
    case "Document": {
      if (typeof v.id !== "string" || !v.id) return err(`a Document link needs an id, got ${show(v.id)}`);
      for (const key of ["type", "lang"]) if (typeof v[key] !== "string") err(`a Document link needs ${key}, got ${show(v[key])}`);
      if (!Array.isArray(v.tags)) err(`a Document link needs tags (a list), got ${show(v.tags)}`);
      if ("isBroken" in v && typeof v.isBroken !== "boolean") err(`isBroken must be a boolean, got ${show(v.isBroken)}`);
      const customtypes: string[] = field?.config?.customtypes ?? [];
      if (customtypes.length && !customtypes.includes(v.type)) err(`the field only links to ${customtypes.join(", ")}, got a ${v.type}`);
      const target = ctx.byId.get(v.id)?.document;
      if (!target) return err(`links to "${v.id}", which is not a document in the repository`);
      if (v.isBroken === true) err(`is marked broken, but "${v.id}" exists`);
      if (target.lang !== ctx.lang) err(`links to "${v.id}" in ${target.lang}, from a ${ctx.lang} document`);
      if (v.type !== target.type) err(`says type "${v.type}", but "${v.id}" is a ${target.type}`);
      if (v.lang !== target.lang) err(`says lang "${v.lang}", but "${v.id}" is ${target.lang}`);
      if ((v.uid ?? null) !== (target.uid ?? null)) err(`says uid ${show(v.uid ?? null)}, but "${v.id}" has uid ${show(target.uid)}`);
      if ("slug" in v && Array.isArray(target.slugs) && v.slug !== target.slugs[0]) err(`says slug ${show(v.slug)}, but "${v.id}" has slug ${show(target.slugs[0])}`);
      return;
    }
  }
}

function allowedNodes(field: FieldModel): { allowed: Set<string>; single: boolean; labels: string[] } {
  const config = field.config ?? {};
  const single = typeof config.single === "string";
  const list = String((single ? config.single : config.multi) ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const labels: string[] = Array.isArray(config.labels) ? config.labels.map((l: Json) => (typeof l === "string" ? l : l?.name)).filter(Boolean) : [];
  return { allowed: new Set(list), single, labels };
}

function checkRichText(where: string, v: Json, field: FieldModel, ctx: Context) {
  const err = (w: string, msg: string) => ctx.errors.push(`${w}: ${msg}`);
  if (!Array.isArray(v)) return err(where, `expected StructuredText (a list of blocks), got ${show(v)}`);
  const { allowed, single, labels } = allowedNodes(field);
  const allowedList = [...allowed].join(", ");
  if (single && v.length > 1) err(where, `a single-block rich text field has ${v.length} blocks`);
  v.forEach((block: Json, i: number) => {
    const w = `${where}[${i}]`;
    if (!isObject(block)) return err(w, `expected a rich-text block, got ${show(block)}`);
    if (!(BLOCK_TYPES as readonly string[]).includes(block.type)) return err(w, `"${block.type}" is not a rich-text block type`);
    if (!allowed.has(block.type)) err(w, `block type "${block.type}" is not allowed here (allowed: ${allowedList})`);
    if (block.type === "image") {
      for (const key of Object.keys(block)) if (![...IMAGE_KEYS, "type", "linkTo"].includes(key)) err(w, `"${key}" is not a property of an image block`);
      checkImageView(w, block, ctx);
      if ("linkTo" in block) checkLink(`${w}.linkTo`, block.linkTo, null, ctx, false);
      return;
    }
    if (block.type === "embed") {
      for (const key of Object.keys(block)) if (!["type", "oembed"].includes(key)) err(w, `"${key}" is not a property of an embed block`);
      if (!isObject(block.oembed) || typeof block.oembed.embed_url !== "string" || typeof block.oembed.type !== "string")
        err(`${w}.oembed`, `an embed block needs an oembed object with embed_url and type, got ${show(block.oembed)}`);
      return;
    }
    for (const key of Object.keys(block)) if (!["type", "text", "spans", "direction"].includes(key)) err(w, `"${key}" is not a property of a ${block.type} block`);
    if ("direction" in block && block.direction !== "rtl") err(w, `direction can only be "rtl", got ${show(block.direction)}`);
    if ("direction" in block && !allowed.has("rtl")) err(w, "right-to-left text is not allowed here");
    if (typeof block.text !== "string") return err(w, `a ${block.type} block needs text, got ${show(block.text)}`);
    if (!Array.isArray(block.spans)) return err(w, `a ${block.type} block needs spans (a list), got ${show(block.spans)}`);
    block.spans.forEach((span: Json, j: number) => {
      const sw = `${w}.spans[${j}]`;
      if (!isObject(span)) return err(sw, `expected a span, got ${show(span)}`);
      if (!(SPAN_TYPES as readonly string[]).includes(span.type)) return err(sw, `"${span.type}" is not a span type`);
      const spanAllowed = span.type === "label" ? allowed.has("label") || labels.length > 0 : allowed.has(span.type);
      if (!spanAllowed) err(sw, `span type "${span.type}" is not allowed here (allowed: ${allowedList})`);
      if (!Number.isInteger(span.start) || !Number.isInteger(span.end) || span.start < 0 || span.start >= span.end || span.end > block.text.length)
        err(sw, `span offsets ${span.start}–${span.end} are not a non-empty range inside the text (length ${block.text.length})`);
      if (span.type === "hyperlink") checkLink(`${sw}.data`, span.data, null, ctx, false);
      if (span.type === "label") {
        const name = span.data?.label;
        if (typeof name !== "string" || !name) err(sw, `a label span needs data.label, got ${show(span.data)}`);
        else if (labels.length && !labels.includes(name)) err(sw, `label "${name}" is not one of the field's labels (${labels.join(", ")})`);
      }
    });
  });
}

function checkSliceZone(where: string, v: Json, field: FieldModel, ctx: Context) {
  const err = (w: string, msg: string) => ctx.errors.push(`${w}: ${msg}`);
  if (!Array.isArray(v)) return err(where, `expected a slice zone (a list of slices), got ${show(v)}`);
  const choices: Record<string, Json> = field.config?.choices ?? {};
  const ids = new Set<string>();
  v.forEach((s: Json, i: number) => {
    let w = `${where}[${i}]`;
    if (!isObject(s)) return err(w, `expected a slice, got ${show(s)}`);
    const choice = choices[s.slice_type];
    if (!choice) return err(w, `slice type ${show(s.slice_type)} is not offered by this slice zone (offered: ${Object.keys(choices).join(", ")})`);
    if (typeof s.id !== "string" || !s.id) err(w, `a slice needs an id, got ${show(s.id)}`);
    else if (ids.has(s.id)) err(w, `slice id "${s.id}" is used twice in this zone`);
    else ids.add(s.id);
    if (!("slice_label" in s) || (s.slice_label !== null && typeof s.slice_label !== "string")) err(w, `slice_label must be a string or null, got ${show(s.slice_label)}`);
    if (!Array.isArray(s.items)) err(w, `items must be a list, got ${show(s.items)}`);

    if (choice.type === "SharedSlice") {
      for (const key of Object.keys(s)) if (!["slice_type", "slice_label", "id", "variation", "version", "primary", "items"].includes(key)) err(w, `"${key}" is not a property of a shared slice`);
      const model = ctx.models.sharedSlices[s.slice_type];
      if (!model) return err(w, `"${s.slice_type}" has no shared slice model`);
      const variation = model.variations.find((x) => x.id === s.variation);
      if (!variation)
        return err(w, `"${s.slice_type}" has no variation ${show(s.variation)} (variations: ${model.variations.map((x) => x.id).join(", ")})`);
      if (typeof s.version !== "string") err(w, `a shared slice needs a version string, got ${show(s.version)}`);
      w = `${w}<${s.slice_type}/${s.variation}>`;
      checkFields(`${w}.primary`, s.primary, variation.primary ?? {}, ctx);
      if (Array.isArray(s.items)) {
        const itemFields = variation.items ?? {};
        if (!Object.keys(itemFields).length && s.items.length) err(w, `the variation has no repeatable fields, but the slice has ${s.items.length} items`);
        else s.items.forEach((item: Json, j: number) => checkFields(`${w}.items[${j}]`, item, itemFields, ctx));
      }
    } else if (choice.type === "Slice") {
      for (const key of Object.keys(s)) if (!["slice_type", "slice_label", "id", "primary", "items"].includes(key)) err(w, `"${key}" is not a property of a slice`);
      w = `${w}<${s.slice_type}>`;
      checkFields(`${w}.primary`, s.primary, choice["non-repeat"] ?? {}, ctx);
      if (Array.isArray(s.items)) s.items.forEach((item: Json, j: number) => checkFields(`${w}.items[${j}]`, item, choice.repeat ?? {}, ctx));
    } else {
      err(w, `the zone's choice "${s.slice_type}" has unknown type ${show(choice.type)}`);
    }
  });
}

// ---------------------------------------------------------------- media

/** Every `url` (or `thumbnail_url`) in data that starts with /media/ must name a file in mediaDir. */
function checkMedia({ file, document: d }: ContentEntry, mediaDir: string, errors: string[]) {
  const root = path.resolve(mediaDir);
  const visit = (v: Json, where: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => visit(x, `${where}[${i}]`));
    if (!isObject(v)) return;
    for (const [key, value] of Object.entries(v)) {
      if ((key === "url" || key === "thumbnail_url") && typeof value === "string" && value.startsWith("/media/")) {
        const name = decodeURIComponent(value.slice("/media/".length).split(/[?#]/)[0]);
        const target = path.resolve(root, name);
        if (!name || !target.startsWith(root + path.sep)) errors.push(`${file} ${where}.${key}: ${value} does not name a file inside the media folder`);
        else if (!fs.existsSync(target) || !fs.statSync(target).isFile()) errors.push(`${file} ${where}.${key}: ${value} names no file in ${path.basename(root)}/`);
      } else visit(value, `${where}.${key}`);
    }
  };
  if (isObject(d)) visit(d.data, "data");
}

// ---------------------------------------------------------------- coverage helpers

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
  const usage: RichTextUsage = { blocks: new Set(), spans: new Set(), hyperlinks: new Set(), imagesWithLink: 0, labels: new Set() };
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
          usage.hyperlinks.add(link.link_type === "Web" && /^mailto:/i.test(link.url ?? "") ? "mailto" : link.link_type);
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
