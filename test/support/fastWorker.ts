/** Delivery worker timings for tests: back-off and idle pauses in milliseconds instead of seconds. */
import type { DeliveryWorkerOptions } from "../../server/outbox/deliveryWorker";

export const FAST_WORKER = {
  backoff: { initialMs: 2, factor: 1.5, maxMs: 20 },
  idleMs: 5,
  // A loaded CI machine can take a while to answer even on loopback: 1.5 s (a tenth of
  // production's 15 s, so a stalled Meta costs a test little), and a lease well beyond a round so
  // no event is taken over from a worker that is still at it.
  leaseMs: 5_000,
  requestTimeoutMs: 1_500,
  // Test events are created at a fixed time in the past (deliveryFixture's T): a real maximum
  // age would purge them before delivery. Tests of that purge set their own.
  pendingMaxAgeMs: Number.MAX_SAFE_INTEGER,
} satisfies Partial<DeliveryWorkerOptions>;
