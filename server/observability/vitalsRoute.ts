/**
 * POST /api/vitals (docs/behaviour.md section 7.6): one page view's Core Web Vitals from a
 * visitor's browser (client/vitals/fieldVitals.ts), counted into the histograms of
 * server/observability/metrics/vitalsMetrics.ts. In order, each refusal counted by its reason:
 * a rate limit per client address (429), the site's own Origin (403), an uncompressed body of at
 * most 2 KB (413, 415), JSON (400), then the schema (400): known metric names, label values from
 * the fixed lists of shared/fieldVitals.ts, values within range and in a page view's order
 * (TTFB ≤ FCP ≤ LCP), only the metrics its navigation type can have (a client navigation: INP and
 * CLS), and an optional `why` that fits them (shared/vitals/whySchema.ts). Then the client's weight: its first few page views an hour are counted, the rest answered
 * 204 as well but counted as refused (client_limit), so that one client can neither fire nor hide
 * a field alert (docs/operations.md, "Field speed"). A good report answers 204 with nothing else:
 * no cookie, no body, never stored. Without metrics (no METRICS_TOKEN) reports are still checked
 * and answered, and counted nowhere.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type Request, type Response, type Router } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { z } from "zod";
import { LRUCache } from "lru-cache";
import { createClientBudget } from "../http/visitorBudget";
import { requestIdOf } from "../requestRules/requestId";
import { clientAddress, type TrustProxy } from "../requestRules/trustedProxy";
import { builtFieldsLogger, redactSecrets, type Logger } from "./logger";
import { readJsonBody } from "./vitalsBody";
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
import { checkWhy, whyFits, whyShape } from "../../shared/vitals/whySchema";
import type { RefusalReason, VitalsMetrics } from "./metrics/vitalsMetrics";

export const VITALS_MAX_BYTES = 2 * 1024;
/** A flat header list: written as it is, no object to walk. */
const NO_STORE = ["Cache-Control", "no-store"];

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
/** The report's schema, as written down; `checkReport` below decides alike without zod's cost (test/vitalsGate.test.ts holds them together). */
export const reportSchema = z
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
    // Why it was slow (shared/vitals/whySchema.ts): optional, so older reporters' reports stay valid.
    why: whyShape.optional(),
  })
  .strict()
  .refine(
    ({ nav, metrics }) =>
      Object.keys(metrics).every((name) => METRICS_OF[navigationLabel(nav)].includes(name as VitalName)),
    "a metric this navigation type cannot have",
  )
  .refine(({ why, metrics }) => why === undefined || whyFits(why, metrics), "a why that does not fit its metrics");

export type Report = z.infer<typeof reportSchema>;

const PAGES = new Set<string>(PAGE_TYPES);
const REGION_SET = new Set<string>(REGIONS);
const DEVICES = new Set<string>(DEVICE_CLASSES);
const NAVIGATIONS = new Set<string>(NAVIGATION_TYPES);
const REPORT_KEYS = new Set(["page", "region", "device", "nav", "metrics"]);
/** The report's one optional key. */
const WHY_KEY = "why";
/** Each metric's greatest value (its least is 0). */
const MAXIMA: Record<string, number> = {
  LCP: MAX_SECONDS,
  INP: MAX_INP_SECONDS,
  CLS: MAX_CLS,
  FCP: MAX_SECONDS,
  TTFB: MAX_SECONDS,
};
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const inRange = (value: unknown, max: number) =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= max;

