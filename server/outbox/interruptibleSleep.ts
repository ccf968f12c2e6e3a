/** A worker's pause between rounds: `sleep(ms)` resolves after `ms`, or sooner when `wake()` is called (stopping). */
export function interruptibleSleep(): { sleep(ms: number): Promise<void>; wake(): void } {
  let wake = () => {};
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = () => {};
        resolve();
      }
      wake = done;
    });
  return { sleep, wake: () => wake() };
}
