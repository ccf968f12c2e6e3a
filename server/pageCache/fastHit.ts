/**
 * The page cache's fast path: a fresh cached public page answered before the rest of the
 * middleware stack, with everything worked out when the entry was first sent (the header
 * block, the compressed bodies, the ETag: headerBlock.ts). Mounted first (after the metrics);
 * it answers only what the stack would answer with the same bytes, and passes everything else
 * on untouched:
 * - GET/HEAD of a path already in its canonical spelling, not a legacy path, of sane length;
 * - a page in the cache at the current master ref (a stale one goes the long way, which
 *   serves it and queues its refresh), a 404 only while fresh;
 * - no verified preview of this repository, nor a token being verified or refused (a junk
 *   cookie, or a made-up token past the verification budget, is an ordinary visitor);
 * - at `/`, only the visitor the locale detection would leave on the gb home.
 * Still logged (one pino line with the request id, as pino-http writes it), still carrying
 * every security header, HSTS over HTTPS, and answering 304 to a matching If-None-Match.
 */
import { randomUUID } from "node:crypto";
import cookieParser from "cookie-parser";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { canonicalPath, pageUrl } from "../../shared/canonicalPath";
import { legacyRedirect } from "../../shared/legacyRedirects";
import { splitUrl } from "../canonicalUrls";
import type { RefTracker } from "../content/refTracker";
import { ROOT_VARY, rootRegion } from "../localeDetection";
import type { Logger } from "../logger";
import { labelRoute } from "../metrics/routeLabel";
import { PREVIEW_COOKIE } from "../preview/previewCookie";
import { skipsPageCache, type PreviewGate } from "../preview/previewVerification";
import { MAX_URL_LENGTH } from "../requestGuards";
import { HSTS } from "../security";
import { NOT_FOUND_TTL_MS } from "./cacheControl";
import { headerBlocks, type Encoding, type HeaderBlocks } from "./headerBlock";
import type { CachedPage, PageCache } from "./pageCache";

export interface FastHitDeps {
  cache: PageCache;
  refs: RefTracker;
  /** Which preview cookies are previews (verified tokens only: server/preview/previewVerification.ts). */
  previews: Pick<PreviewGate, "admit">;
  logger: Logger;
  /** The security headers of a public page (headerBlock.ts `publicSecurityHeaders`). */
  securityHeaders: ReadonlyArray<[string, string]>;
  /** The URL as it may be logged (secrets redacted). */
  redactUrl: (url: string) => string;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const PAGE_VARY = "Accept-Encoding";
const HOME_VARY = [...ROOT_VARY, "Accept-Encoding"].join(", ");

/** The encoding to send: brotli, then gzip, then none; anything with q-values goes through the negotiator. */
function encodingFor(req: Request): Encoding {
  const accepted = req.headers["accept-encoding"];
  if (!accepted) return "identity";
  if (accepted.includes(";")) return (req.acceptsEncodings("br", "gzip", "identity") || "identity") as Encoding;
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}

export function createFastHitPath(deps: FastHitDeps): RequestHandler {
  const blocks = new WeakMap<CachedPage, { page: HeaderBlocks; home: HeaderBlocks }>();
  const parseCookies = cookieParser();
  const blocksOf = (entry: CachedPage, home: boolean): HeaderBlocks => {
    let both = blocks.get(entry);
    if (!both) {
      both = { page: headerBlocks(entry, deps.securityHeaders, PAGE_VARY), home: headerBlocks(entry, deps.securityHeaders, HOME_VARY) };
      blocks.set(entry, both);
    }
    return home ? both.home : both.page;
  };

  /** The fresh entry this request may be answered with, or undefined (the stack decides). */
  function entryFor(req: Request, res: Response): { entry: CachedPage; home: boolean } | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    const url = req.originalUrl;
    if (url.length > MAX_URL_LENGTH) return undefined;
    const { path, search } = splitUrl(url);
    if (canonicalPath(path) !== path || legacyRedirect(path) !== null) return undefined;
    const entry = deps.cache.get(pageUrl(path, search));
    if (!entry) return undefined;
    const ref = deps.refs.fresh?.();
    if (ref === undefined || entry.ref !== ref) return undefined;
    if (entry.status !== 200 && !(entry.status === 404 && Date.now() - entry.storedAt < NOT_FOUND_TTL_MS)) return undefined;
    const home = path === "/";
    const cookies = req.headers.cookie;
    if (cookies && (home || cookies.includes(PREVIEW_COOKIE))) {
      parseCookies(req, res, () => {});
      if (skipsPageCache(deps.previews.admit(req))) return undefined;
    }
    if (home && rootRegion(req) !== null) return undefined;
    return { entry, home };
  }

  return (req: Request, res: Response, next: NextFunction) => {
    const found = entryFor(req, res);
    if (!found) return next();
    const started = Date.now();
    const { entry, home } = found;
    const given = req.headers["x-request-id"];
    const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    const block = blocksOf(entry, home);
    const perRequest = ["x-request-id", id, ...(req.secure ? ["strict-transport-security", HSTS] : [])];
    labelRoute(res, entry.routeId);
    res.locals.pageCacheResult = "hit";
    res.on("finish", () =>
      deps.logger.info(
        { req: { id, method: req.method, url: deps.redactUrl(req.originalUrl) }, res: { statusCode: res.statusCode }, responseTime: Date.now() - started, cache: "HIT" },
        "request completed",
      ),
    );
    const ifNoneMatch = req.headers["if-none-match"];
    if (entry.status === 200 && ifNoneMatch && (ifNoneMatch === entry.etag || ifNoneMatch.split(/\s*,\s*/).includes(entry.etag))) {
      res.writeHead(304, [...block.notModified, ...perRequest]);
      return void res.end();
    }
    const encoding = encodingFor(req);
    res.writeHead(entry.status, [...block.body[encoding], ...perRequest]);
    res.end(req.method === "HEAD" ? undefined : entry.bodies[encoding]);
  };
}
