/**
 * A delivery worker's loop (server/outbox/workerLoop.ts): rounds one after another, a failing
 * round backed off and reported, started once, and stopped without waiting out a pause but never
 * in the middle of a round.
 */
import { createWorkerLoop } from "../server/outbox/workerLoop";

const BACKOFF = { initialMs: 20, factor: 2, maxMs: 1_000 };

test("runs rounds until stopped; start twice starts once; stop ends a long pause at once", async () => {
  let rounds = 0;
  const loop = createWorkerLoop({
    round: async () => (++rounds < 3 ? 0 : 60_000),
    backoff: BACKOFF,
    random: () => 1,
    onStoreError: () => {
      throw new Error("no round fails here");
    },
  });
  expect(loop.start()).toBe(true);
  expect(loop.start()).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(rounds).toBe(3);
  const started = performance.now();
  await loop.stop();
  expect(performance.now() - started).toBeLessThan(1_000);
  expect(rounds).toBe(3);
});

test("a failing round is reported with a growing back-off, and a good one resets it", async () => {
  const retries: number[] = [];
  let calls = 0;
  const loop = createWorkerLoop({
    round: async () => {
      calls++;
      if (calls <= 3) throw new Error("store down");
      return calls === 4 ? 0 : 60_000;
    },
    backoff: BACKOFF,
    random: () => 1,
    onStoreError: (error, retryInMs) => {
      expect((error as Error).message).toBe("store down");
      retries.push(retryInMs);
    },
  });
  loop.start();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await loop.stop();
  expect(retries).toEqual([20, 40, 80]);
  expect(calls).toBe(5);
});

test("stop waits for the round in flight", async () => {
  let finished = false;
  const loop = createWorkerLoop({
    round: async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
      return 60_000;
    },
    backoff: BACKOFF,
    random: () => 1,
    onStoreError: () => {},
  });
  loop.start();
  await loop.stop();
  expect(finished).toBe(true);
});
