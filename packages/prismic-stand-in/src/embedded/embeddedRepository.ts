import { createHash } from "node:crypto";
import type { Language, PrismicDocument, Ref, Repository } from "@prismicio/client";
import { configure } from "safe-stable-stringify";

/**
 * One version of the content: the documents a ref answers with, indexed for the lookups the
 * client makes most (by id, by type). The master set, and one set per release.
 */
export interface DocumentSet {
  readonly ref: Ref;
  readonly documents: readonly PrismicDocument[];
  readonly byId: ReadonlyMap<string, PrismicDocument>;
  readonly byType: ReadonlyMap<string, readonly PrismicDocument[]>;
}

/** The in-memory repository that the embedded fetch answers from. */
export interface EmbeddedRepository {
  /** The published (master) documents, in load order. */
  readonly documents: PrismicDocument[];
  /** A hash of the content: a content change gives a new ref, which invalidates derived caches. */
  readonly masterRef: string;
  /** The language returned when a query sends no `lang` (Prismic answers with the master locale). */
  readonly masterLang: string;
  readonly languages: readonly Language[];
  readonly types: Readonly<Record<string, string>>;
  readonly tags: readonly string[];
  /** ref → document set, master first. Kept a plain map so releases are one more entry. */
  readonly refs: ReadonlyMap<string, DocumentSet>;
}

export interface EmbeddedRepositoryOptions {
  /** The repository's default language. */
  masterLang?: string;
  /** Releases: draft documents previewed under their own (non-master) ref. */
  releases?: readonly EmbeddedRelease[];
}

/**
 * A release (`CONTENT_DIR/_releases/<name>/`): its documents replace the master documents
 * with the same id and add the others. Its ref is `release~<name>~<hash of its content>`,
 * so an edit of the release or of the master content gives it a new ref.
 */
export interface EmbeddedRelease {
  /** The folder name: lower-case letters, digits and hyphens. */
  name: string;
  /** Shown in the repository's refs; default: the name in words ("spring-refresh" → "Spring refresh"). */
  label?: string;
  documents: readonly PrismicDocument[];
}

export const RELEASE_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

const DEFAULT_MASTER_LANG = "en-gb";
/** The site serves these two locales, so the repository always declares them. */
const REQUIRED_LANGS = ["en-gb", "en-us"];
/** Prismic's own names, where they differ from what Intl would say. */
const LANGUAGE_NAMES: Record<string, string> = {
  "en-gb": "English - Great Britain",
  "en-us": "English - United States",
};

export function createEmbeddedRepository(
  documents: readonly PrismicDocument[],
  options: EmbeddedRepositoryOptions = {},
): EmbeddedRepository {
  const masterLang = (options.masterLang ?? DEFAULT_MASTER_LANG).toLowerCase();
  const masterRef = computeRef(documents);
  const master = createDocumentSet({ id: "master", ref: masterRef, label: "Master", isMasterRef: true }, documents);

  const refs = new Map<string, DocumentSet>([[masterRef, master]]);
  for (const release of options.releases ?? []) {
    const set = releaseSet(release, documents);
    refs.set(set.ref.ref, set);
  }

  return {
    documents: [...documents],
    masterRef,
    masterLang,
    languages: describeLanguages(documents, masterLang),
    types: describeTypes(documents),
    tags: [...new Set(documents.flatMap((document) => document.tags))].sort(),
    refs,
  };
}

/** The master documents overlaid by the release's: same id → replaced in place, new id → added at the end. */
function releaseSet(release: EmbeddedRelease, master: readonly PrismicDocument[]): DocumentSet {
  if (!RELEASE_NAME.test(release.name)) {
    throw new Error(`Release "${release.name}": a release name is lower-case letters, digits and hyphens`);
  }
  const drafts = new Map(release.documents.map((document) => [document.id, document]));
  const overlaid = master.map((document) => drafts.get(document.id) ?? document);
  const masterIds = new Set(master.map((document) => document.id));
  overlaid.push(...release.documents.filter((document) => !masterIds.has(document.id)));

  // A draft must not take the uid of another document of its type and language.
  const byUid = new Map<string, string>();
  for (const document of overlaid) {
    if (document.uid === null || document.uid === undefined) continue;
    const key = JSON.stringify([document.type, document.uid, document.lang]);
    const other = byUid.get(key);
    if (other) {
      throw new Error(
        `Release "${release.name}": documents "${other}" and "${document.id}" both have uid "${document.uid}" (${document.type}, ${document.lang})`,
      );
    }
    byUid.set(key, document.id);
  }

  const ref = `release~${release.name}~${computeRef(overlaid)}`;
  const label = release.label ?? humanize(release.name);
  return createDocumentSet({ id: release.name, ref, label, isMasterRef: false }, overlaid);
}

