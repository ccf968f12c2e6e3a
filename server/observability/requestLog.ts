/**
 * The request log: one line per response the app answers (the page cache's fast path logs its
 * own, server/pageCache/fastHit.ts), with the request id, which is echoed as `X-Request-Id`.
 * Preview tokens and secrets in query strings never reach it (server/observability/logger.ts).
 */
import { pinoHttp } from "pino-http";
import { requestIdOf } from "../requestRules/requestId";
import { redactedError, redactedRequest, type Logger } from "./logger";

/** The response as logged: its status; headers are ours and add nothing but bytes. */
const briefResponse = (res: { statusCode?: number }) => ({ statusCode: res.statusCode });

export const requestLog = (logger: Logger) =>
  pinoHttp({
    logger,
    serializers: { req: redactedRequest, res: briefResponse, err: redactedError },
    genReqId: (req, res) => {
      const id = requestIdOf(req);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // A 503 is a deliberate "busy, come back" (full image queue, draining, content down): a warning.
    customLogLevel: (_req, res, err) =>
      err || (res.statusCode >= 500 && res.statusCode !== 503) ? "error" : res.statusCode === 503 ? "warn" : "info",
  });
