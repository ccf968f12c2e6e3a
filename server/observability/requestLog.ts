/**
 * The request log: one line per response the app answers (the page cache's fast path logs its
 * own, server/pageCache/fastHit.ts), with the request id, which is echoed as `X-Request-Id`.
 * Preview tokens and secrets in query strings never reach it (server/observability/logger.ts).
 * The server's own warm-up requests are logged at debug, and so is what they log on their way
 * (server/observability/warmUpRequests.ts); their warnings and errors are not held back.
 */
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { requestIdOf } from "../requestRules/requestId";
import { redactedError, redactedRequest, type Logger } from "./logger";
import { isWarmUpRequest } from "./warmUpRequests";

/** The response as logged: its status; headers are ours and add nothing but bytes. */
const briefResponse = (res: { statusCode?: number }) => ({ statusCode: res.statusCode });

export function requestLog(logger: Logger): RequestHandler {
  const log = pinoHttp({
    logger,
    serializers: { req: redactedRequest, res: briefResponse, err: redactedError },
    genReqId: (req, res) => {
      const id = requestIdOf(req);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // A 503 is a deliberate "busy, come back" (full image queue, draining, content down): a warning.
    customLogLevel: (req, res, err) =>
      err || (res.statusCode >= 500 && res.statusCode !== 503)
        ? "error"
        : res.statusCode === 503
          ? "warn"
          : isWarmUpRequest(req)
            ? "debug"
            : "info",
  });
  return (req, res, next) =>
    log(req, res, () => {
      if (isWarmUpRequest(req))
        req.log = req.log.child({}, { level: logger.isLevelEnabled("debug") ? "debug" : "warn" });
      next();
    });
}
