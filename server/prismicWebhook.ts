/**
 * `POST /api/prismic-webhook`: Prismic calls it on every publish, with the shared secret in the
 * body. A valid call re-reads the master ref at once, so this instance serves the new content
 * immediately instead of within 5 s. Off (404) when no secret is configured.
 *
 * Prismic's body (its "Webhooks" documentation): `type` ("api-update" on a publish or a release
 * change, "test-trigger" from the "Trigger it" button), `secret`, `masterRef`, `domain`, `apiUrl`,
 * and what changed: `documents` (every id of the publish), `releases`, `masks`, `tags`,
 * `experiments`. A bulk publish lists thousands of ids (about 20 bytes each), and a release lists
 * its documents again, so the body limit is MAX_WEBHOOK_BODY, far above any real payload, rather
 * than a limit a large publish could reach: an answer other than 200 makes Prismic retry every
 * 10 minutes and, after five failures in a row, disable the webhook.
 */
import { timingSafeEqual } from "node:crypto";
import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { RefTracker } from "./content/refTracker";
import type { Logger } from "./logger";

export const WEBHOOK_PATH = "/api/prismic-webhook";
/** 4 MB: about 200,000 document ids. */
export const MAX_WEBHOOK_BODY = "4mb";

const body = z.object({ secret: z.string().max(1024), type: z.string().max(64).optional() }).passthrough();

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createPrismicWebhook(secret: string | undefined, refs: RefTracker, logger: Logger): Router {
  const router = express.Router();
  router.post(WEBHOOK_PATH, express.json({ limit: MAX_WEBHOOK_BODY }), async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (!secret) return void res.status(404).json({ error: "The publish webhook is not configured" });
    const parsed = body.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ error: "Expected a JSON object with a string `secret`" });
    if (!sameSecret(parsed.data.secret, secret)) return void res.status(401).json({ error: "Wrong secret" });
    const documents = Array.isArray(req.body.documents) ? req.body.documents.length : undefined;
    if (parsed.data.type === "test-trigger") {
      // Prismic's "Trigger it" button: nothing was published; the answer shows the hook works.
      logger.info({ type: parsed.data.type }, "Prismic webhook: test trigger received");
      return void res.json({ ok: true, test: true, ref: refs.lastKnown() ?? null });
    }
    const ref = await refs.refresh().catch(() => refs.lastKnown());
    logger.info({ ref, type: parsed.data.type, documents }, "Prismic publish webhook: master ref re-read");
    res.json({ ok: true, ref: ref ?? null });
  });
  return router;
}
