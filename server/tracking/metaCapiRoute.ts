/**
 * POST /api/meta-capi (docs/behaviour.md section 5.1): the browser's tracking event becomes a Conversions API server
 * event in the outbox. In order: rate limit per client IP (429 + Retry-After), SITE_URL's Origin
 * (403), JSON body of at most 16 KB (413), the payload schema (400 naming the field: Meta's
 * parameters for the event, a page of SITE_URL, no contact details), then Global Privacy Control
 * (an opted-out visitor's event is dropped with a 202, or limited: server/tracking/gpcSignal.ts),
 * the click cookies (`_fbc`, `_fbp`: server/tracking/clickCookies.ts), then a
 * durable write to the outbox: 202 with the `event_id` once the event is stored, before Meta
 * has seen it (the delivery worker sends it). A store that fails or is slow gives 503; bad
 * input is never a 500. Every answer is no-store.
 */
import { randomUUID } from "node:crypto";
import cookieParser from "cookie-parser";
import express, { Router, type ErrorRequestHandler, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import { bodyFailure, type BodyFailure } from "../http/bodyFailure";
import type { Logger } from "../observability/logger";
import type { OutboxCapacity } from "../outbox/outboxCapacity";
import type { OutboxStore } from "../outbox/store";
import { clickIds, cookieScope, writeClickCookies, type CookieScope } from "./clickCookies";
import { createGpcOptOuts, sendsGpc, treatmentOf, type GpcMode, type GpcOptOuts } from "./gpcSignal";
import { buildMetaEvent } from "./metaEvent";
import { sameOriginOnly } from "./sameOrigin";
import { trackingPayloadParser } from "./trackingPayload";
import { withSpan } from "../observability/tracing";

export const META_CAPI_PATH = "/api/meta-capi";
export const MAX_BODY_BYTES = 16 * 1024;

export interface MetaCapiRouteOptions {
  /** The outbox; without one every post answers 503 (the store could not be opened). */
  outbox: OutboxStore | undefined;
  /** The outbox's cap (OUTBOX_MAX_EVENTS); without one, no cap. */
  capacity?: OutboxCapacity;
  siteUrl: string;
  /** Posts per client IP per minute. */
  ratePerMinute: number;
  logger: Logger;
  /** How long a post waits for the outbox write before answering 503 (ms). */
  writeTimeoutMs?: number;
  now?: () => number;
  /** An opted-out visitor's events (Sec-GPC: 1 without gpc_opt_in): dropped (default) or sent with Limited Data Use (TRACKING_GPC). */
  gpc?: GpcMode;
  /** Where the `_fbc`/`_fbp` cookies live; default: SITE_URL's registrable domain (TRACKING_COOKIE_DOMAIN). */
  cookies?: CookieScope;
  /** Counts opted-out visitors' events (the metrics read it). */
  gpcOptOuts?: GpcOptOuts;
}

const sendError = (res: Response, status: number, error: string, field?: string) =>
  void res
    .status(status)
    .set("Cache-Control", "no-store")
    .json(field ? { error, field } : { error });

/** body-parser's errors as JSON answers in the relay's words: never a stack, never a 500 for the client's bytes. */
const BODY_REFUSALS: Record<BodyFailure, string> = {
  too_large: `body: larger than ${MAX_BODY_BYTES / 1024} KB`,
  encoding: "body: in an encoding this endpoint does not take",
  unreadable: "body: not valid JSON",
};
const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const failure = bodyFailure(error);
  if (!failure) return next(error);
  // The parser's own status (413, 415, 400); its message is never echoed.
  sendError(res, (error as { status: number }).status, BODY_REFUSALS[failure], "body");
};

