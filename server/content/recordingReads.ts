/**
 * What one render read (docs/architecture.md, "Keys and promotion"): a content service that
 * passes every read on and records
 * - the edge keys of the answer (server/edge/edgeKeys.ts): each document a read returned and the
 *   documents it links to, the type of each list read, and the type asked for by a read that
 *   found nothing (a 404 a new document of that type may fill);
 * - a fingerprint of everything read: each read (method and arguments) with a hash of its
 *   result. Replaying the reads at a newer ref and finding the same fingerprint proves the page
 *   would render the same bytes, so the page cache keeps it without rendering
 *   (docs/decisions/004-page-cache-keyed-by-ref.md).
 */
import { hash } from "node:crypto";
import { LOCALES } from "../../shared/locales";
import { documentKey, linkKey, typeKey } from "../edge/edgeKeys";
import { type ContentService, ROUTABLE_TYPES } from "./contentService";
import { sawDocument } from "./documentAddresses";

/** The reads that are recorded (and replayed): every content read a page or the sitemap makes. */
const SINGLE_READS = {
  home: "home",
  page: "page",
  galleryProject: "gallery_project",
  article: "article",
  samplePage: "sample_page",
  taxonomy: "taxonomy",
} as const;
const LIST_READS = { galleryProjects: "gallery_project", articles: "article", navigation: "navigation" } as const;
type SingleRead = keyof typeof SINGLE_READS;
type ListRead = keyof typeof LIST_READS;
export type ReadMethod = SingleRead | ListRead | "routableDocuments" | "latestPublication";
const READ_METHODS: readonly ReadMethod[] = [
  ...(Object.keys(SINGLE_READS) as SingleRead[]),
  ...(Object.keys(LIST_READS) as ListRead[]),
  "routableDocuments",
  "latestPublication",
];

export interface ReadCall {
  method: ReadMethod;
  args: unknown[];
}

/** What a cached page keeps to be checked against a newer ref: its reads and their fingerprint. */
export interface RecordedReads {
  calls: ReadCall[];
  fingerprint: string;
}

export interface Recording {
  /** Sorted edge keys (`all` not included: edgeKeys.ts adds it). */
  keys: string[];
  /** Undefined when a read failed (the render used something else: the last good menus): such a page is never promoted. */
  reads: RecordedReads | undefined;
}

export interface ReadRecorder {
  /** The service to render with: every read goes to the wrapped one and is recorded. */
  content: ContentService;
  /** The keys and fingerprint of the reads so far, once they have all settled. */
  finish(): Promise<Recording>;
}

type Json = unknown;
const isRecord = (value: Json): value is Record<string, Json> => typeof value === "object" && value !== null;

/**
 * Results are frozen and shared by every request at a ref (contentService.ts `atMasterRef`), so
 * each is hashed and walked once, however many pages read it.
 */
const hashes = new WeakMap<object, string>();
/** Per result object, its keys, and the ref they were noted at (documentAddresses.ts). */
const linkedKeys = new WeakMap<object, { keys: string[]; ref: string }>();

/**
 * A link to a document carries that document's publication dates (Prismic's API writes them in
 * every link), which a page never shows: left out of the hash, so a publish of a linked page
 * leaves the pages that link to it as they were (its address is in the hash: type, lang, uid).
 */
const withoutLinkDates = (_key: string, value: Json): Json => {
  if (!isRecord(value) || value.link_type !== "Document") return value;
  const { first_publication_date: _first, last_publication_date: _last, ...address } = value;
  return address;
};

/** A hash of a read's result: the same content gives the same hash, at any ref. */
export function resultHash(result: Json): string {
  if (!isRecord(result)) return JSON.stringify(result) ?? "undefined";
  let found = hashes.get(result);
  if (found === undefined) {
    found = hash("sha1", JSON.stringify(result, withoutLinkDates), "base64url");
    hashes.set(result, found);
  }
  return found;
}

/**
 * A hash of a read whose order means nothing: the menus of a language are found by uid
 * (siteChrome.ts), and a query without orderings may list them in any order at each ref (Prismic
 * promises none; the embedded repository shuffles them).
 */
const unorderedHashes = new WeakMap<object, string>();
function unorderedHash(result: Json): string {
  if (!Array.isArray(result)) return resultHash(result);
  let found = unorderedHashes.get(result);
  if (found === undefined) {
    found = hash("sha1", result.map(resultHash).sort().join("\n"), "base64url");
    unorderedHashes.set(result, found);
  }
  return found;
}
const hashOf = (method: ReadMethod, result: Json) =>
  method === "navigation" ? unorderedHash(result) : resultHash(result);

/**
 * A document's own key, and the link keys of its translations and of the documents it links to
 * (Prismic link fields, slices included): this answer shows their addresses, not their content.
 */
