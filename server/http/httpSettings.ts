/**
 * Graceful shutdown and the HTTP server's limits (docs/operations.md, "HTTP limits"), validated at
 * start-up with the rest of the configuration (server/config.ts), which also checks them against
 * each other (a header deadline within the request's, a delay within the shutdown's bound).
 */
import { z } from "zod";

export const httpSettingsShape = {
  /**
   * After SIGTERM, how long the server keeps serving while /readyz says "draining" (ms), so the
   * load balancer sees it and stops sending before the listener closes. 5 s covers readiness
   * probes polled every few seconds and the endpoint removal that Kubernetes does alongside SIGTERM.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /**
   * The bound from SIGTERM to exit (ms), the delay included: what is still in flight then is cut
   * and the process exits non-zero. Below Kubernetes' default 30 s grace before SIGKILL (`docker stop` waits 10 s unless given -t).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(25_000),
  /**
   * HTTP limits (docs/operations.md, "HTTP limits"): a request's headers must arrive within this long (ms);
   * a real browser sends them in one packet, even on a slow phone network well under a second.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  /** The whole request, headers and body (ms): the largest body the site takes is a ~20 KB tracking event. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  /** An idle keep-alive connection is closed after this long (ms); behind a load balancer, above its idle timeout. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(900_000).default(5_000),
  /** Connections held at once; beyond it new ones are dropped (and a warning logged). */
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
};
