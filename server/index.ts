/** Process entry: read the configuration, build the app, listen, and stop cleanly on SIGTERM. */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "./app";
import { ConfigError, loadConfig, SETTING_NAMES, servedMediaDir, type Config } from "./config";
import { unknownSettings } from "./configNames";
import { createContentClient, type ContentClient } from "./content/contentClient";
import { createContentService } from "./content/contentService";
import { createHttpServer } from "./http/httpServer";
import { createLogger, routeLibraryWarnings } from "./observability/logger";
import type { MediaWarmer } from "../packages/prismic-stand-in/src/index";
import { imageServiceFrom, loadPrismicStandIn, type PrismicStandIn } from "./content/prismicStandIn";
import { createDeliveryWorker } from "./outbox/deliveryWorker";
import { openRequestStore } from "./requests/openRequestStore";
import { requestDestinations } from "./requests/requestDestinations";
import { createRequestWorker } from "./requests/requestWorker";
import { createRequestOutcomes } from "./requests/requestOutcomes";
import { metaCredentials, openOutboxStore } from "./outbox/fromConfig";
import { createDevTools } from "./dev/devTools";
import { createDrain } from "./http/shutdown";
import { purgeQueueFromConfig } from "./edge/purgeQueue";
import { WARM_UP_HEADERS } from "./observability/warmUpRequests";
import { startTracing, stopTracing } from "./observability/tracing";
import { countDeliveryOutcomes } from "./observability/metrics/deliveryOutcomes";
import { countWriteFailures } from "./observability/metrics/outboxWriteFailures";

