/**
 * The cheap refusals of a request form's post, answered before the app (docs/requests.md, "Checks,
 * in order"): a post from another site (403) and a client over its rate (429, `Retry-After`) cost
 * about what a cached page does, where crossing the app's whole stack (request log, headers,
 * cookies, URL rules) cost eight times that. Only a POST to a form's exact address is looked at;
 * everything else, and every post the gate lets through, goes on to the app, whose route
 * (requestRoute.ts) reads the body. The rate is express-rate-limit's store, counted per client
 * address as the app's `req.ip` gives it (IPv6 by /64), and every client's posts together, so a
 * flood from many addresses is refused here too (429, reason `busy`). Refusals are counted in the metrics by
 * reason; the log says once a minute at most that posts are being refused, not once per post.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ipKeyGenerator, MemoryStore, type Options } from "express-rate-limit";
import { LOCALES, localizePath } from "../../shared/locales";
import { regionFromPath } from "../../shared/region";
import { REQUEST_KINDS, REQUESTS_PREFIX, offersKind, type RequestKind } from "../../shared/requests/requestKinds";
import type { Logger } from "../observability/logger";
import type { RefusalReason, RequestMetrics } from "../observability/metrics/requestMetrics";
import { clientAddress, type TrustProxy } from "../requestRules/trustedProxy";
import { sameSiteFormHeaders } from "../http/sameSiteForms";

const WINDOW_MS = 60_000;
/** The store's key of every client's posts together (an address key is never this). */
const ALL = "all clients";

export interface RequestGateOptions {
  siteUrl: string;
  /** Posts one client may send a minute (REQUESTS_RATE_LIMIT), counted in windows of the wall clock. */
  perMinute: number;
  /**
   * Posts every client together may send this instance a minute (REQUESTS_RATE_LIMIT_ALL): a
   * flood from many addresses, each under its own rate, would otherwise have each post read,
   * checked and answered by the app.
   */
  perMinuteAll: number;
  trustProxy: TrustProxy;
  metrics: RequestMetrics;
  logger: Logger;
  /** The clock of the log's once-a-minute line. */
  now?: () => number;
}

/** `(req, res, next)`: answers a refused post itself, or calls `next` (on the raw request: no Express needed). */
export type RequestGate = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function createRequestGate({
  siteUrl,
  perMinute,
  perMinuteAll,
  trustProxy,
  metrics,
  logger,
  now = Date.now,
}: RequestGateOptions): {
  /** Whether the gate looks at this request: a POST to a form's exact address. */
  applies(req: IncomingMessage): boolean;
  gate: RequestGate;
} {
  const kinds = new Map<string, RequestKind>();
  for (const locale of LOCALES)
    for (const kind of REQUEST_KINDS) {
      const path = localizePath(`${REQUESTS_PREFIX}/${kind}`, locale);
      if (offersKind(regionFromPath(path), kind)) kinds.set(path, kind);
    }
  const store = new MemoryStore();
  store.init({ windowMs: WINDOW_MS } as Options);
  let loggedAt = Number.NEGATIVE_INFINITY;

  const pathOf = (req: IncomingMessage) => {
    const url = req.url ?? "";
    const query = url.indexOf("?");
    return query < 0 ? url : url.slice(0, query);
  };
  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    kind: RequestKind,
    status: number,
    reason: RefusalReason,
    text: string,
    headers = {},
  ) => {
    metrics.refused(kind, reason);
    if (now() - loggedAt >= WINDOW_MS) {
      loggedAt = now();
      logger.warn(
        { status, reason },
        "request form posts refused before the app (counted in site_requests_refused_total)",
      );
    }
    // The enhanced form asks for JSON (views/parts/requestForm/useRequestSubmit.ts); a browser's own post for HTML.
    const accept = req.headers.accept ?? "";
    const json = accept.includes("application/json") && !accept.includes("text/html");
    res.writeHead(status, {
      "Content-Type": json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    });
    res.end(json ? JSON.stringify({ error: reason, message: text }) : text);
  };
  // The forms' own check (Origin compared as sent), on the headers: this runs before Express.
  const sameSite = sameSiteFormHeaders(siteUrl);
  const fromSite = (req: IncomingMessage) => sameSite(req.headers);

  return {
    applies: (req) => req.method === "POST" && kinds.has(pathOf(req)),
    gate: (req, res, next) => {
      const kind = kinds.get(pathOf(req)) as RequestKind;
      if (!fromSite(req))
        return refuse(req, res, kind, 403, "cross_site", "Requests can only be sent from this site's own pages.");
      const key = ipKeyGenerator(clientAddress(req, trustProxy), 64);
      // The store's window runs on the wall clock.
      const retryAfter = (resetTime: Date | undefined) =>
        String(Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + WINDOW_MS) - Date.now()) / 1000)));
      store.increment(key).then(
        ({ totalHits, resetTime }) => {
          if (totalHits > perMinute)
            return refuse(
              req,
              res,
              kind,
              429,
              "rate_limited",
              "Too many requests from here just now: please wait a minute and send it again.",
              { "Retry-After": retryAfter(resetTime) },
            );
          // Every client's posts together: the key is no address.
          return store.increment(ALL).then(({ totalHits, resetTime }) => {
            if (totalHits <= perMinuteAll) return next();
            refuse(
              req,
              res,
              kind,
              429,
              "busy",
              "Too many requests are reaching us just now: please wait a minute and send it again.",
              { "Retry-After": retryAfter(resetTime) },
            );
          });
        },
        () => next(),
      );
    },
  };
}
