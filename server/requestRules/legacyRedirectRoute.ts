/**
 * Legacy paths (docs/behaviour.md section 1.4, docs/architecture.md request step 2): a 301 to the path's new home, with the
 * query string kept exactly as it came, before any page or data handler runs. The table and
 * its matching live in `shared/legacyRedirects.ts`, the decision in
 * `server/requestRules/pageSpelling.ts` (the page cache's fast path takes the same one). Mounted at the application root.
 */
import type { NextFunction, Request, Response } from "express";
import { pageSpelling } from "./pageSpelling";

/**
 * Legacy paths never come back, so the browser keeps the redirect a day; shared caches never do,
 * for the same reason as canonical redirects (server/requestRules/canonicalUrls.ts): a legacy path matches in
 * any spelling, and a cache that normalises its key must not file the redirect under another URL.
 */
export const LEGACY_REDIRECT_CACHE_CONTROL = "private, max-age=86400";

export function legacyRedirects(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const spelling = pageSpelling(req.path);
  if (spelling.kind !== "legacy") return next();
  const target = spelling.target;
  const queryAt = req.originalUrl.indexOf("?");
  res.setHeader("Cache-Control", LEGACY_REDIRECT_CACHE_CONTROL);
  res.redirect(301, queryAt === -1 ? target : target + req.originalUrl.slice(queryAt));
}
