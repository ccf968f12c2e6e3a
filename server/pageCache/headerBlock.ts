/**
 * The headers of a cached page, worked out once per entry rather than per request: the
 * security headers exactly as the app's helmet configuration sets them on a public page
 * (captured by running that middleware once, so there is one source of truth), the page's CSP
 * with the hashes of its inline scripts, and the entry's own caching and body headers, as the
 * flat `[name, value, …]` array `res.writeHead` takes without any per-header work.
 */
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { RequestHandler } from "express";
import { withScriptHashes } from "../http/security";
import { formatKeys } from "../edge/edgeKeys";
import type { EdgeKeysHeader } from "../edge/edgeSettings";
import { cacheControlFor } from "./cacheControl";
import type { Encoding } from "./contentCoding";
import type { CachedPage } from "./pageCache";

export interface HeaderBlocks {
  /** 200 (or 404) with the body in each coding. */
  body: Record<Encoding, string[]>;
  /** 304 Not Modified for each coding's representation: its ETag, no body headers. */
  notModified: Record<Encoding, string[]>;
}

/** The headers `security` sets on a public page response (no nonce, no preview, no framing), lower-case names. */
export function publicSecurityHeaders(security: RequestHandler): Array<[string, string]> {
  const req = new IncomingMessage(new Socket());
  req.method = "GET";
  req.url = "/";
  const res = new ServerResponse(req) as ServerResponse & { locals: Record<string, unknown> };
  res.locals = { cspNonce: "public" };
  let failed: unknown;
  security(req as never, res as never, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error("security headers failed");
  return Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]);
}

/** `keysHeader`: the header carrying the page's edge keys (EDGE_KEYS_HEADER), or none. */
export function headerBlocks(
  page: CachedPage,
  security: ReadonlyArray<[string, string]>,
  vary: string,
  keysHeader?: EdgeKeysHeader,
): HeaderBlocks {
  const common: string[] = [];
  for (const [name, value] of security) {
    common.push(name, name === "content-security-policy" ? withScriptHashes(value, page.scriptHashes) : value);
  }
  common.push("cache-control", cacheControlFor(page.status, false), "vary", vary, "x-cache", "HIT");
  if (keysHeader) common.push(keysHeader.toLowerCase(), formatKeys(page.keys ?? [], keysHeader));
  const notModified = (encoding: Encoding) => [...common, "etag", page.etags[encoding]];
  const body = (encoding: Encoding) => [
    ...notModified(encoding),
    "content-type",
    page.contentType,
    "content-length",
    String(page.bodies[encoding].length),
    ...(encoding === "identity" ? [] : ["content-encoding", encoding]),
  ];
  return {
    body: { br: body("br"), gzip: body("gzip"), identity: body("identity") },
    notModified: { br: notModified("br"), gzip: notModified("gzip"), identity: notModified("identity") },
  };
}
