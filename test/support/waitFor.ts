/**
 * Bounded waits for tests: every poll has a deadline and every loop a round limit, and each fails
 * with a message naming what it waited for. A test run on broken code must end in a named
 * failure, not a hang: Jest's own timeout cannot fire while a loop of promises that settle at
 * once (the SQLite outbox is synchronous underneath) keeps the event loop busy.
 */

/**
 * Resolves once `condition` holds, polling every `intervalMs`, with how long that took in ms;
 * throws after `timeoutMs` naming `what`.
 */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 5_000, intervalMs = 10 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return Date.now() - started;
}

/** Settles as `promise` does, or rejects after `timeoutMs` naming `what`. */
export async function within<T>(what: string, timeoutMs: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `step` (given the round number, from 0) until it returns true, at most `maxRounds` times;
 * throws naming `what` when it is still not done. For loops whose end depends on the code under
 * test (claim until the outbox is empty, follow "next" links, deliver until nothing is left).
 */
export async function repeatUntil(
  what: string,
  maxRounds: number,
  step: (round: number) => boolean | Promise<boolean>,
): Promise<void> {
  for (let round = 0; round < maxRounds; round++) {
    if (await step(round)) return;
  }
  throw new Error(`still not done after ${maxRounds} rounds: ${what}`);
}
