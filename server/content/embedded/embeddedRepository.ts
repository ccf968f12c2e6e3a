import { createHash } from "node:crypto";
import type { Language, PrismicDocument, Ref, Repository } from "@prismicio/client";

/**
 * One version of the content: the documents a ref answers with, indexed for the lookups the
 * client makes most (by id, by type). Releases will add more sets under their own refs.
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
}

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
  const master = createDocumentSet(
    { id: "master", ref: masterRef, label: "Master", isMasterRef: true },
    documents,
  );

  return {
    documents: [...documents],
    masterRef,
    masterLang,
    languages: describeLanguages(documents, masterLang),
    types: describeTypes(documents),
    tags: [...new Set(documents.flatMap((document) => document.tags))].sort(),
    refs: new Map([[masterRef, master]]),
  };
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
  return createHash("sha256").update(stableStringify(sorted)).digest("base64url").slice(0, 16);
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const members = entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableStringify(entry)}`);
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
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
    const regionLabel = region
      ? new Intl.DisplayNames(["en"], { type: "region" }).of(region.toUpperCase())
      : undefined;
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
