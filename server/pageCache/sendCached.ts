/** Sends a cached page: the body in the coding the client accepts, that representation's ETag, 304 when it matches (server/requestRules/conditionalRequest.ts). */
import type { Request, Response } from "express";
import { compressNow, type CachedPage } from "./pageCache";
import { cacheControlFor, PRIVATE_ANSWER } from "./cacheControl";
import { preferredEncoding } from "./contentCoding";
import { labelRoute } from "../observability/metrics/routeLabel";
import { notModified } from "../requestRules/conditionalRequest";
import { withScriptHashes } from "../http/security";
import { formatKeys } from "../edge/edgeKeys";
import type { EdgeKeysHeader } from "../edge/edgeSettings";
import type { EdgeLifetimes } from "../edge/edgeLifetimes";

/** The edge's lifetimes and the master ref confirmed after the request arrived (server/http/requestScope.ts). */
export interface EdgeAnswer {
  lifetimes: EdgeLifetimes;
  confirmed: string | undefined;
}

/** Set on a response whose coding the page cache chose: the compression middleware leaves it alone (server/app.ts). */
export const CODED_BY_PAGE_CACHE = "codedByPageCache";

/** `keysHeader`: the header carrying the page's edge keys (EDGE_KEYS_HEADER), on a public answer only. */
export function sendCachedPage(
  req: Request,
  res: Response,
  page: CachedPage,
  state: "HIT" | "STALE" | "MISS",
  keysHeader?: EdgeKeysHeader,
  edge?: EdgeAnswer,
): void {
  // The markup carries no nonce: its inline scripts are allowed by their hashes, the same for everyone.
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") res.setHeader("Content-Security-Policy", withScriptHashes(csp, page.scriptHashes));
  res.setHeader("X-Cache", state);
  labelRoute(res, page.routeId);
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  res.locals[CODED_BY_PAGE_CACHE] = true;
  res.setHeader("ETag", page.etags[encoding]);
  const isPrivate = res.locals[PRIVATE_ANSWER] === true;
  // The edge's lifetime: long only at a confirmed ref while purges work (server/edge/edgeLifetimes.ts).
  res.setHeader(
    "Cache-Control",
    edge
      ? edge.lifetimes.page(page.status, isPrivate, page.ref, edge.confirmed)
      : cacheControlFor(page.status, isPrivate),
  );
  // Only what an edge may keep is keyed: a 200 or 404, public (the fast path sends the same: headerBlock.ts).
  if (keysHeader && !isPrivate && (page.status === 200 || page.status === 404))
    res.setHeader(keysHeader, formatKeys(page.keys ?? [], keysHeader));
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
