/** Sends a cached page: the body in the coding the client accepts, that representation's ETag, 304 when it matches (server/requestRules/conditionalRequest.ts). */
import type { Request, Response } from "express";
import { compressNow, type CachedPage } from "./pageCache";
import { cacheControlFor, PRIVATE_ANSWER } from "./cacheControl";
import { preferredEncoding } from "./contentCoding";
import { labelRoute } from "../observability/metrics/routeLabel";
import { notModified } from "../requestRules/conditionalRequest";
import { withScriptHashes } from "../http/security";

/** Set on a response whose coding the page cache chose: the compression middleware leaves it alone (server/app.ts). */
export const CODED_BY_PAGE_CACHE = "codedByPageCache";

export function sendCachedPage(req: Request, res: Response, page: CachedPage, state: "HIT" | "STALE" | "MISS"): void {
  // The markup carries no nonce: its inline scripts are allowed by their hashes, the same for everyone.
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") res.setHeader("Content-Security-Policy", withScriptHashes(csp, page.scriptHashes));
  res.setHeader("X-Cache", state);
  labelRoute(res, page.routeId);
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  res.locals[CODED_BY_PAGE_CACHE] = true;
  res.setHeader("ETag", page.etags[encoding]);
  res.setHeader("Cache-Control", cacheControlFor(page.status, res.locals[PRIVATE_ANSWER] === true));
  res.vary("Accept-Encoding");
  if (notModified(req.method, page.status, req.headers["if-none-match"], page.etags[encoding])) {
    res.status(304).end();
    return;
  }
  // A cache that keeps nothing (PAGE_CACHE_BYTES=0) compressed nothing ahead: this response does.
  const body =
    encoding === "identity" || page.bodies[encoding].length > 0
      ? page.bodies[encoding]
      : compressNow(page.bodies.identity, encoding);
  res.status(page.status);
  res.setHeader("Content-Type", page.contentType);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}
