/**
 * What `npm run dev` adds to the server, created by server/index.ts only when the bundle is a
 * development build (`process.env.NODE_ENV` is replaced by build.mjs, so a production bundle
 * contains none of server/dev/): the development events and browser-error endpoints, the
 * embedded content following its files, and a word to the supervisor (scripts/dev.mjs) once the
 * server listens.
 */
import type { Server } from "node:http";
import type { RequestHandler } from "express";
import { readAssetManifest } from "../http/assets";
import type { Config } from "../config";
import type { ContentClient } from "../content/contentClient";
import type { PrismicStandIn } from "../content/prismicStandIn";
import { watchEmbeddedContent } from "./embeddedContentWatcher";
import type { Logger } from "../observability/logger";
import { createDevEvents } from "./devEvents";

export interface DevTools {
  /** Mounted first by the app: the development endpoints. */
  router: RequestHandler;
  /** The server listens: tells the supervisor its port (over the IPC channel it was started with). */
  listening(server: Server): void;
  /** The server is about to stop: ends the event streams and stops watching. */
  close(): void;
}

/** The message scripts/dev.mjs waits for before it sends requests to a new server. */
export interface ListeningMessage {
  type: "listening";
  port: number;
}

/**
 * What scripts/dev.mjs tells the running server after a rebuild: the new stylesheets when only
 * they changed, or why the build failed.
 */
type SupervisorMessage = { type: "stylesheets"; css: string[] } | { type: "build-error"; message: string };

const isSupervisorMessage = (message: unknown): message is SupervisorMessage => {
  const m = message as Partial<{ type: string; css: unknown; message: unknown }> | null;
  return (
    (m?.type === "stylesheets" && Array.isArray(m.css)) || (m?.type === "build-error" && typeof m.message === "string")
  );
};

export function createDevTools(
  config: Config,
  logger: Logger,
  contentClient: ContentClient,
  standIn: PrismicStandIn | undefined,
): DevTools {
  const manifest = readAssetManifest(config.BUILD_DIR);
  const events = createDevEvents({ code: manifest.dev?.code ?? "", css: manifest.css }, logger);
  const watcher =
    contentClient.embedded && standIn
      ? watchEmbeddedContent({
          contentDir: config.CONTENT_DIR,
          mediaDir: config.MEDIA_DIR,
          rootDir: config.rootDir,
          contentClient,
          standIn,
          logger,
          onPublished: (ref) => events.contentChanged(ref),
        })
      : undefined;
  const onMessage = (message: unknown) => {
    if (!isSupervisorMessage(message)) return;
    if (message.type === "stylesheets") events.stylesheetsChanged(message.css);
    else events.buildFailed(message.message);
  };
  process.on("message", onMessage);
  return {
    router: events.router,
    listening(server) {
      const address = server.address();
      if (address && typeof address === "object")
        process.send?.({ type: "listening", port: address.port } satisfies ListeningMessage);
    },
    close() {
      process.off("message", onMessage);
      watcher?.close();
      events.close();
    },
  };
}