/** The report in `value` if `reportSchema` accepts it, else undefined: the same rules, one pass, nothing allocated but the answer. */
export function checkReport(value: unknown): Report | undefined {
  if (!isRecord(value)) return undefined;
  let keys = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key === WHY_KEY) continue;
    if (!REPORT_KEYS.has(key)) return undefined;
    keys++;
  }
  const { page, region, device, nav, metrics, why } = value;
  if (keys !== REPORT_KEYS.size) return undefined;
  if (typeof page !== "string" || !PAGES.has(page)) return undefined;
  if (typeof region !== "string" || !REGION_SET.has(region)) return undefined;
  if (typeof device !== "string" || !DEVICES.has(device)) return undefined;
  if (typeof nav !== "string" || !NAVIGATIONS.has(nav)) return undefined;
  if (!isRecord(metrics)) return undefined;
  const allowed = METRICS_OF[navigationLabel(nav as Report["nav"])];
  let count = 0;
  for (const name in metrics) {
    if (!Object.hasOwn(metrics, name)) continue;
    const max = Object.hasOwn(MAXIMA, name) ? MAXIMA[name] : undefined;
    if (max === undefined || !inRange(metrics[name], max)) return undefined;
    if (!allowed.includes(name as VitalName)) return undefined;
    count++;
  }
  if (count === 0) return undefined;
  // A page view's times come in order: its first byte, its first paint, its largest paint.
  const { TTFB, FCP, LCP } = metrics as Partial<Record<VitalName, number>>;
  if (TTFB !== undefined && FCP !== undefined && TTFB > FCP) return undefined;
  if (FCP !== undefined && LCP !== undefined && FCP > LCP) return undefined;
  if (TTFB !== undefined && FCP === undefined && LCP !== undefined && TTFB > LCP) return undefined;
  if (Object.hasOwn(value, WHY_KEY) && !checkWhy(why, metrics)) return undefined;
  return value as Report;
}

/**
 * express-rate-limit's MemoryStore, synchronous (its `increment` is a promise per report): each
 * key's hits in a window of `windowMs` from its first, the keys of the last two windows kept.
 */
function createWindowCounts(windowMs: number) {
  let current = new Map<string, { hits: number; resetAt: number }>();
  let previous = new Map<string, { hits: number; resetAt: number }>();
  setInterval(() => {
    previous = current;
    current = new Map();
  }, windowMs).unref();
  return (key: string, now: number) => {
    let client = current.get(key);
    if (!client) {
      client = previous.get(key);
      if (client) previous.delete(key);
      else client = { hits: 0, resetAt: now + windowMs };
      current.set(key, client);
    }
    if (client.resetAt <= now) {
      client.hits = 0;
      client.resetAt = now + windowMs;
    }
    client.hits++;
    return client;
  };
}

/** The key express-rate-limit's `ipKeyGenerator` gives `address` (IPv6 by `/bits`), without its IPv6 test for an IPv4 address. */
const addressKey = (address: string, bits: number) => (address.includes(":") ? ipKeyGenerator(address, bits) : address);

export interface VitalsRouteOptions {
  siteUrl: string;
  /** Where reports are counted; without it, nowhere. */
  metrics?: VitalsMetrics;
  /** Reports one client address may send a minute (one per page view). */
  perMinute?: number;
  /** Whose forwarding headers give the client address (the app's "trust proxy fn"); default: none, the peer is the client. */
  trustProxy?: TrustProxy;
  /** Where a refused report's line goes (one per refusal, as the request log writes it); default: nowhere. */
  logger?: Logger;
  /** Counts each answer in the HTTP metrics (status, seconds), as the app's middleware counts its own. */
  countResponse?: (status: number, seconds: number) => void;
}

/** The endpoint: its answer to a POST, before the app (an EarlyGate: server/pageCache/fastHit.ts) and as the app's route. */
export interface VitalsEndpoint {
  /** Whether the gate answers this request: a POST to the endpoint's exact path. */
  applies(req: IncomingMessage): boolean;
  /** Answers a POST itself; never calls `next`. */
  gate(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** The same answer inside an Express app (traced, or mounted alone), and 405 to other methods. */
  router: Router;
}

const RATE_WINDOW_MS = 60_000;
const ERROR_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

const pathOf = (url: string) => {
  const query = url.indexOf("?");
  return query < 0 ? url : url.slice(0, query);
};

export function createVitalsEndpoint({
  siteUrl,
  metrics,
  perMinute = 60,
  trustProxy = () => false,
  logger,
  countResponse,
}: VitalsRouteOptions): VitalsEndpoint {
  const site = new URL(siteUrl).origin;
  // Each client's weight: VITALS_CLIENT_VIEWS at once, earned back over an hour, so at most twice
  // that in any hour; and each client counted once per page type and region an hour.
  const weight = createClientBudget({
    burst: VITALS_CLIENT_VIEWS,
    perSecond: VITALS_CLIENT_VIEWS / (HOUR_MS / 1000),
    maxKeys: MAX_CLIENTS,
  });
  const seen = new LRUCache<string, true>({ max: MAX_CLIENTS, ttl: HOUR_MS, ttlAutopurge: false });
  // The rate per client address: express-rate-limit's window and key (IPv6 by /56, its default), a minute.
  const rate = createWindowCounts(RATE_WINDOW_MS);
  // Refusals' lines are built here, as the page cache's hits' are: no per-line redaction pass.
  const refusalLog = logger && builtFieldsLogger(logger);

  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    started: number,
    status: number,
    reason: RefusalReason,
    extra?: Record<string, string>,
  ) => {
    metrics?.refuse(reason);
    const id = requestIdOf(req);
    res.writeHead(
      status,
      extra ? { ...ERROR_HEADERS, ...extra, "X-Request-Id": id } : { ...ERROR_HEADERS, "X-Request-Id": id },
    );
    res.end(`{"error":"${reason}"}`);
    const seconds = (performance.now() - started) / 1000;
    countResponse?.(status, seconds);
    // Refused reports stay visible one by one (docs/operations.md, "Field speed"): the line the request log would write, and the reason.
    const url = req.url ?? VITALS_PATH;
    refusalLog?.info(
      {
        req: { id, method: req.method, url: url.includes("?") ? redactSecrets(url) : url },
        res: { statusCode: status },
        responseTime: Math.round(seconds * 1000),
        reason,
      },
      "request completed",
    );
  };

