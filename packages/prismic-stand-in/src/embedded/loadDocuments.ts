import fs from "node:fs";
import path from "node:path";
import type { AlternateLanguage, PrismicDocument } from "@prismicio/client";
import { EMBEDDED_ENDPOINT } from "./embeddedFetch";
import { RELEASE_NAME, type EmbeddedRelease } from "./embeddedRepository";

/**
 * Reads the embedded repository: one JSON file per document, in the shape the Prismic REST API
 * returns in `results[]`, at any folder depth. A bad file stops start-up with a message naming it,
 * rather than serving a site with a page silently missing.
 */

export class ContentFileError extends Error {
  override name = "ContentFileError";

  constructor(
    /** The file (or folder) at fault. */
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

/** Folders starting with these are reserved (e.g. `_releases/` for drafts, `.git/`). */
const RESERVED_PREFIXES = [".", "_"];

export function loadDocuments(dir: string): PrismicDocument[] {
  const root = path.resolve(dir);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(root);
  } catch {
    throw new ContentFileError(root, "content folder not found");
  }
  if (!stat.isDirectory()) throw new ContentFileError(root, "content folder is not a folder");

  const documents: PrismicDocument[] = [];
  const fileOfId = new Map<string, string>();
  const fileOfUid = new Map<string, string>();

  for (const file of listJsonFiles(root)) {
    const document = readDocument(file);

    const sameId = fileOfId.get(document.id);
    if (sameId) throw new ContentFileError(file, `duplicate id "${document.id}" (also in ${sameId})`);
    fileOfId.set(document.id, file);

    if (document.uid !== null) {
      const key = JSON.stringify([document.type, document.uid, document.lang]);
      const sameUid = fileOfUid.get(key);
      if (sameUid) {
        const { uid, type, lang } = document;
        throw new ContentFileError(
          file,
          `duplicate uid "${uid}" for type "${type}" and lang "${lang}" (also in ${sameUid})`,
        );
      }
      fileOfUid.set(key, file);
    }

    documents.push(document);
  }
  return documents;
}

/** Where the releases live under the content folder: one folder of draft documents per release. */
export const RELEASES_FOLDER = "_releases";

/**
 * The releases under `<dir>/_releases/<name>/`: each folder is read like the content folder
 * itself (any depth, the same checks), and none is required. A folder name that cannot be a
 * release name stops start-up like a bad file.
 */
export function loadReleases(dir: string): EmbeddedRelease[] {
  const root = path.join(path.resolve(dir), RELEASES_FOLDER);
  if (!fs.existsSync(root)) return [];
  const entries = fs.readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  const releases: EmbeddedRelease[] = [];
  for (const entry of entries) {
    const full = path.join(root, entry.name);
    const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && fs.statSync(full).isDirectory());
    if (!isFolder || RESERVED_PREFIXES.some((prefix) => entry.name.startsWith(prefix))) continue;
    if (!RELEASE_NAME.test(entry.name)) {
      throw new ContentFileError(full, "a release folder name is lower-case letters, digits and hyphens (at most 63)");
    }
    releases.push({ name: entry.name, documents: loadDocuments(full) });
  }
  return releases;
}

/** Every `*.json` below `dir`, sorted by path so the load order is the same on every machine. */
function listJsonFiles(dir: string): string[] {
  const files: string[] = [];
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && fs.statSync(full).isDirectory());
    if (isFolder) {
      const reserved = RESERVED_PREFIXES.some((prefix) => entry.name.startsWith(prefix));
      if (!reserved) files.push(...listJsonFiles(full));
    } else if (entry.name.endsWith(".json") && !entry.name.startsWith(".")) {
      // Only folders are reserved by "_": a Prismic id (so an exported file's name) may start with it.
      files.push(full);
    }
  }
  return files;
}

function readDocument(file: string): PrismicDocument {
  const fail = (problem: string): never => {
    throw new ContentFileError(file, problem);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    fail(`invalid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(parsed)) return fail("not a JSON object (expected one Prismic document)");
  const document = parsed;

  const required = (key: string): string => {
    const value = document[key];
    if (typeof value === "string" && value !== "") return value;
    return fail(`${value === undefined ? "missing" : "invalid"} "${key}" (expected a non-empty string)`);
  };
  // The header fields the filters and the site rely on must have the right type when present.
  const optional = <T>(key: string, valid: (value: unknown) => value is T, expected: string) => {
    const value = document[key];
    return value === undefined || valid(value) ? value : fail(`invalid "${key}" (expected ${expected})`);
  };

  const id = required("id");
  const type = required("type");
  const lang = required("lang");
  // Exports from Prismic carry these; hand-written files may not, so fill what Prismic always sends.
  const published = prismicTimestamp(fs.statSync(file).mtime);
  return {
    ...document,
    id,
    uid: optional("uid", isUid, "a non-empty string or null") ?? null,
    url: optional("url", isStringOrNull, "a string or null") ?? null,
    type,
    href: optional("href", isString, "a string") ?? documentHref(id),
    tags: optional("tags", isStringArray, "an array of strings") ?? [],
    first_publication_date: optional("first_publication_date", isTimestamp, TIMESTAMP) ?? published,
    last_publication_date: optional("last_publication_date", isTimestamp, TIMESTAMP) ?? published,
    slugs: optional("slugs", isStringArray, "an array of strings") ?? [],
    linked_documents: optional("linked_documents", isArray, "an array") ?? [],
    lang,
    alternate_languages: optional("alternate_languages", isAlternateLanguages, "an array") ?? [],
    data: optional("data", isRecord, "an object") ?? {},
  };
}

const TIMESTAMP = "a timestamp such as 2024-01-31T09:00:00+0000";

/** Prismic writes timestamps as `2024-01-31T09:00:00+0000`. */
function prismicTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "+0000");
}

function documentHref(id: string): string {
  const query = `[[:d = at(document.id, "${id}")]]`;
  return `${EMBEDDED_ENDPOINT}/documents/search?q=${encodeURIComponent(query)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

function isStringOrNull(value: unknown): value is string | null {
  return value === null || typeof value === "string";
}

function isUid(value: unknown): value is string | null {
  return value === null || (typeof value === "string" && value !== "");
}

function isTimestamp(value: unknown): value is string {
  return typeof value === "string" && !Number.isNaN(Date.parse(value));
}

function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** Only the array itself is checked: the entries are passed through as Prismic wrote them. */
function isAlternateLanguages(value: unknown): value is AlternateLanguage[] {
  return Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
