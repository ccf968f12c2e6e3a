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
  /**
   * The master ref as read by a read of the repository that started at or after `time` (on
   * `clock`, the tracker's monotonic clock: performance.now() unless given), so a request
   * arriving at `time` knows the ref it answers with is not older than the publishes before it
   * (docs/operations.md, "Edge caching and purges": the race rule). Reads are shared: one started
   * after `time` serves every request that arrived before it started; a request arriving while an
   * older read is in flight waits for the next one, which those after it share too. Rejects when
   * that read fails (the last known ref is then unconfirmed).
   */
  confirmedAfter?(time: number): Promise<string>;
  /** The first ref this process read (no I/O): what a publish webhook compares with before its first publish. */
  firstKnown?(): string | undefined;
}

export const REF_TTL_MS = 5_000;

/** The clock `confirmedAfter` compares read starts with: monotonic, sub-millisecond. */
export const refClock = (): number => performance.now();

export function createRefTracker(
  readMasterRef: () => Promise<string>,
  ttlMs = REF_TTL_MS,
  now = Date.now,
  clock = refClock,
): RefTracker {
  let ref: string | undefined;
  let readAt = -Infinity;
  let inFlight: Promise<string> | undefined;
  /** The read under way: when it started (on `clock`), and its own outcome (a failure stays a failure). */
  let current: { startedAt: number; confirmed: Promise<string> } | undefined;
  /** The last read that succeeded: when it started and what it read. */
  let lastConfirmed: { startedAt: number; ref: string } | undefined;
  /** The read to start once the one in flight is over, for requests that arrived after it started. */
  let next: Promise<string> | undefined;
  let confirmedAt: number | undefined;
  let first: string | undefined;

  /** Starts a read of the repository (none may be under way); its own outcome, a failure included. */
  const begin = (): Promise<string> => {
    const startedAt = clock();
    const confirmed = readMasterRef().then((fresh) => {
      ref = fresh;
      first ??= fresh;
      readAt = confirmedAt = now();
      lastConfirmed = { startedAt, ref: fresh };
      return fresh;
    });
    current = { startedAt, confirmed };
    inFlight = confirmed
      .catch((error: unknown) => {
        if (ref === undefined) throw error;
        // Keep serving the last known content; try again after another TTL.
        readAt = now();
        return ref;
      })
      .finally(() => {
        inFlight = undefined;
        current = undefined;
      });
    // Whoever waits for inFlight handles its failure; confirmedAfter's callers handle this one's.
    confirmed.catch(() => undefined);
    return confirmed;
  };

  // Concurrent requests share one read of the repository.
  const read = (): Promise<string> => {
    // begin() handles its own outcome's failure; inFlight is what callers wait for.
    if (!inFlight) void begin();
    return inFlight as Promise<string>;
  };

  const confirmedAfter = (time: number): Promise<string> => {
    if (lastConfirmed && lastConfirmed.startedAt >= time) return Promise.resolve(lastConfirmed.ref);
    if (!current) return begin();
    if (current.startedAt >= time) return current.confirmed;
    // The read under way started before this request arrived: the next one, shared by everyone
    // who arrived meanwhile (any read that starts after this one ends started after they arrived).
    next ??= (inFlight ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return confirmedAfter(time);
      });
    return next;
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
    confirmedAfter,
    firstKnown: () => first,
  };
}
