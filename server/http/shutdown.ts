/**
 * Graceful shutdown (drain) of the HTTP server: readiness turns false at once, the server keeps
 * serving for a delay so the load balancer notices, then stops accepting; requests in flight
 * (streamed renders included) finish, keep-alive connections close behind them, the outbox
 * worker stops and the outbox closes. Everything is bounded: what is still running at the
 * timeout is cut, logged and reported.
 *
 * Node's own server suffices (no http-terminator): `close()` stops accepting and closes idle
 * connections, but a keep-alive connection busy at that moment would stay open after its
 * response until keepAliveTimeout, and could even take another request. So in-flight responses
 * that have not sent their headers get `Connection: close` (Node then ends the socket after
 * them), and one already streaming gets its now-idle connection closed when it ends
 * (`closeIdleConnections()`); `closeAllConnections()` is the cut at the timeout.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Logger } from "../observability/logger";

export interface DrainOptions {
  /** How long to keep serving while not ready, before closing the listener (SHUTDOWN_DELAY_MS). */
  delayMs: number;
  /** The bound from the start of the drain to its end, the delay included (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  logger: Logger;
  /** Background work that takes no requests, stopped as the drain begins: the outbox delivery worker. */
  worker?: { stop(): Promise<void> };
  /** Closed once no request is left, since requests write to it: the outbox store. */
  outbox?: { close(): Promise<void> };
  /** The edge purges (server/edge/purgeQueue.ts): given up to PURGES_SETTLE_MS, within the bound, once requests are done. */
  purges?: { settle(ms: number): Promise<void> };
}

/** How long the last edge purges may take at shutdown: a publish just before a deploy must still reach the edge. */
export const PURGES_SETTLE_MS = 3_000;

/** A request the timeout cut: enough to find it in the request log. */
export interface CutRequest {
  method: string;
  /** The path only: query strings may carry preview tokens. */
  path: string;
  requestId?: string;
  inFlightMs: number;
}

export interface DrainOutcome {
  /** Everything finished within the bound. */
  clean: boolean;
  cut: CutRequest[];
  durationMs: number;
}

export interface Drain {
  /** True from the moment the drain begins (GET /readyz answers 503 "draining"). */
  draining(): boolean;
  /** Requests being answered now. */
  inFlight(): number;
  /** Begins the drain (once; later calls return the same promise) and resolves when it is over. */
  start(reason: string, options?: { delayMs?: number }): Promise<DrainOutcome>;
  /** Cuts whatever is still in flight now, as the timeout would (a second signal). */
  cutNow(): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Attaches to `server` before it serves: it must see every request from the first. */
export function createDrain(server: Server, options: DrainOptions): Drain {
  const { logger, timeoutMs } = options;
  const inFlight = new Map<ServerResponse, { req: IncomingMessage; startedAt: number }>();
  let draining = false;
  // Set once the listener is closed: from then on no connection is kept alive.
  let closing = false;
  let cut: (() => void) | undefined;
  // The race is decided: a cut during the delay must not be followed by a late "waiting" step.
  let settled = false;
  let outcome: Promise<DrainOutcome> | undefined;

  // First among the "request" listeners, so the header is set before the app answers.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(res, { req, startedAt: Date.now() });
    if (closing) res.setHeader("Connection", "close");
    // "close" follows "finish", or comes alone when the connection went away.
    res.once("close", () => {
      inFlight.delete(res);
      // A response that went out keep-alive left an idle connection: close it now, not after keepAliveTimeout.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });

  const stopAccepting = () => {
    closing = true;
    for (const res of inFlight.keys()) if (!res.headersSent) res.setHeader("Connection", "close");
    // Resolves when the last connection has ended; an already closed server is fine too.
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };

  const describeInFlight = (): CutRequest[] =>
    [...inFlight].map(([res, { req, startedAt }]) => ({
      method: req.method ?? "",
      path: (req.url ?? "").split("?")[0],
      requestId: res.getHeader("X-Request-Id") as string | undefined,
      inFlightMs: Date.now() - startedAt,
    }));

  async function run(reason: string, delayMs: number): Promise<DrainOutcome> {
    const startedAt = Date.now();
    draining = true;
    logger.info({ reason, inFlight: inFlight.size, delayMs, timeoutMs }, "shutdown: draining (not ready)");
    const workerStopped = options.worker
      ?.stop()
      .catch((error: unknown) => logger.error({ err: error }, "shutdown: the delivery worker stopped with an error"));

    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"cut">((resolve) => {
      cut = () => resolve("cut");
      timer = setTimeout(cut, Math.max(0, timeoutMs));
    });
    const drained = (async () => {
      await sleep(delayMs);
      if (settled) return "drained" as const;
      logger.info({ inFlight: inFlight.size }, "shutdown: no new connections; waiting for requests in flight");
      await stopAccepting();
      await workerStopped;
      // The webhook's last purges: it answered before they ran (server/content/prismicWebhook.ts).
      await options.purges?.settle(Math.min(PURGES_SETTLE_MS, Math.max(0, timeoutMs - (Date.now() - startedAt))));
      return "drained" as const;
    })();
    const result = await Promise.race([drained, deadline]);
    settled = true;
    clearTimeout(timer);

    let cutRequests: CutRequest[] = [];
    if (result === "cut") {
      cutRequests = describeInFlight();
      closing = true;
      server.close();
      server.closeAllConnections();
      logger.error(
        { cut: cutRequests, timeoutMs },
        `shutdown: ${cutRequests.length} request(s) cut after ${Date.now() - startedAt} ms`,
      );
    }
    // Last, so no request still writing to the outbox finds it closed.
    await options.outbox
      ?.close()
      .catch((error: unknown) => logger.error({ err: error }, "shutdown: closing the outbox failed"));
    const done: DrainOutcome = { clean: result === "drained", cut: cutRequests, durationMs: Date.now() - startedAt };
    logger.info({ clean: done.clean, durationMs: done.durationMs }, "shutdown: complete");
    return done;
  }

  return {
    draining: () => draining,
    inFlight: () => inFlight.size,
    start: (reason, startOptions = {}) => (outcome ??= run(reason, startOptions.delayMs ?? options.delayMs)),
    cutNow: () => cut?.(),
  };
}
