/**
 * The loop of a delivery worker (the tracking outbox's, server/outbox/deliveryWorker.ts, and the
 * visitors' requests', server/requests/requestWorker.ts): rounds one after another, each saying how
 * long to pause before the next; a round that throws (the store is unavailable) pauses by a growing
 * back-off with jitter and is told to `onStoreError`; `stop()` ends the pause at once and resolves
 * when the round in flight has finished.
 */
import { backoffDelay, type BackoffPolicy } from "./backoff";
import { interruptibleSleep } from "./interruptibleSleep";

export interface WorkerLoopOptions {
  /** One round; resolves the pause before the next (ms). */
  round(): Promise<number>;
  /** The back-off while rounds fail. */
  backoff: BackoffPolicy;
  random: () => number;
  /** A round failed; the next is in `retryInMs`. */
  onStoreError(error: unknown, retryInMs: number): void;
}

export interface WorkerLoop {
  /** Starts the loop; false (and nothing done) when it was started already. */
  start(): boolean;
  /** Stops starting rounds; resolves when the round in flight has finished. */
  stop(): Promise<void>;
}

export function createWorkerLoop({ round, backoff, random, onStoreError }: WorkerLoopOptions): WorkerLoop {
  const { sleep, wake } = interruptibleSleep();
  let stopping = false;
  let loop: Promise<void> | undefined;

  async function run(): Promise<void> {
    /** Consecutive failed rounds: each grows the back-off before the next. */
    let failures = 0;
    while (!stopping) {
      let pause: number;
      try {
        pause = await round();
        failures = 0;
      } catch (error) {
        failures++;
        pause = backoffDelay(failures, backoff, random);
        onStoreError(error, pause);
      }
      if (pause > 0 && !stopping) await sleep(pause);
    }
  }

  return {
    start() {
      if (loop !== undefined) return false;
      loop = run();
      return true;
    },
    async stop() {
      stopping = true;
      wake();
      await loop;
    },
  };
}
