/**
 * What `npm run dev` adds to the server, created by server/index.ts only when the bundle is a
 * development build (`process.env.NODE_ENV` is replaced by build.mjs, so a production bundle
 * contains none of server/dev/): the development events and browser-error endpoints, the
 * embedded content following its files, and a word to the supervisor (scripts/dev.mjs) once the
 * server listens.
 */
import type { Server } from "node:http";
import type { RequestHandler } from "express";
import { readAssetManifest } from "../assets";
import type { Config } from "../config";
import type { ContentClient } from "../content/contentClient";
import { watchEmbeddedContent } from "../content/embeddedContentWatcher";
import type { Logger } from "../logger";
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

/** What scripts/dev.mjs tells the running server after a rebuild that changed only the stylesheets. */
interface StylesheetsMessage {
  type: "stylesheets";
  css: string[];
}

const isStylesheetsMessage = (message: unknown): message is StylesheetsMessage =>
  (message as StylesheetsMessage | null)?.type === "stylesheets" && Array.isArray((message as StylesheetsMessage).css);

export function createDevTools(config: Config, logger: Logger, contentClient: ContentClient): DevTools {
  const manifest = readAssetManifest(config.BUILD_DIR);
  const events = createDevEvents({ code: manifest.dev?.code ?? "", css: manifest.css }, logger);
  const watcher = contentClient.embedded
    ? watchEmbeddedContent({
        contentDir: config.CONTENT_DIR,
        mediaDir: config.MEDIA_DIR,
        rootDir: config.rootDir,
        contentClient,
        logger,
        onPublished: (ref) => events.contentChanged(ref),
      })
    : undefined;
  const onMessage = (message: unknown) => {
    if (isStylesheetsMessage(message)) events.stylesheetsChanged(message.css);
  };
  process.on("message", onMessage);
  return {
    router: events.router,
    listening(server) {
      const address = server.address();
      if (address && typeof address === "object") process.send?.({ type: "listening", port: address.port } satisfies ListeningMessage);
    },
    close() {
      process.off("message", onMessage);
      watcher?.close();
      events.close();
    },
  };
}
