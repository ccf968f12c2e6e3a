/**
 * Logs content-service failures once per interval, not once per request: during an outage
 * every request fails the same way, and one line with a count says it better than thousands.
 */
import type { Logger } from "../observability/logger";

export const OUTAGE_LOG_INTERVAL_MS = 30_000;

export function createOutageLog(logger: Logger, intervalMs = OUTAGE_LOG_INTERVAL_MS, now = Date.now) {
  let lastLoggedAt = -Infinity;
  let suppressed = 0;
  return (error: unknown, context: Record<string, unknown> = {}): void => {
    if (now() - lastLoggedAt < intervalMs) {
      suppressed++;
      return;
    }
    logger.error({ err: error, ...context, suppressedSinceLast: suppressed }, "The content service is unavailable");
    lastLoggedAt = now();
    suppressed = 0;
  };
}
