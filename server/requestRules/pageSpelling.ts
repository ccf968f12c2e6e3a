/**
 * What a request's path (as sent, no query) is, decided once for the app's redirects and the page
 * cache's fast path (docs/request-path.md):
 * - `legacy`: a path of the old site, in any spelling (shared/legacyRedirects.ts): one 301 to its
 *   new home (server/legacyRedirects.ts), before anything else;
 * - `respell`: another spelling of a page path (case, trailing slash, needless escapes, repeated
 *   slashes, dot segments: shared/canonicalPath.ts): one 301 to the canonical spelling
 *   (server/canonicalUrls.ts);
 * - `foreign`: another spelling of an endpoint's or a file's path: a plain 404 (server/canonicalUrls.ts);
 * - `asIs`: spelled as it is meant (a page, an endpoint, a file): the page cache may answer a page.
 * Paths repeat (a hit with a campaign id differs only by its query), so the answers are kept,
 * up to KEPT paths.
 */
import { canonicalPath } from "../../shared/canonicalPath";
import { legacyRedirect } from "../../shared/legacyRedirects";

export type PageSpelling =
  | { kind: "legacy"; target: string }
  | { kind: "respell"; canonical: string }
  | { kind: "foreign" }
  | { kind: "asIs" };

const AS_IS: PageSpelling = { kind: "asIs" };
const FOREIGN: PageSpelling = { kind: "foreign" };
const KEPT = 10_000;
const kept = new Map<string, PageSpelling>();

/** First path segments of the app's own endpoints (server/app.ts): not pages. */
const ENDPOINT_ROOTS = new Set([
  "assets",
  "media",
  "api",
  "builds",
  "preview",
  "slice-simulator",
  "healthz",
  "readyz",
  "metrics",
]);

/**
 * Whether a canonical path can be a page: not an endpoint's folder, not internal (`/_data`,
 * `/_region`, `/__dev`) and not a file at the root (`/robots.txt`, `/sitemap-1.xml`, `/favicon.svg`).
 */
export function isPagePath(canonical: string): boolean {
  const first = canonical.split("/", 2)[1];
  return !(ENDPOINT_ROOTS.has(first) || first.startsWith("_") || first.includes("."));
}

function decide(path: string): PageSpelling {
  const target = legacyRedirect(path);
  if (target !== null) return { kind: "legacy", target };
  const canonical = canonicalPath(path);
  if (canonical === path) return AS_IS;
  return isPagePath(canonical) ? { kind: "respell", canonical } : FOREIGN;
}

export function pageSpelling(path: string): PageSpelling {
  let found = kept.get(path);
  // Stryker disable next-line ConditionalExpression: a memo; without it each answer is worked out again, the same
  if (found === undefined) {
    found = decide(path);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the memo's bound; clearing it sooner or later changes no answer
    if (kept.size >= KEPT) kept.clear();
    kept.set(path, found);
  }
  return found;
}
