/**
 * A fake `Date` that keeps running, and nothing else faked: a test steps past a wait
 * (`jest.setSystemTime`) while sockets, timers, ticks and `performance` run as they do. Undone by
 * `jest.useRealTimers()`.
 */
export function useRunningFakeDate(): void {
  jest.useFakeTimers({
    advanceTimers: true,
    doNotFake: [
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
  });
}