function humanize(name: string): string {
  const words = name.replace(/-+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The release of that name, if the repository has one. */
export function releaseRef(repo: EmbeddedRepository, name: string): string | undefined {
  return [...repo.refs.values()].find((set) => !set.ref.isMasterRef && set.ref.id === name)?.ref.ref;
}

export function createDocumentSet(ref: Ref, documents: readonly PrismicDocument[]): DocumentSet {
  const byId = new Map<string, PrismicDocument>();
  const byType = new Map<string, PrismicDocument[]>();
  for (const document of documents) {
    byId.set(document.id, document);
    const ofType = byType.get(document.type);
    if (ofType) ofType.push(document);
    else byType.set(document.type, [document]);
  }
  return { ref, documents, byId, byType };
}

/**
 * A stable hash of every document's content: independent of load order and key order, so the
 * same content always gets the same ref on every instance.
 */
export function computeRef(documents: readonly PrismicDocument[]): string {
  const sorted = [...documents].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return createHash("sha256")
    .update(`[${sorted.map(documentJson).join(",")}]`)
    .digest("base64url")
    .slice(0, 16);
}

/** JSON with every object's keys sorted (safe-stable-stringify's deterministic mode). */
const stableStringify = configure({ deterministic: true });
/**
 * Each document's stable JSON, once: a release's set is mostly the master's own documents, so
 * its ref costs only its drafts (every server start computes the master's and each release's).
 */
const jsonOf = new WeakMap<PrismicDocument, string>();
function documentJson(document: PrismicDocument): string {
  let json = jsonOf.get(document);
  if (json === undefined) {
    json = stableStringify(document) ?? "null";
    jsonOf.set(document, json);
  }
  return json;
}

function describeLanguages(documents: readonly PrismicDocument[], masterLang: string): Language[] {
  const codes = new Set([masterLang, ...REQUIRED_LANGS, ...documents.map((d) => d.lang.toLowerCase())]);
  const others = [...codes].filter((code) => code !== masterLang).sort();
  return [masterLang, ...others].map((id) => ({
    id,
    name: languageName(id),
    is_master: id === masterLang,
  }));
}

function languageName(code: string): string {
  const known = LANGUAGE_NAMES[code];
  if (known) return known;
  const [language, region] = code.split("-");
  try {
    const languageLabel = new Intl.DisplayNames(["en"], { type: "language" }).of(language) ?? language;
    const regionLabel = region ? new Intl.DisplayNames(["en"], { type: "region" }).of(region.toUpperCase()) : undefined;
    return regionLabel ? `${languageLabel} - ${regionLabel}` : languageLabel;
  } catch {
    // Not a valid BCP 47 code: Prismic allows custom locale ids, so show the code itself.
    return code;
  }
}

/** Prismic lists custom types as API id → label; the label is only informative here. */
function describeTypes(documents: readonly PrismicDocument[]): Record<string, string> {
  const types: Record<string, string> = {};
  for (const type of [...new Set(documents.map((d) => d.type))].sort()) {
    const words = type.replace(/[_-]+/g, " ").trim();
    types[type] = words.charAt(0).toUpperCase() + words.slice(1);
  }
  return types;
}

/** The body of `GET {endpoint}`, in the shape of Prismic's repository (entry) API. */
export function describeRepository(repo: EmbeddedRepository, endpoint: string): Repository {
  const origin = new URL(endpoint).origin;
  return {
    refs: [...repo.refs.values()].map((set) => set.ref),
    integrationFieldsRef: null,
    bookmarks: {},
    types: { ...repo.types },
    languages: [...repo.languages],
    tags: [...repo.tags],
    forms: {
      everything: {
        method: "GET",
        enctype: "application/x-www-form-urlencoded",
        action: `${endpoint}/documents/search`,
        fields: {
          ref: { type: "String", multiple: false },
          q: { type: "String", multiple: true },
          lang: { type: "String", multiple: false },
          page: { type: "Integer", multiple: false, default: "1" },
          pageSize: { type: "Integer", multiple: false, default: "20" },
          after: { type: "String", multiple: false },
          fetch: { type: "String", multiple: false },
          fetchLinks: { type: "String", multiple: false },
          graphQuery: { type: "String", multiple: false },
          orderings: { type: "String", multiple: false },
          referer: { type: "String", multiple: false },
        },
      },
    },
    oauth_initiate: `${origin}/auth`,
    oauth_token: `${origin}/auth/token`,
    version: repo.masterRef.slice(0, 7),
    license: "All Rights Reserved",
    experiments: { draft: [], running: [] },
  };
}
