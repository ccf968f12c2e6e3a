import type { PrismicDocument, Query } from "@prismicio/client";
import { describeRepository, releaseRef, type DocumentSet, type EmbeddedRepository } from "./embeddedRepository";
import { type DocumentFilter, matchesAll, parseFilters } from "./filters";
import { orderDocuments, parseOrderings } from "./orderings";
import { QueryParseError } from "./queryParser";

/**
 * A `fetch` that answers the Prismic client's HTTP calls from the embedded repository, in memory:
 * the repository (entry) API and `documents/search`, with Prismic's bodies and error shapes, so
 * the real client (ref retry, paging, error classes) runs unchanged in embedded mode.
 */

/** The `.invalid` top-level domain can never resolve, so a stray real request cannot leave. */
export const EMBEDDED_ENDPOINT = "https://embedded.invalid/api/v2";

/**
 * Embedded preview tokens have the shape of hosted Prismic's (a URL): `<prefix><ref>`, where
 * the ref is a release's (`release~<name>~<hash>`): that version of the release, so a token
 * "expires" when the release or the published content changes. `<prefix><release name>` names
 * the release's current version (handy to type: `…/previews/spring-refresh`). The search
 * endpoint accepts a token wherever a ref goes; a token naming no ref is answered like an
 * unknown ref (404 with the master ref), so the client falls back to published content itself.
 */
export const EMBEDDED_PREVIEW_TOKEN_PREFIX = "https://embedded.invalid/previews/";

/** The preview token of an embedded ref (a release's). */
export function embeddedPreviewToken(ref: string): string {
  return EMBEDDED_PREVIEW_TOKEN_PREFIX + encodeURIComponent(ref);
}

/** The ref a `ref` parameter names: itself, or the ref (or release) inside an embedded preview token. */
function refOfParameter(repo: EmbeddedRepository, value: string): string {
  if (!value.startsWith(EMBEDDED_PREVIEW_TOKEN_PREFIX)) return value;
  let named: string;
  try {
    named = decodeURIComponent(value.slice(EMBEDDED_PREVIEW_TOKEN_PREFIX.length));
  } catch {
    return value;
  }
  return repo.refs.has(named) ? named : (releaseRef(repo, named) ?? value);
}

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const LICENSE = "All Rights Reserved";
const REF_NOT_FOUND = "Ref not found. Ensure you have the correct ref and try again.";

/** The search answer: Prismic's query body plus its licence and version fields. */
type SearchBody = Query & { license: string; version: string };

/**
 * Takes the repository, or a function returning the current one, so content can be reloaded
 * (a new master ref) without re-creating the client. Hosted Prismic's other answers (errors, rate
 * limits, slowness) are switched on by tests around it: `answeringEmbeddedFetch` (prismicAnswers.ts).
 */
export function createEmbeddedFetch(source: EmbeddedRepository | (() => EmbeddedRepository)): typeof fetch {
  const current = typeof source === "function" ? source : () => source;
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const signal = init?.signal ?? request?.signal;
    if (signal?.aborted) {
      // As fetch does: reject with the signal's reason (an AbortError DOMException by default).
      throw signal.reason ?? new DOMException("This operation was aborted", "AbortError");
    }
    const url = new URL(request ? request.url : String(input));
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    return route(current(), url, method);
  };
}

function route(repo: EmbeddedRepository, url: URL, method: string): Response {
  const endpoint = new URL(EMBEDDED_ENDPOINT);
  const path = url.pathname.replace(/\/+$/, "");
  if (method === "GET" && url.origin === endpoint.origin) {
    if (path === endpoint.pathname) return json(url, 200, describeRepository(repo, EMBEDDED_ENDPOINT));
    if (path === `${endpoint.pathname}/documents/search`) return search(repo, url);
  }
  return json(url, 404, { message: "Not found" });
}

