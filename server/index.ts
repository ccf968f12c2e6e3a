/** Process entry: read the configuration, build the app, listen, and stop cleanly on SIGTERM. */
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createContentClient } from "./content/contentClient";
import { createContentService } from "./content/contentService";
import { createLogger } from "./logger";
import { createDeliveryWorker } from "./outbox/deliveryWorker";
import { metaCredentials, openOutboxStore } from "./outbox/fromConfig";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  let contentClient;
  try {
    contentClient = createContentClient(config);
  } catch (error) {
    logger.fatal({ err: error }, `Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  const { client, refs } = contentClient;
  const content = createContentService(client, { masterRef: () => refs.current() });
  // The tracking outbox: one that cannot be opened turns tracking off (503), never the site.
  const outbox = await openOutboxStore(config).catch((error: unknown) => {
    logger.error({ err: error, store: config.OUTBOX_STORE }, `tracking outbox unavailable: ${(error as Error).message}`);
    return undefined;
  });
  // Started here, not by createApp: an app built for a test delivers nothing unless asked.
  const worker =
    outbox &&
    createDeliveryWorker({
      store: outbox,
      logger,
      credentials: metaCredentials(config),
      retentionMs: config.OUTBOX_RETENTION_HOURS * 3_600_000,
    });
  worker?.start();
  const app = createApp({ config, logger, content, refs, repositoryName: client.repositoryName ?? "embedded", outbox });
  const server = app.listen(config.PORT, config.HOST, () => {
    logger.info({ port: config.PORT, content: contentClient.mode }, `Listening on ${config.SITE_URL}`);
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    // The delivery worker stops claiming and finishes the request in flight; the server stops
    // taking connections; then the outbox is closed.
    const stopped = worker?.stop().catch((error: unknown) => logger.error({ err: error }, "delivery worker stopped with an error"));
    server.close(() => {
      void Promise.resolve(stopped)
        .then(() => outbox?.close())
        .finally(() => process.exit(0));
    });
    // In-flight requests get a bounded time to finish.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