  /** A good report: 204, then counted (past the client's weight, counted as refused). */
  const count = (res: ServerResponse, started: number, address: string, body: unknown) => {
    const report = checkReport(body);
    if (!report) return false;
    const { page, region, device, nav, metrics: values, why } = report;
    res.writeHead(204, NO_STORE);
    res.end();
    countResponse?.(204, (performance.now() - started) / 1000);
    // Answered alike, so a client past its weight learns nothing to adjust to.
    const client = addressKey(address, 64);
    if (weight.take(client) > 0) {
      metrics?.refuse("client_limit");
      return true;
    }
    if (!metrics) return true;
    const clientView = `${client} ${page} ${region}`;
    if (!seen.has(clientView)) {
      seen.set(clientView, true);
      metrics.client({ page_type: page, region });
    }
    const labels = { page_type: page, region, device_class: device, navigation_type: navigationLabel(nav) };
    for (const name of VITAL_NAMES) {
      const value = values[name as VitalName];
      if (value !== undefined) metrics.observe(name, labels, value);
    }
    // Why it was slow, by the same page type, region and device class (not the navigation type: docs/operations.md, "Field speed").
    if (why) metrics.explain?.({ page_type: page, region, device_class: device }, why);
    return true;
  };

  /** In order: the client's rate (429, before anything is read), the site's Origin (403), the body, the schema. */
  const answer = (req: IncomingMessage, res: ServerResponse, address: string) => {
    const started = performance.now();
    const now = Date.now();
    const { hits, resetAt } = rate(addressKey(address, 56), now);
    if (hits > perMinute)
      return refuse(req, res, started, 429, "rate_limited", {
        "Retry-After": String(Math.ceil((resetAt - now) / 1000)),
      });
    // Browsers send Origin with every POST, sendBeacon's included.
    if (req.headers.origin !== site) return refuse(req, res, started, 403, "origin");
    readJsonBody(req, VITALS_MAX_BYTES, (body) => {
      if (!body.ok) return refuse(req, res, started, body.status, body.reason);
      if (!count(res, started, address, body.value)) refuse(req, res, started, 400, "invalid");
    });
  };

  // Its exact spelling only, as every endpoint (docs/security.md): another case or a trailing slash is not it.
  const router = express.Router({ caseSensitive: true, strict: true });
  router.post(VITALS_PATH, (req: Request, res: Response) =>
    answer(req, res, req.ip ?? req.socket.remoteAddress ?? "unknown"),
  );
  router.all(VITALS_PATH, (_req, res) => {
    res.setHeader("Allow", "POST");
    res.status(405).set("Cache-Control", "no-store").json({ error: "use POST" });
  });

  return {
    applies: (req) => req.method === "POST" && pathOf(req.url ?? "") === VITALS_PATH,
    gate: (req, res) => answer(req, res, clientAddress(req, trustProxy)),
    router,
  };
}

/** The endpoint as an Express router alone (no gate before the app). */
export function createVitalsRoute(options: VitalsRouteOptions): Router {
  return createVitalsEndpoint(options).router;
}
