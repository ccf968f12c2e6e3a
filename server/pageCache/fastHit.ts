/**
 * The page cache's fast path: a fresh cached public page answered as the HTTP server hands over
 * the request, before the Express app (whose request set-up alone costs a hit more than a tenth
 * of its CPU: docs/decisions/019-cpu-per-request.md), with everything worked out when the entry
 * was first sent (the header block, the compressed bodies, the ETags: headerBlock.ts). It answers
 * only what the app would answer with the same bytes, taking the app's own decisions
 * (server/requestRules/, docs/request-path.md), and hands everything else to the app untouched:
 * - GET/HEAD of a path spelled as it is meant (not a legacy path, not another spelling), of sane length;
 * - without a body (no Transfer-Encoding, no Content-Length but 0): answered at once, a hit would
 *   go out before Node's parser reached a malformed body the app answers with a 400;
 * - a page in the cache at the current master ref (a stale one goes the long way, which
 *   serves it and queues its refresh), a 404 only while fresh;
 * - no verified preview of this repository, nor a token being verified or refused (a junk
 *   cookie, or a made-up token past the verification budget, is an ordinary visitor);
 * - at `/`, only a visitor the root's region rule leaves on the shared gb home.
 * Still logged (one line with the request id and `cache: "HIT"`, the fields pino-http writes),
 * still counted in the metrics, still carrying every security header, HSTS over HTTPS, and
 * answering 304 when the request's If-None-Match says the page has not changed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import cookieParser from "cookie-parser";
import type { Express, Request } from "express";
import { pageUrl } from "../../shared/canonicalPath";
import { splitUrl } from "../requestRules/canonicalUrls";
import type { RefTracker } from "../content/refTracker";
import { builtFieldsLogger, type Logger } from "../observability/logger";
import { isWarmUpRequest } from "../observability/warmUpRequests";
import type { HitRecorder } from "../observability/metrics/hitCounts";
import { labelRoute } from "../observability/metrics/routeLabel";
import { PREVIEW_COOKIE } from "../preview/previewCookie";
import { skipsPageCache, type PreviewGate } from "../preview/previewVerification";
import { MAX_URL_LENGTH } from "../http/requestGuards";
import { notModified } from "../requestRules/conditionalRequest";
import { pageSpelling } from "../requestRules/pageSpelling";
import { requestIdOf } from "../requestRules/requestId";
import { ROOT_VARY, rootRegion } from "../requestRules/rootRegion";
import { clientAddress, isSecure, type TrustProxy } from "../requestRules/trustedProxy";
import { HSTS } from "../http/security";
import { preferredEncoding } from "./contentCoding";
import { headerBlocks, type HeaderBlocks } from "./headerBlock";
import type { EdgeKeysHeader } from "../edge/edgeSettings";
import type { EdgeLifetimes } from "../edge/edgeLifetimes";
import { type CachedPage, isFresh, type PageCache } from "./pageCache";

/** Answers a request from the page cache and returns true, or returns false and has touched nothing the app reads. */
export type HitAnswerer = (req: IncomingMessage, res: ServerResponse) => boolean;

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
  /** Whether a peer's forwarding headers are believed (the app's "trust proxy fn"): HSTS and the client address, as the app decides them. */
  trustProxy: TrustProxy;
  /** Counts a hit in the HTTP metrics, when they are on, as any response is counted. */
  recordHit?: HitRecorder;
  /**
   * The edge's lifetimes (server/edge/edgeLifetimes.ts): while they are long, a 200 is the app's to
   * answer, which confirms the master ref before it lets the edge keep the page for a day.
   */
  lifetimes?: Pick<EdgeLifetimes, "longLived">;
  /** The header carrying a page's edge keys (EDGE_KEYS_HEADER), as the app sends it (sendCached.ts); none without it. */
  keysHeader?: EdgeKeysHeader;
}

const PAGE_VARY = "Accept-Encoding";
const HOME_VARY = [...ROOT_VARY, "Accept-Encoding"].join(", ");

/** Per entry: the header blocks for a page and for the home, each with and without HSTS. */
interface EntryBlocks {
  page: HeaderBlocks;
  home: HeaderBlocks;
  securePage: HeaderBlocks;
  secureHome: HeaderBlocks;
}

/**
 * The header array for one response: the entry's block with the request id as its last value.
 * The block's last slot is written just before `writeHead`, which reads the array at once, so
 * one array per block serves every request without a copy.
 */
function withRequestId(block: string[], id: string): string[] {
  block[block.length - 1] = id;
  return block;
}

function blocksFor(
  entry: CachedPage,
  security: ReadonlyArray<[string, string]>,
  keysHeader: EdgeKeysHeader | undefined,
): EntryBlocks {
  const make = (vary: string, secure: boolean): HeaderBlocks => {
    const blocks = headerBlocks(entry, security, vary, keysHeader);
    const tail = [...(secure ? ["strict-transport-security", HSTS] : []), "x-request-id", ""];
    for (const list of [...Object.values(blocks.body), ...Object.values(blocks.notModified)]) list.push(...tail);
    return blocks;
  };
  return {
    page: make(PAGE_VARY, false),
    home: make(HOME_VARY, false),
    securePage: make(PAGE_VARY, true),
    secureHome: make(HOME_VARY, true),
  };
}

/** Whether the request announces a body: any Transfer-Encoding, or a Content-Length other than 0. */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers["transfer-encoding"] !== undefined ||
  (req.headers["content-length"] !== undefined && Number(req.headers["content-length"]) !== 0);

