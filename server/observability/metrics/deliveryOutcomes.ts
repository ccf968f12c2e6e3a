/**
 * What this instance's delivery worker made of the events it sent, counted where every outcome
 * passes: the outbox's `settle`. The store given to the worker and to the app is wrapped once
 * (server/index.ts), and the metrics read `deliveryOutcomes()` as the counter
 * `outbox_delivery_events_total{outcome}`: delivered, retry (Meta down, throttling, a timeout:
 * tried again later), failed (refused by Meta for good), not_sent (no Meta credentials).
 */
import type { OutboxStore, Settlement } from "../../outbox/store";

export type DeliveryOutcome = Settlement["status"];
export const DELIVERY_OUTCOMES: readonly DeliveryOutcome[] = ["delivered", "retry", "failed", "not_sent"];

export interface CountedOutbox extends OutboxStore {
  /** Events settled since start, by outcome (only those this instance's worker still held). */
  deliveryOutcomes(): Record<DeliveryOutcome, number>;
}

export function countDeliveryOutcomes(store: OutboxStore): CountedOutbox {
  const counts: Record<DeliveryOutcome, number> = { delivered: 0, retry: 0, failed: 0, not_sent: 0 };
  // The store's own methods, by inheritance (so a method added to stores later is there too), `settle` counted.
  const counted = Object.create(store) as CountedOutbox;
  counted.settle = async (ids, workerId, outcome) => {
    const settled = await store.settle(ids, workerId, outcome);
    counts[outcome.status] += settled;
    return settled;
  };
  counted.deliveryOutcomes = () => ({ ...counts });
  return counted;
}
