/**
 * Whether a request for a page is answered 304 Not Modified: its If-None-Match evaluated as HTTP's
 * semantics say, once, for the page cache's fast path and the app alike (docs/request-path.md):
 * - only a GET or HEAD whose answer would otherwise be a 200 (a 404 or a redirect ignores it);
 * - weak comparison: `W/"x"` matches `"x"` and the other way round;
 * - `*` matches whatever page is there;
 * - a comma-separated list matches when any of its tags does;
 * - a request's `Cache-Control: no-cache` (and `Pragma`) is an instruction to caches, not to the
 *   server that holds the page: it changes nothing here (Node's fetch adds it to every request
 *   with If-None-Match);
 * - If-Modified-Since is ignored: pages carry no Last-Modified, and If-None-Match outranks it.
 * The comparison is the `fresh` package's (Express's own), given the If-None-Match header alone:
 * `fresh` treats a request's no-cache as "never fresh", the reload rule of a cache.
 */
import fresh from "fresh";

export function notModified(
  method: string | undefined,
  status: number,
  ifNoneMatch: string | undefined,
  etag: string,
): boolean {
  if (!ifNoneMatch || status !== 200 || (method !== "GET" && method !== "HEAD")) return false;
  // The tag as sent, the commonest revalidation, needs no parsing.
  // Stryker disable next-line ConditionalExpression: a shortcut; `fresh` gives the same answer
  if (ifNoneMatch === etag) return true;
  // `fresh` splits the list at spaces and commas; a tab is white space between tags too (never part of one).
  // Stryker disable next-line StringLiteral: a tab only ever stands beside a comma, so dropped or made a space, the list splits the same
  return fresh({ "if-none-match": ifNoneMatch.replace(/\t/g, " ") }, { etag });
}
