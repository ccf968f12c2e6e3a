/**
 * One URL per page: the canonical form of a page path, and the query parameters a page reads.
 * Page paths are lower case (Prismic uids are), have no trailing slash (but `/`), no empty or
 * dot segments, and percent-encode exactly what must be encoded, with upper-case hex. The link
 * resolver's URLs already have this form; a request for any other spelling of the same path
 * gets one redirect to it (server/requestRules/canonicalUrls.ts), and the page cache is keyed by it.
 */
import { LOCALES } from "./locales";
import { PAGE_ROUTES } from "./routeTable";

/** RFC 3986 unreserved characters: encoding them is never needed. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** What a path segment may hold unencoded (RFC 3986 pchar without `%`): everything else is encoded. */
const PCHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;
const ESCAPE = /^%[0-9A-Fa-f]{2}/;

/** One segment, re-spelled: needless escapes decoded, hex upper-cased, ASCII letters lower-cased, the rest encoded. */
function canonicalSegment(segment: string): string {
  let out = "";
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i];
    // Stryker disable next-line ConditionalExpression: ESCAPE only matches from a "%"; the first test saves the slice
    if (ch === "%" && ESCAPE.test(segment.slice(i, i + 3))) {
      const decoded = String.fromCharCode(parseInt(segment.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(decoded) ? decoded.toLowerCase() : segment.slice(i, i + 3).toUpperCase();
      i += 2;
    } else if (PCHAR.test(ch)) {
      out += ch.toLowerCase();
    } else {
      // A stray `%`, a backslash, a quote, a non-ASCII character: encoded (UTF-8), so the
      // result is plain ASCII and no browser can read it as anything but this site's path.
      const code = segment.codePointAt(i)!;
      const char = String.fromCodePoint(code);
      i += char.length - 1;
      // A lone surrogate has no UTF-8 form (encodeURIComponent throws): U+FFFD, as a browser sends it.
      // (encodeURIComponent leaves only characters PCHAR holds unencoded: none of them reach here.)
      out += code >= 0xd800 && code <= 0xdfff ? "%EF%BF%BD" : encodeURIComponent(char);
    }
  }
  return out;
}

/**
 * The canonical spelling of a page path (no query): `/GALLERY/` → `/gallery`, `/%67allery` →
 * `/gallery`, `//info//blog` → `/info/blog`, `/a/./b/../c` → `/a/c`. Always starts with exactly
 * one `/`, so it can never name another host (`//evil.example` → `/evil.example`).
 */
export function canonicalPath(pathname: string): string {
  const segments: string[] = [];
  for (const raw of pathname.split(/[/\\]/)) {
    if (raw === "") continue;
    const segment = canonicalSegment(raw);
    if (segment === ".") continue;
    if (segment === "..") {
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/** The query parameters each static page path reads (`page` on the lists), regional copies included. */
const READ_PARAMS: ReadonlyMap<string, readonly string[]> = new Map(
  PAGE_ROUTES.filter((route) => route.query?.length && !route.path.includes(":")).flatMap((route) =>
    LOCALES.map((locale) => [locale.prefix + route.path, route.query!] as const),
  ),
);

/** The query parameters a page reads, by its canonical path: none for most pages. */
export function queryParamsRead(path: string): readonly string[] {
  return READ_PARAMS.get(path) ?? [];
}

/**
 * The page a request asks for: its canonical path plus the parameters that page reads (the
 * first value of each, in the route's order); everything else (`fbclid`, `utm_*`, …) is
 * dropped. It is the page cache's key and the URL the page is rendered from.
 */
export function pageUrl(path: string, search: string): string {
  const read = queryParamsRead(path);
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: a shortcut; without it nothing is kept either
  if (read.length === 0 || search.length < 2) return path;
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of read) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