export function createFastHitPath(deps: FastHitDeps): HitAnswerer {
  const blocks = new WeakMap<CachedPage, EntryBlocks>();
  const parseCookies = cookieParser();
  // The access line's fields are all built here (the URL already redacted): no per-line redaction pass.
  const accessLog = builtFieldsLogger(deps.logger);

  /**
   * The request as the preview gate reads it: with the client address Express's `req.ip` would
   * give (through the proxies TRUST_PROXY names), so a per-client budget counts the visitor, not
   * the load balancer. Kept on the request, which the app then receives as it is.
   */
  const asAppRequest = (req: IncomingMessage): Request => {
    const view = req as IncomingMessage & { ip?: string };
    if (view.ip === undefined)
      Object.defineProperty(view, "ip", {
        value: clientAddress(req, deps.trustProxy),
        configurable: true,
        writable: true,
      });
    return view as unknown as Request;
  };

  /** The fresh entry this request may be answered with, or undefined (the app decides). */
  function entryFor(req: IncomingMessage): { entry: CachedPage; home: boolean } | undefined {
    const url = req.url ?? "/";
    if (url.length > MAX_URL_LENGTH) return undefined;
    const { path, search } = splitUrl(url);
    if (pageSpelling(path).kind !== "asIs") return undefined;
    const entry = deps.cache.get(pageUrl(path, search));
    if (!entry) return undefined;
    const ref = deps.refs.fresh?.();
    if (ref === undefined || !isFresh(entry, ref)) return undefined;
    if (entry.status === 200 && deps.lifetimes?.longLived()) return undefined;
    const home = path === "/";
    const cookies = req.headers.cookie;
    const withCookies = req as IncomingMessage & { cookies?: Record<string, unknown> };
    if (cookies && (home || cookies.includes(PREVIEW_COOKIE))) {
      // Parsed as the app's cookie-parser would (it keeps what it finds already parsed).
      parseCookies(req as never, {} as never, () => {});
      if (skipsPageCache(deps.previews.admit(asAppRequest(req)))) return undefined;
    }
    if (home) {
      // Only the gb home every visitor with these headers gets; a redirect, or the gb home kept
      // for a crawler alone (private), is the app's to send.
      const region = rootRegion(withCookies);
      if (region.kind !== "home" || !region.shared) return undefined;
    }
    return { entry, home };
  }

  return (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    if (hasBody(req)) return false;
    const found = entryFor(req);
    if (!found) return false;
    const started = performance.now();
    const { entry, home } = found;
    let both = blocks.get(entry);
    if (!both) {
      both = blocksFor(entry, deps.securityHeaders, deps.keysHeader);
      blocks.set(entry, both);
    }
    const secure = isSecure(req, deps.trustProxy);
    const block = home ? (secure ? both.secureHome : both.home) : secure ? both.securePage : both.page;
    const id = requestIdOf(req);
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    if (notModified(method, entry.status, req.headers["if-none-match"], entry.etags[encoding])) {
      res.writeHead(304, withRequestId(block.notModified[encoding], id));
      res.end();
    } else {
      res.writeHead(entry.status, withRequestId(block.body[encoding], id));
      res.end(method === "HEAD" ? undefined : entry.bodies[encoding]);
    }
    // Written at once (one buffer), so counted and logged now rather than on "finish".
    const seconds = (performance.now() - started) / 1000;
    deps.recordHit?.(method, entry.routeId, res.statusCode, seconds);
    // Answered inside the app (tracing on: server/app.ts), the request span reads these.
    const locals = (res as ServerResponse & { locals?: Record<string, unknown> }).locals;
    if (locals) {
      labelRoute(res as never, entry.routeId);
      locals.pageCacheResult = "hit";
    }
    const url = req.url ?? "/";
    // The server's own warm-up requests at debug (server/observability/warmUpRequests.ts).
    accessLog[isWarmUpRequest(req) ? "debug" : "info"](
      {
        req: { id, method, url: url.includes("?") ? deps.redactUrl(url) : url },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(seconds * 1000),
        cache: "HIT",
      },
      "request completed",
    );
    return true;
  };
}

/**
 * The request listener: the page cache's fast path first, the Express app for everything it
 * does not answer. It is the app itself as far as callers can tell (`listen`, settings, supertest).
 * This is where a request starts (tracing wraps here).
 */
export function answerHitsFirst(app: Express, hits: HitAnswerer, ...gates: EarlyGate[]): Express {
  const listener = (req: IncomingMessage, res: ServerResponse, next?: () => void) => {
    if (hits(req, res)) return;
    const pass = () => app(req as never, res as never, next as never);
    // The first gate that applies decides (each looks at POSTs to its own exact paths).
    for (const gate of gates) if (gate.applies(req)) return gate.gate(req, res, pass);
    pass();
  };
  // The app's methods and settings (listen, get, set, locals…), read through to the app itself.
  Object.setPrototypeOf(listener, app);
  return listener as unknown as Express;
}

/**
 * A check answered before the app for the requests it applies to, or passed on: the request
 * forms' cheap refusals (server/requests/requestGate.ts), the field reports
 * (server/observability/vitalsRoute.ts).
 */
export interface EarlyGate {
  applies(req: IncomingMessage): boolean;
  gate(req: IncomingMessage, res: ServerResponse, next: () => void): void;
}
