/**
 * The HTTP server with its edges set for a public site (docs/operations.md, "HTTP limits"): a client must
 * send its headers within HTTP_HEADERS_TIMEOUT_MS and its whole request within
 * HTTP_REQUEST_TIMEOUT_MS, an idle keep-alive connection closes after HTTP_KEEP_ALIVE_TIMEOUT_MS,
 * and past HTTP_MAX_CONNECTIONS new connections are dropped. Node's defaults (60 s, 300 s, no cap,
 * and a 30 s sweep that checks the first two) let slow clients hold the process for minutes.
 */
import http from "node:http";
import type { Config } from "../config";
import type { Logger } from "../observability/logger";

/** How often Node sweeps connections for the two timeouts: the slack on top of each. */
const CHECK_INTERVAL_MS = 1_000;
/** One warning per this long while connections are being dropped, not one per connection. */
const DROP_WARNING_INTERVAL_MS = 60_000;

export type HttpLimits = Pick<
  Config,
  "HTTP_HEADERS_TIMEOUT_MS" | "HTTP_REQUEST_TIMEOUT_MS" | "HTTP_KEEP_ALIVE_TIMEOUT_MS" | "HTTP_MAX_CONNECTIONS"
>;

export function createHttpServer(limits: HttpLimits, logger: Logger): http.Server {
  const server = http.createServer({
    headersTimeout: limits.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: limits.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: limits.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: CHECK_INTERVAL_MS,
  });
  server.maxConnections = limits.HTTP_MAX_CONNECTIONS;
  let dropped = 0;
  let warnedAt = 0;
  server.on("drop", () => {
    dropped++;
    const now = Date.now();
    if (now - warnedAt < DROP_WARNING_INTERVAL_MS) return;
    warnedAt = now;
    logger.warn(
      { maxConnections: limits.HTTP_MAX_CONNECTIONS, droppedSinceStart: dropped },
      "connection limit reached: new connections are being dropped (HTTP_MAX_CONNECTIONS)",
    );
  });
  return server;
}
