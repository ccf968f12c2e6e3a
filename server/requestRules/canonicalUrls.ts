/**
 * One URL per page: a GET or HEAD of a page path spelled otherwise than its canonical form
 * (case, trailing slash, needless percent-encoding, repeated slashes, dot segments:
 * shared/canonicalPath.ts) gets one 301 to the canonical path, query kept as it came. The
 * target always starts with a single `/`, so `//evil.example` stays on this site. Mounted
 * after the legacy redirects and the root's locale detection (they decide first, and match
 * any spelling themselves) and after the fixed endpoints.
 *
 * Only page paths are re-spelled. The app's own files and endpoints (hashed assets, whose names
 * are case-sensitive, media, robots.txt, sitemaps, `/_data`, `/api/…`, health) answer their
 * exact spelling only: any other spelling that reaches this point is a plain 404, never a
 * redirect to a changed name and never a rendered page (docs/security.md, "Caches and URL
 * spellings"). The decision is server/requestRules/pageSpelling.ts, which the page cache's fast
 * path takes too.
 */
import type { NextFunction, Request, Response } from "express";
import { pageSpelling } from "./pageSpelling";

/**
 * A redirect from one spelling to another is for the browser that asked, never for a shared
 * cache: a cache that normalises its key (nginx's `$uri`, a CDN's URL normalisation) would store
 * it under the canonical URL itself, and every visitor of the page would get a redirect loop
 * (docs/decisions/014-redirects-are-not-shared.md).
 */
export const CANONICAL_REDIRECT_CACHE_CONTROL = "private, max-age=86400";

/** The path of a request as it came (not decoded), and its query with the `?`, or "". */
export function splitUrl(originalUrl: string): { path: string; search: string } {
  const at = originalUrl.indexOf("?");
  return at === -1
    ? { path: originalUrl, search: "" }
    : { path: originalUrl.slice(0, at), search: originalUrl.slice(at) };
}

export function canonicalUrls(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const { path, search } = splitUrl(req.originalUrl);
  const spelling = pageSpelling(path);
  if (spelling.kind === "foreign") {
    // Stored by no cache: a cache that normalises its key would file it under the real file's URL.
    res.status(404).setHeader("Cache-Control", "no-store");
    return void res.type("text/plain").send("Not Found");
  }
  if (spelling.kind !== "respell") return next();
  res.setHeader("Cache-Control", CANONICAL_REDIRECT_CACHE_CONTROL);
  res.redirect(301, spelling.canonical + search);
}
