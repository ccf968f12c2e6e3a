/**
 * A validator for the embedded Prismic repository (content/), used by the tests and by the
 * development server (server/dev/embeddedContentWatcher.ts): every document is checked
 * against its custom type (customtypes/<id>/index.json) and the shared slice models
 * (views/slices/<Name>/model.json), in the shape the Prismic REST API v2 returns documents.
 *
 * Problems are collected, never thrown: each is one readable line naming the file and the
 * path inside it, e.g.
 *   content/en-gb/page/about-us.json data.slices[1]<image_with_text/imageLeft>.primary.content[0]:
 *   block type "heading2" is not allowed here (allowed: paragraph, strong, em, ...)
 *
 * API (packages/prismic-stand-in/src/model/; its imports name their .ts files, as scripts/prismic/push.ts loads
 * loadModels under Node's own type stripping)
 *   loadModels(root)                        → { models, errors }   custom types + shared slices   (loadModels.ts)
 *   loadContentEntries(contentRoot)         → { entries, errors }  every *.json under content/ except media/
 *                                                                  and the reserved `_`/`.` folders (contentEntries.ts)
 *   loadReleaseEntries(contentRoot)         → { releases, errors } each release under content/_releases/<name>/
 *   overlayRelease(master, release)         → the entries a release's ref answers with (drafts replace by id)
 *   validateContent(entries, models, opts)  → { errors, notes }    all the checks below          (this file)
 *   validateRepository(root)                → the three above in one call (media checked when present)
 *   richTextUsage(values) / sliceUsage(entries) (contentUsage.ts) / fieldsOf(type) (loadModels.ts)
 *                                                                  helpers for coverage tests
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
import { loadContentEntries } from "./contentEntries.ts";
import { checkFields } from "./fieldChecks.ts";
import { isObject, show, type Json } from "./jsonValues.ts";
import { fieldsOf, loadModels } from "./loadModels.ts";
import { checkMedia } from "./mediaCheck.ts";
import {
  DOCUMENT_KEYS,
  ISO_TIMESTAMP,
  type CheckContext,
  type ContentEntry,
  type ContentModels,
} from "./modelTypes.ts";

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

/** Validates `entries` against `models`; document links and translations resolve among `entries`. */
export function validateContent(
  entries: ContentEntry[],
  models: ContentModels,
  options: ValidateOptions = {},
): ValidationReport {
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
export function validateRepository(
  root: string,
): ValidationReport & { entries: ContentEntry[]; models: ContentModels } {
  const loadedModels = loadModels(root);
  const loadedContent = loadContentEntries(path.join(root, "content"), root);
  const report = validateContent(loadedContent.entries, loadedModels.models, {
    mediaDir: path.join(root, "content", "media"),
  });
  return {
    errors: [...loadedModels.errors, ...loadedContent.errors, ...report.errors],
    notes: report.notes,
    entries: loadedContent.entries,
    models: loadedModels.models,
  };
}

function validateDocument(entry: ContentEntry, shared: CheckContext, options: ValidateOptions) {
  const { file, document: d } = entry;
  const err = (msg: string) => shared.errors.push(`${file}: ${msg}`);
  if (!isObject(d)) return err(`a document must be a JSON object, got ${show(d)}`);

  for (const key of DOCUMENT_KEYS) if (!(key in d)) err(`missing the document field "${key}"`);
  for (const key of Object.keys(d))
    if (!(DOCUMENT_KEYS as readonly string[]).includes(key)) err(`unknown document field "${key}"`);
  if (typeof d.id !== "string" || !d.id) err(`id must be a non-empty string, got ${show(d.id)}`);
  if (typeof d.type !== "string" || !d.type) return err(`type must be a non-empty string, got ${show(d.type)}`);
  if (typeof d.lang !== "string" || !/^[a-z]{2}(-[a-z]{2})?$/.test(d.lang))
    err(`lang must look like "en-gb", got ${show(d.lang)}`);
  if (!Array.isArray(d.tags) || d.tags.some((t: unknown) => typeof t !== "string"))
    err(`tags must be a list of strings, got ${show(d.tags)}`);
  if (!Array.isArray(d.slugs) || !d.slugs.length || d.slugs.some((s: unknown) => typeof s !== "string" || !s))
    err(`slugs must be a non-empty list of strings, got ${show(d.slugs)}`);
  if (!Array.isArray(d.linked_documents)) err(`linked_documents must be a list, got ${show(d.linked_documents)}`);
  for (const k of ["first_publication_date", "last_publication_date"] as const) {
    if (
      typeof d[k] !== "string" ||
      !ISO_TIMESTAMP.test(d[k]) ||
      Number.isNaN(Date.parse(d[k].replace(/([+-]\d{2})(\d{2})$/, "$1:$2")))
    )
      err(`${k} must be an ISO 8601 timestamp, got ${show(d[k])}`);
  }
  if (
    typeof d.first_publication_date === "string" &&
    typeof d.last_publication_date === "string" &&
    d.first_publication_date > d.last_publication_date
  )
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
  if (!model)
    return err(
      `type "${d.type}" has no model in customtypes/ (known: ${Object.keys(shared.models.customTypes).join(", ")})`,
    );
  if (model.repeatable) {
    if (typeof d.uid !== "string" || !/^[a-z0-9][a-z0-9_-]*$/.test(d.uid))
      err(`"${d.type}" is repeatable, so uid must be a lower-case slug, got ${show(d.uid)}`);
  } else if (d.uid !== null) err(`"${d.type}" is a single type, so uid must be null, got ${show(d.uid)}`);

  checkAlternates(entry, shared);

  if (!isObject(d.data)) return err(`data must be an object, got ${show(d.data)}`);
  const ctx: CheckContext = { ...shared, lang: d.lang };
  checkFields(`${file} data`, d.data, fieldsOf(model), ctx, { skipUid: true });
}

function checkAlternates({ file, document: d }: ContentEntry, ctx: CheckContext) {
  const err = (msg: string) => ctx.errors.push(`${file}: ${msg}`);
  if (!Array.isArray(d.alternate_languages)) return;
  const langs = new Set<string>();
  for (const [i, alt] of d.alternate_languages.entries()) {
    const where = `alternate_languages[${i}]`;
    if (!isObject(alt) || typeof alt.id !== "string" || typeof alt.lang !== "string" || typeof alt.type !== "string") {
      err(`${where} must have id, type and lang, got ${show(alt)}`);
      continue;
    }
    if (alt.lang === d.lang) err(`${where} is in the document's own language ${d.lang}`);
    if (langs.has(alt.lang)) err(`${where} is a second translation into ${alt.lang}`);
    langs.add(alt.lang);
    const target = ctx.byId.get(alt.id)?.document;
    if (!target) {
      err(`${where} names "${alt.id}", which is not a document in the repository`);
      continue;
    }
    if (target.lang !== alt.lang || target.type !== alt.type || (target.uid ?? undefined) !== (alt.uid ?? undefined))
      err(
        `${where} says ${alt.type}/${alt.uid ?? "-"}/${alt.lang} but "${alt.id}" is ${target.type}/${target.uid ?? "-"}/${target.lang}`,
      );
    const back =
      Array.isArray(target.alternate_languages) && target.alternate_languages.some((b: Json) => b?.id === d.id);
    if (!back)
      err(`${where} names "${alt.id}", which does not name this document ("${d.id}") among its alternate_languages`);
  }
}