function search(repo: EmbeddedRepository, url: URL): Response {
  const params = url.searchParams;
  const ref = params.get("ref");
  if (!ref) {
    return json(url, 400, { type: "api_validation_error", message: "The ref parameter is required." });
  }
  const set = repo.refs.get(refOfParameter(repo, ref));
  if (!set) {
    // The client parses the master ref out of this message and retries with it.
    return json(url, 404, {
      type: "api_notfound_error",
      message: `${REF_NOT_FOUND} Master ref is: ${repo.masterRef}`,
    });
  }

  try {
    const filters = parseFilters(params.getAll("q"));
    const orderings = parseOrderings(params.getAll("orderings"));
    const page = parseInteger(params, "page", Number.MAX_SAFE_INTEGER) ?? 1;
    // Prismic answers a pageSize over 100 with an error; it does not clamp it.
    const pageSize = parseInteger(params, "pageSize", MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE;
    const lang = (params.get("lang") ?? repo.masterLang).toLowerCase();

    // The same query at the same ref pages in the same order; the order is computed once per query.
    const seed = querySeed(set.ref.ref, params);
    const ordered = cachedOrder(set, seed, () => {
      const inLang = (document: PrismicDocument) => lang === "*" || document.lang.toLowerCase() === lang;
      const matches = candidates(set, filters).filter((doc) => inLang(doc) && matchesAll(filters, doc));
      return orderDocuments(matches, orderings, seed);
    });
    return json(url, 200, paginate(repo, url, afterDocument(ordered, params.get("after")), page, pageSize));
  } catch (error) {
    if (error instanceof QueryParseError) return json(url, 400, error.toBody());
    throw error;
  }
}

/** Starts from the type index when a filter pins the type (the common getByUID/getAllByType case). */
function candidates(set: DocumentSet, filters: readonly DocumentFilter[]): readonly PrismicDocument[] {
  const type = filters.find((filter) => filter.documentType !== undefined)?.documentType;
  return type === undefined ? set.documents : (set.byType.get(type) ?? []);
}

/** A positive integer parameter, from 1 to `max`; undefined when absent. */
function parseInteger(params: URLSearchParams, name: string, max: number): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < 1 || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? "at least 1" : `from 1 to ${max}`;
    throw new QueryParseError(`${name} must be an integer ${range}, got '${raw}'`, name);
  }
  return value;
}

/** What decides a query's order: its ref and every parameter but the page (and the token). */
function querySeed(ref: string, params: URLSearchParams): string {
  const kept = [...params.entries()].filter(([name]) => !["page", "after", "ref", "access_token"].includes(name));
  kept.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `${ref}\n${new URLSearchParams(kept).toString()}`;
}

/** A few recent orders per document set: paging through 100,000 documents sorts them once, not per page. */
const orders = new WeakMap<DocumentSet, Map<string, PrismicDocument[]>>();
const ORDERS_KEPT = 16;

function cachedOrder(set: DocumentSet, seed: string, compute: () => PrismicDocument[]): PrismicDocument[] {
  let kept = orders.get(set);
  if (!kept) {
    kept = new Map();
    orders.set(set, kept);
  }
  const found = kept.get(seed);
  if (found) {
    kept.delete(seed);
    kept.set(seed, found);
    return found;
  }
  const ordered = compute();
  kept.set(seed, ordered);
  if (kept.size > ORDERS_KEPT) kept.delete(kept.keys().next().value!);
  return ordered;
}

/** The `after` parameter: only the documents after the one with this id (ignored if absent). */
function afterDocument(documents: PrismicDocument[], id: string | null): PrismicDocument[] {
  const index = id ? documents.findIndex((document) => document.id === id) : -1;
  return index === -1 ? documents : documents.slice(index + 1);
}

function paginate(
  repo: EmbeddedRepository,
  url: URL,
  documents: PrismicDocument[],
  page: number,
  pageSize: number,
): SearchBody {
  const totalPages = Math.ceil(documents.length / pageSize);
  const results = documents.slice((page - 1) * pageSize, page * pageSize);
  // Full URLs like Prismic's: the client's getAll* follows next_page until it is null.
  const pageURL = (target: number) => {
    const next = new URL(url);
    next.searchParams.set("page", String(target));
    next.searchParams.set("pageSize", String(pageSize));
    return next.toString();
  };
  return {
    page,
    results_per_page: pageSize,
    results_size: results.length,
    total_results_size: documents.length,
    total_pages: totalPages,
    next_page: page < totalPages ? pageURL(page + 1) : null,
    prev_page: page > 1 ? pageURL(page - 1) : null,
    results,
    license: LICENSE,
    version: repo.masterRef.slice(0, 7),
  };
}

function json(url: URL, status: number, body: unknown): Response {
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
  return withUrl(response, url);
}

/** A fetched Response knows its URL; the client puts it in its errors. */
function withUrl(response: Response, url: URL): Response {
  Object.defineProperty(response, "url", { value: url.toString() });
  return response;
}
