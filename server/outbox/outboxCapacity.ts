/**
 * The outbox's cap (OUTBOX_MAX_EVENTS): with Meta down, or a client posting as fast as the rate
 * limit allows from many addresses, events pile up; past the cap new ones are refused (503 with
 * Retry-After) rather than filling the disk or the Firestore bill. Only events waiting for
 * delivery (pending, leased) count: settled ones (delivered, failed, not_sent) leave with
 * retention, and counting them let one visitor who filled the cap once switch tracking off for
 * everyone until retention deleted them (a week by default). The count is read from the
 * store at most every `refreshMs` (a count is a query, in Firestore five) and the events this
 * instance adds meanwhile are counted on top; other instances' adds show at the next read, so
 * N instances may pass the cap by what they accept within one refresh.
 */
import type { Logger } from "../observability/logger";
import type { OutboxStore } from "./store";

/** One "outbox full" line per this long while events are being refused, not one per event. */
const WARNING_INTERVAL_MS = 60_000;

export interface OutboxCapacity {
  /** Whether one more event may be stored; counts it if so. */
  admit(): Promise<boolean>;
  /** Events refused because the outbox was full, since start. */
  refused(): number;
}

export function createOutboxCapacity({
  store,
  maxEvents,
  logger,
  refreshMs = 5_000,
  now = Date.now,
}: {
  store: Pick<OutboxStore, "counts">;
  maxEvents: number;
  logger: Logger;
  refreshMs?: number;
  now?: () => number;
}): OutboxCapacity {
  let counted = 0;
  let addedSince = 0;
  let countedAt = -Infinity;
  let counting: Promise<void> | undefined;
  let refusedCount = 0;
  let warnedAt = -Infinity;

  function recount(): Promise<void> {
    counting ??= store
      .counts()
      .then((counts) => {
        counted = counts.pending + counts.leased;
        addedSince = 0;
        countedAt = now();
      })
      .finally(() => (counting = undefined));
    return counting;
  }

  return {
    async admit() {
      if (now() - countedAt >= refreshMs) await recount();
      if (counted + addedSince < maxEvents) {
        addedSince++;
        return true;
      }
      refusedCount++;
      if (now() - warnedAt >= WARNING_INTERVAL_MS) {
        warnedAt = now();
        logger.warn(
          { events: counted + addedSince, maxEvents, refusedSinceStart: refusedCount },
          "outbox full (OUTBOX_MAX_EVENTS events waiting for delivery): tracking events are refused until deliveries make room",
        );
      }
      return false;
    },
    refused: () => refusedCount,
  };
}
