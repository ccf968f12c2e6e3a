/**
 * `POST /api/prismic-webhook`: Prismic calls it on every publish. A valid call re-reads the
 * master ref at once, so this instance serves the new content immediately instead of within
 * CONTENT_REF_TTL_MS. Off (404) when no secret (PRISMIC_WEBHOOK_SECRET) is configured.
 *
 * The secret is checked before anything else is spent on the request (docs/security.md):
 *
 * - **In a header** (recommended): Prismic's webhook settings take custom headers; add
 *   `Authorization` with the value `Bearer <PRISMIC_WEBHOOK_SECRET>`. It is compared (in
 *   constant time) before a byte of the body is read; a wrong one is a 401 without reading it.
 *   Such a call may carry a bulk publish: up to MAX_AUTHENTICATED_BODY.
 * - **In the body** (Prismic's own `secret` field, the setting's "Secret"): the body must be read
 *   to find it, so it is read only up to MAX_BODY_BEFORE_AUTH, and calls that do not
 *   authenticate by header are limited per client address (WEBHOOK_ATTEMPTS_PER_MINUTE failed
 *   attempts a minute; successful calls do not count).
 *
 * Never inflated: a body with a `Content-Encoding` other than identity is refused with 415
 * before it is read (Prismic sends plain JSON; a 6 KB gzip body can inflate to megabytes).
 *
 * Prismic's body (its "Webhooks" documentation): `type` ("api-update" on a publish or a release
 * change, "test-trigger" from the "Trigger it" button), `secret`, `masterRef`, `domain`, `apiUrl`,
 * and what changed: `documents` (every id of the publish), `releases`, `masks`, `tags`. An answer
 * other than 200 makes Prismic retry every 10 minutes and, after five failures in a row, disable
 * the webhook; without it a publish still shows within CONTENT_REF_TTL_MS.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import express, {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type Response,
  type Router,
} from "express";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import { bodyFailure } from "../http/bodyFailure";
import type { RefTracker } from "./refTracker";
import type { Logger } from "../observability/logger";

export const WEBHOOK_PATH = "/api/prismic-webhook";
/** A call authenticated by its header: 4 MB, about 200,000 document ids (a bulk publish). */
export const MAX_AUTHENTICATED_BODY = "4mb";
/** A call whose secret is in its body: 64 KB, about 3,000 document ids, read before it is authenticated. */
export const MAX_BODY_BEFORE_AUTH = "64kb";
/** Failed calls per client address (IPv6 by /64) per minute before 429. */
export const WEBHOOK_ATTEMPTS_PER_MINUTE = 20;

const body = z.object({ secret: z.string().max(1024) }).passthrough();

/** Constant time whatever the lengths: digests of equal length are compared. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The secret of an `Authorization: Bearer <secret>` header, or undefined without one. */
function headerSecret(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : "";
}

/**
 * After a publish's re-read, what else is done (server/edge/purgeOnPublish.ts: the edge purge),
 * given the body and the master refs before and after (undefined: the re-read failed).
 */
export type OnPublish = (body: unknown, before: string | undefined, after: string | undefined) => Promise<unknown>;