/** Rejects after `ms` (the write itself goes on: a late success is kept, and a retry with the same event_id is not stored twice). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`outbox write took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createMetaCapiRouter({
  outbox,
  capacity,
  siteUrl,
  ratePerMinute,
  logger,
  writeTimeoutMs = 5_000,
  now = Date.now,
  gpc = "drop",
  cookies = cookieScope(siteUrl),
  gpcOptOuts = createGpcOptOuts(),
}: MetaCapiRouteOptions): Router {
  // Its exact spelling only, as the app's own routing (docs/security.md, "Only page paths are re-spelled").
  const router = Router({ caseSensitive: true, strict: true });
  const parseTrackingPayload = trackingPayloadParser(siteUrl);
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: ratePerMinute,
    // RateLimit and RateLimit-Policy headers, and Retry-After on a 429.
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // Keyed by req.ip: the client's address through the trusted proxies (TRUST_PROXY).
    handler: (_req, res) => sendError(res, 429, "too many tracking events from this address: retry later"),
    // TRUST_PROXY decides whether X-Forwarded-For counts; its presence alone is not an error.
    validate: { xForwardedForHeader: false },
    logger,
  });

  router.post(
    META_CAPI_PATH,
    limiter,
    sameOriginOnly(siteUrl),
    // navigator.sendBeacon posts a string as text/plain: the same JSON is accepted under that type.
    express.json({ limit: MAX_BODY_BYTES, type: ["application/json", "text/plain"] }),
    bodyErrors,
    // The app parses cookies already (a second parser then does nothing); the router alone needs it too.
    cookieParser(),
    async (req: Request, res: Response) => {
      const parsed = parseTrackingPayload(req.body);
      if (!parsed.ok) return sendError(res, 400, parsed.problem.error, parsed.problem.field);
      const { payload } = parsed;
      const eventId = payload.event_id ?? randomUUID();
      const treatment = treatmentOf(sendsGpc(req.headers), payload.gpc_opt_in, gpc);
      if (treatment !== "send") gpcOptOuts.count(treatment);
      // A 2xx, so the browser does not retry; nothing stored, nothing written.
      if (treatment === "dropped")
        return void res.status(202).set("Cache-Control", "no-store").json({ event_id: eventId, dropped: "gpc" });
      if (!outbox) return sendError(res, 503, "tracking is unavailable: the outbox could not be opened");
      const receivedAt = now();
      const ids = clickIds(cookies, {
        fbclid: payload.fbclid,
        fbp: payload.fbp,
        cookies: req.cookies,
        now: receivedAt,
        mayWrite: treatment === "send",
      });
      // Written with any answer from here on, 503 included: the click happened now, stored or not.
      writeClickCookies(res, ids.write, cookies, req.secure);
      const event = buildMetaEvent(payload, {
        eventId,
        receivedAt,
        clientIp: req.ip,
        userAgent: req.get("user-agent"),
        fbc: ids.fbc,
        fbp: ids.fbp,
        limitedDataUse: treatment === "limited",
      });
      try {
        if (capacity && !(await withTimeout(capacity.admit(), writeTimeoutMs))) {
          res.setHeader("Retry-After", "60");
          return sendError(res, 503, "tracking is paused: the outbox is full");
        }
        await withSpan(
          "outbox.add",
          () =>
            withTimeout(
              outbox.add({ id: eventId, region: payload.region, payload: event, createdAt: receivedAt }),
              writeTimeoutMs,
            ),
          {
            attributes: () => ({
              "outbox.store": outbox.kind,
              "outbox.event_id": eventId,
              "outbox.event_name": event.event_name,
            }),
          },
        );
      } catch (error) {
        logger.error({ err: error, eventId }, "tracking event not stored: the outbox write failed");
        res.setHeader("Retry-After", "5");
        return sendError(res, 503, "tracking event not stored: retry later");
      }
      res.status(202).set("Cache-Control", "no-store").json({ event_id: eventId });
    },
  );
  router.all(META_CAPI_PATH, (_req, res) => {
    res.setHeader("Allow", "POST");
    sendError(res, 405, "use POST");
  });
  return router;
}