/** A second signal within this long is the same Ctrl-C (the terminal and npm each pass it on), not an operator insisting. */
const REPEATED_SIGNAL_MS = 1_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL, config.NODE_ENV);
  // A variable that looks like one of ours but is not: a typo would otherwise be ignored silently.
  for (const line of unknownSettings(process.env, SETTING_NAMES)) logger.warn(line);
  // The Prismic client's console warnings can carry a preview token: through the logger, redacted.
  routeLibraryWarnings(logger);
  // Before anything that opens spans (OTEL_* variables; off without an OTLP endpoint).
  if (startTracing(config))
    logger.info(
      { service: config.OTEL_SERVICE_NAME, sampler: config.OTEL_TRACES_SAMPLER },
      "tracing: spans are exported over OTLP",
    );
  let standIn: PrismicStandIn | undefined;
  let contentClient: ContentClient;
  try {
    // Without PRISMIC_REPOSITORY only: the embedded repository, its images and toolbar (decision record 025).
    standIn = await loadPrismicStandIn(config);
    contentClient = createContentClient(config, { standIn });
  } catch (error) {
    logger.fatal({ err: error }, `Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  const { client, refs } = contentClient;
  const content = createContentService(client, {
    masterRef: () => refs.current(),
    previewRefusals: contentClient.previewRefusals,
  });
  // The tracking outbox: one that cannot be opened turns tracking off (503), never the site.
  // Counted (server/observability/metrics/deliveryOutcomes.ts, outboxWriteFailures.ts): the relay
  // and the worker write through it, the metrics read it.
  const outbox = await openOutboxStore(config)
    .then(countDeliveryOutcomes)
    .then(countWriteFailures)
    .catch((error: unknown) => {
      logger.error(
        { err: error, store: config.OUTBOX_STORE },
        `tracking outbox unavailable: ${(error as Error).message}`,
      );
      return undefined;
    });
  // Started here, not by createApp: an app built for a test delivers nothing unless asked.
  const worker =
    outbox &&
    createDeliveryWorker({
      store: outbox,
      logger,
      credentials: metaCredentials(config),
      // The embedded site (no hosted repository) is a local one: no Meta account is expected there.
      unconfiguredExpected: contentClient.mode === "embedded",
      retentionMs: config.OUTBOX_RETENTION_HOURS * 3_600_000,
      pendingMaxAgeMs: config.OUTBOX_PENDING_MAX_AGE_HOURS * 3_600_000,
      // Settled rows are bounded by count as well as by time (docs/tracking-privacy.md).
      maxSettled: config.OUTBOX_MAX_EVENTS,
    });
  worker?.start();
  const requestOutcomes = createRequestOutcomes();
  // Visitors' requests: a store that cannot be opened refuses requests with a 503 that keeps the
  // visitor's answers, never the site (docs/requests.md).
  const requestStore = await openRequestStore(config).catch((error: unknown) => {
    logger.error({ err: error, store: config.OUTBOX_STORE }, `request store unavailable: ${(error as Error).message}`);
    return undefined;
  });
  const requestRouting = requestDestinations(config);
  if (requestRouting.inboxDir)
    logger.info({ inbox: requestRouting.inboxDir }, `Visitors' requests are written to ${requestRouting.inboxDir}`);
  const requestWorker =
    requestStore &&
    createRequestWorker({
      store: requestStore,
      senders: requestRouting.senders,
      logger,
      retentionMs: config.REQUESTS_RETENTION_DAYS * 86_400_000,
      failedRetentionMs: config.REQUESTS_FAILED_RETENTION_DAYS * 86_400_000,
      onOutcome: (destination, outcome) => requestOutcomes.delivery(destination, outcome.status),
    });
  requestWorker?.start();
  // The server exists before the app so the drain sees every request and the app can read its state.
  const server = createHttpServer(config, logger);
  // The edge's purges (EDGE_PURGER): given to the app, and a moment at shutdown for the last ones.
  const purges = purgeQueueFromConfig(config, logger);
  const drain = createDrain(server, {
    delayMs: config.SHUTDOWN_DELAY_MS,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    logger,
    worker: { stop: () => Promise.all([worker?.stop(), requestWorker?.stop()]).then(() => undefined) },
    outbox: { close: () => Promise.all([outbox?.close(), requestStore?.close()]).then(() => undefined) },
    purges,
  });
  const images = standIn && imageServiceFrom(standIn, config, logger);
  // `npm run dev` only: build.mjs replaces process.env.NODE_ENV, so production bundles lack server/dev/.
  const devTools =
    process.env.NODE_ENV === "development" ? createDevTools(config, logger, contentClient, standIn) : undefined;
  const app = createApp({
    standIn,
    images,
    config,
    logger,
    content,
    refs,
    repositoryName: client.repositoryName ?? "embedded",
    outbox,
    requests: requestStore && {
      store: requestStore,
      destinations: requestRouting.destinations,
      outcomes: requestOutcomes,
    },
    draining: drain.draining,
    devRoutes: devTools?.router,
    purges,
  });
  server.on("request", app);
  let warmer: MediaWarmer | undefined;
  // A port in use is one line saying what to do, not an unhandled error's stack.
  server.once("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE" && error.code !== "EACCES") throw error;
    logger.fatal(
      { port: config.PORT, code: error.code },
      error.code === "EADDRINUSE"
        ? `Port ${config.PORT} is already in use (another npm start or npm run dev?): stop it, or start with another PORT`
        : `Port ${config.PORT} cannot be used without more privileges: choose a PORT above 1023`,
    );
    process.exit(1);
  });
  server.listen(config.PORT, config.HOST, () => {
    // The port bound (PORT=0 picks one: `npm run dev`'s servers, behind its proxy on SITE_URL).
    const { port } = server.address() as AddressInfo;
    logger.info({ port, content: contentClient.mode }, `Listening on port ${port} (the site: ${config.SITE_URL})`);
    // After listening, never before: readiness does not wait for prepared images.
    const mediaDir = servedMediaDir(config);
    if (config.MEDIA_WARM === "on" && mediaDir && standIn && images)
      warmer = standIn.startMediaWarmer({
        images,
        mediaDir,
        siteUrl: config.SITE_URL,
        selfUrl: selfUrl(server, config.HOST),
        // Its page requests are logged at debug (server/observability/warmUpRequests.ts).
        headers: WARM_UP_HEADERS,
        refs,
        logger,
      });
    devTools?.listening(server);
  });

  let firstSignalAt = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    if (firstSignalAt) {
      // An operator insisting: cut what is left now rather than at the timeout.
      if (Date.now() - firstSignalAt > REPEATED_SIGNAL_MS) drain.cutNow();
      return;
    }
    firstSignalAt = Date.now();
    warmer?.stop();
    devTools?.close();
    // SIGINT is a person at a terminal, with no load balancer to warn: no delay.
    void drain.start(signal, signal === "SIGINT" ? { delayMs: 0 } : {}).then(async (outcome) => {
      await stopTracing();
      process.exit(outcome.clean ? 0 : 1);
    });
    // A safety net for a step that hangs past the bound (closing a remote outbox): exit anyway.
    setTimeout(() => {
      logger.error({ signal }, "shutdown: did not complete within its bound; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** This server as seen from itself: its own address, loopback when it listens on every interface. */
function selfUrl(server: http.Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  const address = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
}

void main();
