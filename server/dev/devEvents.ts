/**
 * Development only (`npm run dev`; absent from production builds, see server/dev/devTools.ts):
 * `GET /__dev/events`, the server-sent events the development client (client/dev/devClient.ts)
 * listens to, and `POST /__dev/browser-error`, where it sends the browser console's hydration
 * warnings so they show in the terminal too.
 *
 * Each connection first gets `hello` with the running build's code fingerprint and stylesheets
 * (the page compares them with its own: reload, or swap the stylesheets), `content` after the
 * embedded content was reloaded, and `stylesheets` when a rebuild changed only the stylesheets
 * (the supervisor says so before restarting, so the page need not wait for the new server), and
 * `build-error` while the last save does not build (the page shows it over itself, as Vite does;
 * the next good build restarts the server and reloads the page). A restart ends the streams (`close()` at the drain); the
 * browser reconnects after `retry` ms, through scripts/dev.mjs's proxy, to the new server, whose
 * `hello` tells it what changed.
 */
import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { DEV_BROWSER_ERROR_PATH, DEV_EVENTS_PATH, type DevHello } from "../../shared/devProtocol";
import type { Logger } from "../observability/logger";

/** How soon the browser reconnects after a stream ends: a restart takes a few hundred ms. */
const RETRY_MS = 150;
/** A comment line now and then keeps idle streams open through proxies. */
const KEEP_ALIVE_MS = 15_000;

const browserErrorSchema = z
  .object({
    kind: z.literal("hydration"),
    page: z.string().max(2_000),
    message: z.string().min(1).max(8_000),
  })
  .strict();

export interface DevEvents {
  router: Router;
  /** Tells every open page that the content changed. */
  contentChanged(ref: string): void;
  /** Tells every open page to use these stylesheets now. */
  stylesheetsChanged(css: readonly string[]): void;
  /** Tells every open page, and every page that opens until the next good build, why the last save did not build. */
  buildFailed(message: string): void;
  /** Ends every stream (the server is about to stop): the pages reconnect to its successor. */
  close(): void;
}

export function createDevEvents(hello: DevHello, logger: Logger): DevEvents {
  const streams = new Set<Response>();
  const router = express.Router();
  let buildError: string | undefined;
  const buildErrorEvent = () => `event: build-error\ndata: ${JSON.stringify({ message: buildError })}\n\n`;

  router.get(DEV_EVENTS_PATH, (req: Request, res: Response) => {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
    });
    res.write(`retry: ${RETRY_MS}\nevent: hello\ndata: ${JSON.stringify(hello)}\n\n`);
    if (buildError) res.write(buildErrorEvent());
    streams.add(res);
    const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
    req.on("close", () => {
      clearInterval(keepAlive);
      streams.delete(res);
    });
  });

  router.post(DEV_BROWSER_ERROR_PATH, express.json({ limit: "16kb" }), (req: Request, res: Response) => {
    const parsed = browserErrorSchema.safeParse(req.body);
    if (!parsed.success) return void res.status(400).type("text/plain").send("Invalid report");
    logger.warn({ page: parsed.data.page }, `hydration mismatch in the browser: ${parsed.data.message}`);
    res.status(204).end();
  });

  return {
    router,
    contentChanged(ref) {
      for (const res of streams) res.write(`event: content\ndata: ${JSON.stringify({ ref })}\n\n`);
    },
    stylesheetsChanged(css) {
      for (const res of streams) res.write(`event: stylesheets\ndata: ${JSON.stringify({ css })}\n\n`);
    },
    buildFailed(message) {
      buildError = message;
      for (const res of streams) res.write(buildErrorEvent());
    },
    close() {
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}
