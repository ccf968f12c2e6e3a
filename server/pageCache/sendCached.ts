/** Sends a cached page: the body in the encoding the client accepts, its ETag, 304 when it matches. */
import type { Request, Response } from "express";
import type { CachedPage } from "./pageCache";
import { cacheControlFor } from "./cacheControl";
import { labelRoute } from "../metrics/routeLabel";
import { withScriptHashes } from "../security";

export function sendCachedPage(req: Request, res: Response, page: CachedPage, state: "HIT" | "STALE" | "MISS"): void {
  // The markup carries no nonce: its inline scripts are allowed by their hashes, the same for everyone.
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") res.setHeader("Content-Security-Policy", withScriptHashes(csp, page.scriptHashes));
  res.setHeader("X-Cache", state);
  labelRoute(res, page.routeId);
  res.setHeader("ETag", page.etag);
  res.setHeader("Cache-Control", cacheControlFor(page.status, false));
  res.vary("Accept-Encoding");
  if (page.status === 200 && req.fresh) {
    res.status(304).end();
    return;
  }
  // A body not compressed ahead (the cache is off) is sent as it is, and the compression
  // middleware compresses it for this response if the client asks.
  const accepted = req.acceptsEncodings("br", "gzip", "identity") || "identity";
  const encoding = accepted !== "identity" && page.bodies[accepted as "br" | "gzip"].length === 0 ? "identity" : accepted;
  const body = encoding === "br" ? page.bodies.br : encoding === "gzip" ? page.bodies.gzip : page.bodies.identity;
  res.status(page.status);
  res.setHeader("Content-Type", page.contentType);
  // Already compressed: the compression middleware leaves a response with an encoding alone.
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}
