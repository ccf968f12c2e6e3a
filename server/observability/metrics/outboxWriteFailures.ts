/**
 * Writes to the tracking outbox that failed, by cause, counted where every write passes: the
 * store's `add` (the relay), `claim` and `settle` (the delivery worker: claiming is a write) and
 * `purge`. The store given to the worker and to the app is wrapped once (server/index.ts); the
 * metrics read `writeFailures()` as the counter `outbox_write_failures_total{cause}`, and the alert
 * `SiteOutboxCannotWrite` names the cause (docs/operations.md). A full data volume otherwise
 * shows only as the relay's 503s: reads (counts, readiness) go on working.
 *
 * Causes, from SQLite's result codes (node:sqlite's `errcode`), Node's file errors and Firestore's
 * gRPC status codes:
 * - `full`: no space left (SQLITE_FULL, ENOSPC, EDQUOT);
 * - `read_only`: a read-only file system or database (SQLITE_READONLY, EROFS);
 * - `denied`: not allowed to write (EACCES, EPERM; Firestore PERMISSION_DENIED, UNAUTHENTICATED);
 * - `quota`: Firestore's RESOURCE_EXHAUSTED (a quota or write rate reached);
 * - `io`: the disk failed (SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_CANTOPEN, EIO);
 * - `busy`: another writer held the store too long (SQLITE_BUSY, SQLITE_LOCKED; Firestore ABORTED);
 * - `unavailable`: Firestore unreachable or too slow (UNAVAILABLE, DEADLINE_EXCEEDED);
 * - `other`: anything else.
 */
import type { OutboxStore } from "../../outbox/store";

export const WRITE_FAILURE_CAUSES = [
  "full",
  "read_only",
  "denied",
  "quota",
  "io",
  "busy",
  "unavailable",
  "other",
] as const;
export type WriteFailureCause = (typeof WRITE_FAILURE_CAUSES)[number];

/** SQLite's primary result codes (the low byte of an extended code). */
const SQLITE_CAUSES: Record<number, WriteFailureCause> = {
  5: "busy", // SQLITE_BUSY
  6: "busy", // SQLITE_LOCKED
  8: "read_only", // SQLITE_READONLY
  10: "io", // SQLITE_IOERR
  11: "io", // SQLITE_CORRUPT
  13: "full", // SQLITE_FULL
  14: "io", // SQLITE_CANTOPEN
};
const ERRNO_CAUSES: Record<string, WriteFailureCause> = {
  ENOSPC: "full",
  EDQUOT: "full",
  EROFS: "read_only",
  EACCES: "denied",
  EPERM: "denied",
  EIO: "io",
};
/** gRPC status codes, as Firestore's errors carry them in `code`. */
const GRPC_CAUSES: Record<number, WriteFailureCause> = {
  4: "unavailable", // DEADLINE_EXCEEDED
  7: "denied", // PERMISSION_DENIED
  8: "quota", // RESOURCE_EXHAUSTED
  10: "busy", // ABORTED
  14: "unavailable", // UNAVAILABLE
  16: "denied", // UNAUTHENTICATED
};

/** Why a write to the outbox failed, from the error the store threw. */
export function writeFailureCause(error: unknown): WriteFailureCause {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number") return SQLITE_CAUSES[errcode & 0xff] ?? "other";
  if (typeof code === "string") return ERRNO_CAUSES[code] ?? "other";
  if (typeof code === "number") return GRPC_CAUSES[code] ?? "other";
  return "other";
}

export interface WriteFailureCounts {
  /** Writes to the outbox that failed since start, by cause (every cause present, 0 when none). */
  writeFailures(): Record<WriteFailureCause, number>;
}

const WRITES = ["add", "claim", "settle", "purge"] as const;

/** `store` with its writes counted when they fail (the error is thrown on as it was). */
export function countWriteFailures<S extends OutboxStore>(store: S): S & WriteFailureCounts {
  const counts = Object.fromEntries(WRITE_FAILURE_CAUSES.map((cause) => [cause, 0])) as Record<
    WriteFailureCause,
    number
  >;
  // The store's own methods, by inheritance (a method added later is there too), its writes counted.
  const counted = Object.create(store) as S & WriteFailureCounts;
  for (const name of WRITES) {
    const write = store[name] as (...args: unknown[]) => Promise<unknown>;
    (counted as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      try {
        return await write.apply(store, args);
      } catch (error) {
        counts[writeFailureCause(error)]++;
        throw error;
      }
    };
  }
  counted.writeFailures = () => ({ ...counts });
  return counted;
}
