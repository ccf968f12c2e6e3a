/**
 * The repository's current master ref, the key of every content-derived cache (docs/architecture.md).
 * It is re-read at most every 5 seconds (docs/behaviour.md section 3.3), so a publish shows
 * on every instance within about 5 s without coordination; a webhook refreshes it at once.
 * When the repository cannot be read, the last known ref stays in use.
 */
export interface RefTracker {
  /** The master ref, re-read when older than the TTL. */
  current(): Promise<string>;
  /** Re-reads the ref now (the publish webhook); resolves to the new ref. */
  refresh(): Promise<string>;
  /** The last ref read, if any (no I/O). */
  lastKnown(): string | undefined;
  /** The ref when it is within its TTL (no I/O, synchronous), else undefined: the page cache's fast path reads it. */
  fresh?(): string | undefined;
  /** When the repository last answered with the master ref (ms), a failed read not counting: the metrics' content age. */
  confirmedAt?(): number | undefined;
}

export const REF_TTL_MS = 5_000;

export function createRefTracker(readMasterRef: () => Promise<string>, ttlMs = REF_TTL_MS, now = Date.now): RefTracker {
  let ref: string | undefined;
  let readAt = -Infinity;
  let inFlight: Promise<string> | undefined;
  let confirmedAt: number | undefined;

  const read = (): Promise<string> => {
    // Concurrent requests share one read of the repository.
    inFlight ??= readMasterRef()
      .then((fresh) => {
        ref = fresh;
        readAt = confirmedAt = now();
        return fresh;
      })
      .catch((error: unknown) => {
        if (ref === undefined) throw error;
        // Keep serving the last known content; try again after another TTL.
        readAt = now();
        return ref;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  return {
    current: () => (ref !== undefined && now() - readAt < ttlMs ? Promise.resolve(ref) : read()),
    refresh: () => {
      readAt = -Infinity;
      return inFlight !== undefined ? inFlight.then(read) : read();
    },
    lastKnown: () => ref,
    fresh: () => (ref !== undefined && now() - readAt < ttlMs ? ref : undefined),
    confirmedAt: () => confirmedAt,
  };
}
