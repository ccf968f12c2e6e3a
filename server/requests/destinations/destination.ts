/**
 * One destination a visitor's request is delivered to (server/requests/requestStore.ts): the
 * business's CRM webhook, Klaviyo, or the local inbox. The request worker
 * (server/requests/requestWorker.ts) calls `send` once per attempt and settles the delivery by
 * its result: delivered; retried after a back-off (`permanent: false`, with the destination's
 * Retry-After when it gave one); or failed for good (`permanent: true`: the destination refused
 * the request itself, and sending it again would be refused again).
 *
 * `send` never throws for what a destination answers or for the network: every outcome is a
 * SendResult. Each destination is given the request's id as its idempotency key, so a request
 * sent again (after a timeout, or by another worker once a crashed one's lease ran out) is never a
 * second lead.
 */
import type { NewVisitorRequest, RequestDestination } from "../requestStore";

export type SendResult =
  | { ok: true }
  | {
      ok: false;
      /** True: refused for good (a 4xx other than 408 and 429). False: worth another attempt. */
      permanent: boolean;
      /** One line for the log and the store: the status and the destination's own words, never the visitor's fields. */
      error: string;
      /** The destination's Retry-After (ms from now), when it gave one. */
      retryAfterMs?: number;
    };

export interface RequestDestinationSender {
  readonly name: RequestDestination;
  /** One attempt. `signal` ends it early (the worker's deadline for one send); that counts as a timeout. */
  send(request: NewVisitorRequest, signal: AbortSignal): Promise<SendResult>;
}
