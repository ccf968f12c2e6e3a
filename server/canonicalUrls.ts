/**
 * One URL per page: a GET or HEAD of a page path spelled otherwise than its canonical form
 * (case, trailing slash, needless percent-encoding, repeated slashes, dot segments:
 * shared/canonicalPath.ts) gets one 301 to the canonical path, query kept as it came. The
 * target always starts with a single `/`, so `//evil.example` stays on this site. Mounted
 * after the legacy redirects and the root's locale detection (they decide first, and match
 * any spelling themselves) and after the fixed endpoints, whose paths (hashed assets, media)
 * are not page paths and keep their case.
 */
import type { NextFunction, Request, Response } from "express";
import { canonicalPath } from "../shared/canonicalPath";

/** Another spelling of a page never becomes the page: a day of caching for browsers and CDNs. */
export const CANONICAL_REDIRECT_CACHE_CONTROL = "public, max-age=86400";

/** The path of a request as it came (not decoded), and its query with the `?`, or "". */
export function splitUrl(originalUrl: string): { path: string; search: string } {
  const at = originalUrl.indexOf("?");
  return at === -1 ? { path: originalUrl, search: "" } : { path: originalUrl.slice(0, at), search: originalUrl.slice(at) };
}

export function canonicalUrls(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const { path, search } = splitUrl(req.originalUrl);
  const canonical = canonicalPath(path);
  if (canonical === path) return next();
  res.setHeader("Cache-Control", CANONICAL_REDIRECT_CACHE_CONTROL);
  res.redirect(301, canonical + search);
}
