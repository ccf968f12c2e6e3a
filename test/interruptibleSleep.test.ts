/** A worker's pause (server/outbox/interruptibleSleep.ts): it ends after its time, or at once when woken. */
import { interruptibleSleep } from "../server/outbox/interruptibleSleep";

test("ends after its time when nobody wakes it", async () => {
  const { sleep } = interruptibleSleep();
  const started = performance.now();
  await sleep(30);
  expect(performance.now() - started).toBeGreaterThanOrEqual(25);
});

test("wake ends the pause at once; a wake with no pause does nothing", async () => {
  const { sleep, wake } = interruptibleSleep();
  wake();
  const started = performance.now();
  const pause = sleep(60_000);
  wake();
  await pause;
  expect(performance.now() - started).toBeLessThan(1_000);
});
