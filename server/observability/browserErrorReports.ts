/**
 * `POST /api/client-log`: the browser reports a fatal start-up or rendering error here (docs/behaviour.md section 2.8).
 * The body is small JSON (at most 4 KB, else 413), checked against a schema (else 400), and
 * each address may send a few reports a minute (else 429); only the site's own pages may send
 * one (`Origin` exactly SITE_URL's, else 403: docs/security.md). A report becomes one log line
 * at `warn` with the request id, U+2028 and U+2029 written as `\u2028` and `\u2029` (JSON
 * allows them raw, but a reader that takes them for line ends would split the line); nothing of
 * it is ever sent back.
 */
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import { bodyFailure } from "../http/bodyFailure";
import { siteOriginCheck } from "../tracking/sameOrigin";
import type { Logger } from "./logger";

export const CLIENT_LOG_PATH = "/api/client-log";
export const CLIENT_LOG_MAX_BYTES = 4 * 1024;

/** What the browser sends (client/clientLog.ts). */
const reportSchema = z
  .object({
    kind: z.enum(["startup", "uncaught", "render", "recoverable", "script"]),
    message: z.string().min(1).max(1000),
    stack: z.string().max(3000).optional(),
    /** The page's path (no query string: it may carry a preview token). */
    path: z
      .string()
      .max(500)
      .regex(/^\/[^?#]*$/)
      .optional(),
    buildId: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .optional(),
  })
  .strict();

export type ClientErrorReport = z.infer<typeof reportSchema>;

/** The text with the JavaScript line separators spelled as escapes, so a log line stays one line for every reader. */
const escapeLineSeparators = (text: string) =>
  text.replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

function loggable(report: ClientErrorReport): ClientErrorReport {
  return Object.fromEntries(
    Object.entries(report).map(([key, value]) => [
      key,
      typeof value === "string" ? escapeLineSeparators(value) : value,
    ]),
  ) as ClientErrorReport;
}

export interface ClientLogOptions {
  /** The site's address: reports are taken from its origin only. */
  siteUrl: string;
  /** Reports one address may send per window (default 10 a minute). */
  limit?: number;
  windowMs?: number;
}

const answer = (res: Response, status: number, message: string) =>
  void res.status(status).setHeader("Cache-Control", "no-store").json({ status, message });

export function createClientLogRoute(
  logger: Logger,
  { siteUrl, limit = 10, windowMs = 60_000 }: ClientLogOptions,
): Router {
  const isSite = siteOriginCheck(siteUrl);
  // Its exact spelling only, as the app's own routing (docs/security.md, "Only page paths are re-spelled").
  const router = express.Router({ caseSensitive: true, strict: true });
  router.post(
    CLIENT_LOG_PATH,
    // Counted before the body is read, so a flood costs no parsing.
    rateLimit({
      windowMs,
      limit,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      // req.ip follows the app's `trust proxy` setting; a forwarded header it ignores is not an error here.
      validate: { xForwardedForHeader: false },
      handler: (_req, res) => answer(res, 429, "Too many reports"),
    }),
    // Browsers send Origin with every POST, fetch's included: another site's page, or no page, is refused unread.
    (req: Request, res: Response, next: NextFunction) =>
      isSite(req.get("origin")) ? next() : answer(res, 403, "Reports are accepted from this site's pages only"),
    express.json({ limit: CLIENT_LOG_MAX_BYTES, strict: true }),
    (req: Request, res: Response) => {
      const parsed = reportSchema.safeParse(req.body);
      if (!parsed.success) return answer(res, 400, "Invalid report");
      const log = (req as Request & { log?: Logger }).log ?? logger;
      log.warn({ clientError: loggable(parsed.data) }, "client error reported");
      res.status(204).setHeader("Cache-Control", "no-store").end();
    },
    // Body errors from express.json (server/http/bodyFailure.ts): too large, or any other fault of the body.
    (error: unknown, _req: Request, res: Response, next: NextFunction) => {
      const failure = bodyFailure(error);
      if (failure === "too_large") return answer(res, 413, "Report too large");
      if (failure) return answer(res, 400, "Invalid report");
      next(error);
    },
  );
  router.all(CLIENT_LOG_PATH, (_req, res) => {
    res.setHeader("Allow", "POST");
    answer(res, 405, "Method Not Allowed");
  });
  return router;
}
