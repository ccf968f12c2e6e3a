/**
 * POST /api/vitals (docs/behaviour.md section 7.6): one page view's Core Web Vitals from a
 * visitor's browser (client/vitals/fieldVitals.ts), counted into the histograms of
 * server/observability/metrics/vitalsMetrics.ts. In order, each refusal counted by its reason:
 * a rate limit per client address (429), the site's own Origin (403), an uncompressed body of at
 * most 2 KB (413, 415), JSON (400), then the schema (400): known metric names, label values from
 * the fixed lists of shared/fieldVitals.ts, values within range and in a page view's order
 * (TTFB ≤ FCP ≤ LCP), only the metrics its navigation type can have (a client navigation: INP and
 * CLS). Then the client's weight: its first few page views an hour are counted, the rest answered
 * 204 as well but counted as refused (client_limit), so that one client can neither fire nor hide
 * a field alert (docs/operations.md, "Field speed"). A good report answers 204 with nothing else:
 * no cookie, no body, never stored. Without metrics (no METRICS_TOKEN) reports are still checked
 * and answered, and counted nowhere.
 */
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import { LRUCache } from "lru-cache";
import { bodyFailure } from "../http/bodyFailure";
import { clientKey, createClientBudget } from "../http/visitorBudget";
import {
  DEVICE_CLASSES,
  METRICS_OF,
  NAVIGATION_TYPES,
  navigationLabel,
  PAGE_TYPES,
  REGIONS,
  VITALS_PATH,
  VITAL_NAMES,
  type VitalName,
} from "../../shared/fieldVitals";
import type { RefusalReason, VitalsMetrics } from "./metrics/vitalsMetrics";

export const VITALS_MAX_BYTES = 2 * 1024;

/** A value beyond these is no measurement of a page a visitor waited for (a tab left in the background, a bug). */
const MAX_SECONDS = 60;
const MAX_INP_SECONDS = 20;
const MAX_CLS = 5;

/** Page views one client is counted for in an hour, per instance (docs/operations.md, "Field speed"). */
export const VITALS_CLIENT_VIEWS = 5;
const HOUR_MS = 3_600_000;
/** Entries each of the two memories keeps at once (a client's weight; a client's page type and region seen): about a megabyte each. */
const MAX_CLIENTS = 10_000;

const seconds = z.number().finite().min(0).max(MAX_SECONDS);
const reportSchema = z
  .object({
    page: z.enum(PAGE_TYPES),
    region: z.enum(REGIONS as [string, ...string[]]),
    device: z.enum(DEVICE_CLASSES),
    nav: z.enum(NAVIGATION_TYPES),
    metrics: z
      .object({
        LCP: seconds.optional(),
        INP: seconds.max(MAX_INP_SECONDS).optional(),
        CLS: z.number().finite().min(0).max(MAX_CLS).optional(),
        FCP: seconds.optional(),
        TTFB: seconds.optional(),
      })
      .strict()
      .refine((metrics) => Object.keys(metrics).length > 0, "no metric")
      // A page view's times come in order: its first byte, its first paint, its largest paint.
      .refine(({ TTFB, FCP, LCP }) => {
        const times = [TTFB, FCP, LCP].filter((t) => t !== undefined);
        return times.every((t, i) => i === 0 || times[i - 1] <= t);
      }, "times out of order"),
  })
  .strict()
  .refine(
    ({ nav, metrics }) =>
      Object.keys(metrics).every((name) => METRICS_OF[navigationLabel(nav)].includes(name as VitalName)),
    "a metric this navigation type cannot have",
  );

export interface VitalsRouteOptions {
  siteUrl: string;
  /** Where reports are counted; without it, nowhere. */
  metrics?: VitalsMetrics;
  /** Reports one client address may send a minute (one per page view). */
  perMinute?: number;
}

export function createVitalsRoute({ siteUrl, metrics, perMinute = 60 }: VitalsRouteOptions): Router {
  const site = new URL(siteUrl).origin;
  // Each client's weight: VITALS_CLIENT_VIEWS at once, earned back over an hour, so at most twice
  // that in any hour; and each client counted once per page type and region an hour.
  const weight = createClientBudget({
    burst: VITALS_CLIENT_VIEWS,
    perSecond: VITALS_CLIENT_VIEWS / (HOUR_MS / 1000),
    maxKeys: MAX_CLIENTS,
  });
  const seen = new LRUCache<string, true>({ max: MAX_CLIENTS, ttl: HOUR_MS, ttlAutopurge: false });
  const refuse = (res: Response, status: number, reason: RefusalReason) => {
    metrics?.refuse(reason);
    res.status(status).set("Cache-Control", "no-store").json({ error: reason });
  };
  // Its exact spelling only, as every endpoint (docs/security.md): another case or a trailing slash is not it.
  const router = express.Router({ caseSensitive: true, strict: true });
  router.post(
    VITALS_PATH,
    // Counted before the body is read, so a flood costs no parsing.
    rateLimit({
      windowMs: 60_000,
      limit: perMinute,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      // req.ip follows the app's `trust proxy` setting; a forwarded header it ignores is not an error here.
      validate: { xForwardedForHeader: false },
      handler: (_req, res) => refuse(res, 429, "rate_limited"),
    }),
    (req: Request, res: Response, next: NextFunction) => {
      // Browsers send Origin with every POST, sendBeacon's included.
      if (req.get("origin") !== site) return refuse(res, 403, "origin");
      next();
    },
    // sendBeacon posts a string as text/plain; browsers never compress a request body, so a compressed one is refused unread.
    express.json({ limit: VITALS_MAX_BYTES, type: ["text/plain", "application/json"], inflate: false, strict: true }),
    (req: Request, res: Response) => {
      if (!req.is(["text/plain", "application/json"])) return refuse(res, 400, "not_json");
      const parsed = reportSchema.safeParse(req.body);
      if (!parsed.success) return refuse(res, 400, "invalid");
      const { page, region, device, nav, metrics: values } = parsed.data;
      const client = clientKey(req);
      res.status(204).set("Cache-Control", "no-store").end();
      // Answered alike, so a client past its weight learns nothing to adjust to.
      if (weight.take(client) > 0) return metrics?.refuse("client_limit");
      const clientView = `${client} ${page} ${region}`;
      if (!seen.has(clientView)) {
        seen.set(clientView, true);
        metrics?.client({ page_type: page, region });
      }
      const labels = { page_type: page, region, device_class: device, navigation_type: navigationLabel(nav) };
      for (const name of VITAL_NAMES) {
        const value = values[name as VitalName];
        if (value !== undefined) metrics?.observe(name, labels, value);
      }
    },
    // Body errors from express.json, by reason (server/http/bodyFailure.ts).
    (error: unknown, _req: Request, res: Response, next: NextFunction) => {
      const failure = bodyFailure(error);
      if (failure === "too_large") return refuse(res, 413, "too_large");
      if (failure === "encoding") return refuse(res, 415, "encoding");
      if (failure === "unreadable") return refuse(res, 400, "not_json");
      next(error);
    },
  );
  router.all(VITALS_PATH, (_req, res) => {
    res.setHeader("Allow", "POST");
    res.status(405).set("Cache-Control", "no-store").json({ error: "use POST" });
  });
  return router;
}