export function createPrismicWebhook(
  secret: string | undefined,
  refs: RefTracker,
  logger: Logger,
  onPublish?: OnPublish,
): Router {
  // The ref of the last publish handed to onPublish (before the first, the first ref this process
  // read): a publish this instance first saw through its TTL re-read, before the webhook came, is
  // still one the webhook must act on.
  let handledRef: string | undefined;
  // Its exact spelling only, as the app's own routing (docs/security.md, "Only page paths are re-spelled").
  const router = express.Router({ caseSensitive: true, strict: true });
  const refuse = (res: Response, status: number, error: string) => void res.status(status).json({ error });
  /** A refusal before the body is read: the connection is closed rather than drained of a body nobody wants. */
  const refuseUnread = (res: Response, status: number, error: string) => {
    res.setHeader("Connection", "close");
    refuse(res, status, error);
  };
  const authenticated = (res: Response) => res.locals.webhookAuthenticated === true;

  /** Before the body: the switch, the encoding, and the header's secret. */
  const screen = (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    if (!secret) return refuseUnread(res, 404, "The publish webhook is not configured");
    const encoding = (req.headers["content-encoding"] ?? "identity").trim().toLowerCase();
    if (encoding !== "identity")
      return refuseUnread(res, 415, "Content-Encoding is not accepted: send the JSON as it is");
    const given = headerSecret(req);
    if (given !== undefined && sameSecret(given, secret)) res.locals.webhookAuthenticated = true;
    next();
  };
  const attempts = rateLimit({
    windowMs: 60_000,
    limit: WEBHOOK_ATTEMPTS_PER_MINUTE,
    ipv6Subnet: 64,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // Prismic's own successful calls never use up its address's attempts.
    skipSuccessfulRequests: true,
    skip: (_req, res) => authenticated(res),
    handler: (_req, res) =>
      refuseUnread(res, 429, "Too many webhook calls that did not authenticate from this address: retry later"),
    validate: { xForwardedForHeader: false },
    logger,
  });
  const readBody = [
    express.json({ limit: MAX_AUTHENTICATED_BODY, inflate: false }),
    express.json({ limit: MAX_BODY_BEFORE_AUTH, inflate: false }),
  ];

  router.post(
    WEBHOOK_PATH,
    screen,
    attempts,
    (req, res, next) => {
      // A header secret that is wrong: refused before the body is read.
      if (!authenticated(res) && headerSecret(req) !== undefined) return refuseUnread(res, 401, "Wrong secret");
      readBody[authenticated(res) ? 0 : 1](req, res, next);
    },
    async (req: Request, res: Response) => {
      if (!authenticated(res)) {
        const parsed = body.safeParse(req.body);
        if (!parsed.success)
          return refuse(
            res,
            400,
            "Expected a JSON object with a string `secret`, or the secret in an Authorization header",
          );
        if (!sameSecret(parsed.data.secret, secret!)) return refuse(res, 401, "Wrong secret");
      }
      const type = typeof req.body?.type === "string" ? req.body.type.slice(0, 64) : undefined;
      const documents = Array.isArray(req.body?.documents) ? req.body.documents.length : undefined;
      if (type === "test-trigger") {
        // Prismic's "Trigger it" button: nothing was published; the answer shows the hook works.
        logger.info({ type }, "Prismic webhook: test trigger received");
        return void res.json({ ok: true, test: true, ref: refs.lastKnown() ?? null });
      }
      const before = handledRef ?? refs.firstKnown?.() ?? refs.lastKnown();
      const reread = await refs.refresh().then(
        (ref) => ({ ref, read: true }),
        () => ({ ref: refs.lastKnown(), read: false }),
      );
      const ref = reread.ref;
      logger.info({ ref, type, documents }, "Prismic publish webhook: master ref re-read");
      res.json({ ok: true, ref: ref ?? null });
      if (onPublish) {
        if (reread.read) handledRef = ref;
        // After the answer: Prismic never waits for (nor retries because of) the purge.
        void onPublish(req.body, before, reread.read ? ref : undefined).catch((error: unknown) =>
          logger.error({ err: error }, "Prismic publish webhook: the step after the re-read failed"),
        );
      }
    },
  );

  /** The body reader's refusals (too large, not JSON) as the other answers here: JSON, no stack. */
  const bodyErrors: ErrorRequestHandler = (error, req, res, next) => {
    const failure = bodyFailure(error);
    if (req.path !== WEBHOOK_PATH || !failure) return next(error);
    if (failure === "too_large") {
      return refuse(
        res,
        413,
        authenticated(res)
          ? "The body is over 4 MB"
          : "The body is over 64 KB: put the secret in an Authorization header (Bearer) to send more",
      );
    }
    refuse(res, (error as { status: number }).status, "The body is not JSON");
  };
  router.use(bodyErrors);
  return router;
}
