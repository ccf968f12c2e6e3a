/**
 * The server's own warm-up requests: the media warmer reads the site's pages over loopback after
 * each start and publish (docs/operations.md), one request per page. They are logged at debug,
 * not as one info line each: the warmer says what it did in two lines of its own. They carry a
 * header with a token made when the process starts, which no visitor knows, so no visitor can
 * keep their own requests out of the log.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

const HEADER = "x-warm-up";
const token = randomUUID();

/** The headers a warm-up request carries. */
export const WARM_UP_HEADERS: Readonly<Record<string, string>> = { [HEADER]: token };

/** Whether a request is one of this process's warm-up requests. */
export const isWarmUpRequest = (req: IncomingMessage): boolean => req.headers[HEADER] === token;
