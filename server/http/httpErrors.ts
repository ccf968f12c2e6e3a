/** The last error handler: a short plain answer, the status kept when it is a client error, never a stack. */
import type { NextFunction, Request, Response } from "express";
import { STATUS_CODES } from "node:http";
import type { Logger } from "../observability/logger";

/** Express's file sending reports a visitor who left mid-download this way: their doing, not a fault. */
const clientWentAway = (error: unknown) => (error as { code?: string } | null)?.code === "ECONNABORTED";

export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const log = (req as Request & { log?: Logger }).log ?? logger;
    if (clientWentAway(error)) {
      log.info({ path: req.path }, "client closed the connection before the response was sent");
      return;
    }
    const status =
      (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
    const clientError = typeof status === "number" && status >= 400 && status < 500;
    if (!clientError) log.error({ err: error }, "unhandled error");
    if (res.headersSent) return next(error);
    const code = clientError ? status : 500;
    res
      .status(code)
      .type("text/plain")
      .send(STATUS_CODES[code] ?? "Error");
  };
}