function documentKeys(document: Record<string, Json>, ref: string): string[] {
  const found = linkedKeys.get(document);
  if (found !== undefined && found.ref === ref) return found.keys;
  const keys = new Set<string>();
  const seen = (id: Json, link: Record<string, Json>, key: (id: string) => string) => {
    if (typeof id !== "string") return;
    keys.add(key(id));
    sawDocument(id, link as { type?: string; lang?: string; uid?: string | null }, ref);
  };
  seen(document.id, document, documentKey);
  // Its translations: their addresses are in its head (hreflang).
  if (Array.isArray(document.alternate_languages))
    for (const alternate of document.alternate_languages)
      if (isRecord(alternate)) seen(alternate.id, alternate, linkKey);
  const walk = (value: Json, depth: number) => {
    // Documents are a few levels deep (slices, groups, rich text spans); a limit keeps a hostile one cheap.
    if (!isRecord(value) || depth > 32) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (value.link_type === "Document") seen(value.id, value, linkKey);
    for (const item of Object.values(value)) walk(item, depth + 1);
  };
  walk(document.data, 0);
  linkedKeys.set(document, { keys: [...keys], ref });
  return [...keys];
}

/** The keys a read's result gives. */
function keysOf(method: ReadMethod, args: unknown[], result: Json, ref: string): string[] {
  if (method in SINGLE_READS) {
    // Nothing found: a new document of that type may fill this address.
    if (!isRecord(result)) return [typeKey(SINGLE_READS[method as SingleRead])];
    return documentKeys(result, ref);
  }
  if (method in LIST_READS) {
    const items = Array.isArray(result) ? result : isRecord(result) && Array.isArray(result.items) ? result.items : [];
    return [typeKey(LIST_READS[method as ListRead]), ...items.filter(isRecord).flatMap((d) => documentKeys(d, ref))];
  }
  if (method === "routableDocuments") {
    // Every routable document, page by page: keyed by type (a site's ids would pass any header's size).
    for (const item of isRecord(result) && Array.isArray(result.items) ? result.items.filter(isRecord) : [])
      if (typeof item.id === "string")
        sawDocument(item.id, item as { type?: string; lang?: string; uid?: string }, ref);
    return ROUTABLE_TYPES.map(typeKey);
  }
  // latestPublication(type, …)
  return typeof args[0] === "string" ? [typeKey(args[0])] : [];
}

const callId = (call: ReadCall) => `${call.method}\u0000${JSON.stringify(call.args)}`;

/** The fingerprint of reads and their results' hashes, in a fixed order whatever order the loaders read in. */
function fingerprintOf(results: Map<string, string>): string {
  const lines = [...results].map(([id, hashed]) => `${id}\u0000${hashed}`).sort();
  return hash("sha1", lines.join("\n"), "base64url");
}

const call = (content: ContentService, read: ReadCall): Promise<unknown> =>
  (content[read.method] as (...args: unknown[]) => Promise<unknown>)(...read.args);

/** `ref`: the master ref `inner` reads at (where the documents' addresses were seen). */
export function recordReads(inner: ContentService, ref: string): ReadRecorder {
  const calls = new Map<string, ReadCall>();
  const results = new Map<string, string>();
  const keys = new Set<string>();
  const pending: Promise<unknown>[] = [];
  let failed = false;

  const recorded = (method: ReadMethod) =>
    ((...args: unknown[]) => {
      const read: ReadCall = { method, args };
      const id = callId(read);
      const answer = call(inner, read);
      if (!calls.has(id)) calls.set(id, read);
      pending.push(
        answer.then(
          (result) => {
            results.set(id, hashOf(method, result));
            for (const key of keysOf(method, args, result, ref)) keys.add(key);
          },
          () => {
            failed = true;
          },
        ),
      );
      return answer;
    }) as never;

  const content: ContentService = { ...inner };
  for (const method of READ_METHODS) content[method] = recorded(method);

  return {
    content,
    async finish() {
      // Reads may start while earlier ones settle (a loader reads, then reads again).
      let settled: number;
      do {
        settled = pending.length;
        await Promise.all(pending);
      } while (pending.length > settled);
      return {
        keys: [...keys].sort(),
        reads: failed ? undefined : { calls: [...calls.values()], fingerprint: fingerprintOf(results) },
      };
    },
  };
}

/**
 * Whether `reads`, replayed through `content` (a newer ref's), give the same results: the page
 * would render the same. Rejects when a read fails (the content service is down).
 */
export async function sameReads(content: ContentService, reads: RecordedReads): Promise<boolean> {
  const results = new Map<string, string>();
  await Promise.all(
    reads.calls.map(async (read) => {
      results.set(callId(read), hashOf(read.method, await call(content, read)));
    }),
  );
  return fingerprintOf(results) === reads.fingerprint;
}

/**
 * Reads the menus and taxonomy of every region, as every page reads them (server/render/loaders.ts:
 * the layout and the heads' alternates), so that a recorder sees them: the loaders keep them per
 * ref, and a render after the first at a ref would otherwise not be seen reading them.
 */
export const readSiteChrome = (content: ContentService): Promise<unknown> =>
  Promise.all(LOCALES.flatMap((locale) => [content.navigation(locale.lang), content.taxonomy(locale.lang)]));
