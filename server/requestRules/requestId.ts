/**
 * A response's request id, for both request paths (the app's pino-http and the page cache's fast
 * path): the caller's `X-Request-Id` when it is a plain token of at most 128 characters (a load
 * balancer's id threads one request through every log), else a fresh UUID. Anything else could
 * forge or break log lines.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}
