/** Process entry: read the configuration, build the app, listen, and stop cleanly on SIGTERM. */
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createContentClient } from "./content/contentClient";
import { createContentService } from "./content/contentService";
import { createLogger } from "./logger";

function main(): void {
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
  const app = createApp({ config, logger, content, refs, repositoryName: client.repositoryName ?? "embedded" });
  const server = app.listen(config.PORT, config.HOST, () => {
    logger.info({ port: config.PORT, content: contentClient.mode }, `Listening on ${config.SITE_URL}`);
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.close(() => process.exit(0));
    // In-flight requests get a bounded time to finish.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main();
