/**
 * The embedded outbox: one SQLite file (`outbox.sqlite` under DATA_DIR) through Node's built-in
 * `node:sqlite`, so `npm start` needs no cloud account. WAL with synchronous=FULL: an event is on
 * disk when `add` resolves. Every write runs in `BEGIN IMMEDIATE`, so several processes (or
 * workers) on the same file take turns and a claim never hands out an event twice.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { openSqliteFile, writeTransaction } from "./sqliteFile";
import {
  clipError,
  DEFAULT_PURGE_LIMIT,
  emptyCounts,
  emptyPurgeCounts,
  type NewOutboxEvent,
  type OutboxRecord,
  type OutboxStatus,
  type OutboxStore,
  type PurgeCounts,
  type Settlement,
} from "./store";

export const SQLITE_FILE_NAME = "outbox.sqlite";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  region TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  next_attempt_at INTEGER NOT NULL,
  leased_by TEXT,
  lease_until INTEGER,
  -- When the event may be claimed: next_attempt_at while pending, lease_until while leased,
  -- NULL once settled for good. One indexed column makes "what is due" one range scan.
  claimable_at INTEGER,
  last_error TEXT,
  delivered_at INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS outbox_claimable ON outbox (claimable_at) WHERE claimable_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS outbox_delivered ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status);
CREATE INDEX IF NOT EXISTS outbox_created ON outbox (created_at);
CREATE INDEX IF NOT EXISTS outbox_updated ON outbox (updated_at);
`;

interface Row {
  id: string;
  region: string;
  payload: string;
  status: string;
  attempts: number;
  created_at: number;
  updated_at: number;
  next_attempt_at: number;
  leased_by: string | null;
  lease_until: number | null;
  last_error: string | null;
  delivered_at: number | null;
}

const toRecord = (row: Row): OutboxRecord => ({
  id: row.id,
  region: row.region,
  payload: JSON.parse(row.payload),
  createdAt: row.created_at,
  status: row.status as OutboxStatus,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  leasedBy: row.leased_by,
  leaseUntil: row.lease_until,
  lastError: row.last_error,
  deliveredAt: row.delivered_at,
  updatedAt: row.updated_at,
});

/** Only the holder's leased rows: the guard every settlement shares. */
const HELD = `id IN (SELECT value FROM json_each(:ids)) AND status = 'leased' AND leased_by = :worker`;
const RELEASED = `leased_by = NULL, lease_until = NULL, updated_at = :at`;

/** A settled event keeps nothing that identifies the visitor (store.ts `forgetVisitor`). */
const FORGET_VISITOR = `payload = json_set(payload, '$.user_data', json('{}'))`;

const SETTLE_SQL: Record<Settlement["status"], string> = {
  delivered: `UPDATE outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = :at, claimable_at = NULL, last_error = NULL, ${FORGET_VISITOR}, ${RELEASED} WHERE ${HELD}`,
  retry: `UPDATE outbox SET status = 'pending', attempts = attempts + 1, next_attempt_at = :next, claimable_at = :next, last_error = :error, ${RELEASED} WHERE ${HELD}`,
  failed: `UPDATE outbox SET status = 'failed', attempts = attempts + 1, claimable_at = NULL, last_error = :error, ${FORGET_VISITOR}, ${RELEASED} WHERE ${HELD}`,
  not_sent: `UPDATE outbox SET status = 'not_sent', claimable_at = NULL, last_error = :error, ${FORGET_VISITOR}, ${RELEASED} WHERE ${HELD}`,
};

/**
 * Opens (creating when missing) the outbox file `file`, or `:memory:` for a private in-memory
 * outbox (tests of other features).
 */
export function openSqliteOutboxStore(file: string): OutboxStore {
  const db = openSqliteFile(file, SCHEMA);

  const insert = db.prepare(
    `INSERT INTO outbox (id, region, payload, status, attempts, created_at, updated_at, next_attempt_at, claimable_at)
     VALUES (:id, :region, :payload, 'pending', 0, :created, :created, :created, :created) ON CONFLICT (id) DO NOTHING`,
  );
  const claim = db.prepare(
    `UPDATE outbox SET status = 'leased', leased_by = :worker, lease_until = :until, claimable_at = :until, updated_at = :now
     WHERE id IN (SELECT id FROM outbox WHERE claimable_at <= :now ORDER BY claimable_at LIMIT :limit)
     RETURNING *`,
  );
  const settle = Object.fromEntries(
    Object.entries(SETTLE_SQL).map(([status, sql]) => [status, db.prepare(sql)]),
  ) as Record<Settlement["status"], ReturnType<DatabaseSync["prepare"]>>;
  // Settled events by when they were settled (updated_at), stale pending ones by when they came in.
  const purge = db.prepare(
    `DELETE FROM outbox WHERE id IN (
       SELECT id FROM outbox WHERE status IN ('delivered', 'failed', 'not_sent') AND updated_at < :settled
       UNION ALL
       SELECT id FROM outbox WHERE created_at < :created AND (status = 'pending' OR (status = 'leased' AND lease_until <= :now))
       LIMIT :limit)
     RETURNING status`,
  );
  // The settled events beyond the newest :keep, oldest first.
  const trim = db.prepare(
    `DELETE FROM outbox WHERE id IN (
       SELECT id FROM outbox WHERE status IN ('delivered', 'failed', 'not_sent') ORDER BY updated_at DESC, id DESC LIMIT -1 OFFSET :keep)
     AND id IN (
       SELECT id FROM outbox WHERE status IN ('delivered', 'failed', 'not_sent') ORDER BY updated_at, id LIMIT :limit)
     RETURNING status`,
  );
  const count = db.prepare(`SELECT status, count(*) AS n FROM outbox GROUP BY status`);
  const getOne = db.prepare(`SELECT * FROM outbox WHERE id = :id`);
  const oldestPending = db.prepare(`SELECT min(created_at) AS at FROM outbox WHERE status IN ('pending', 'leased')`);

  const write = writeTransaction(db);

  let open = true;
  return {
    kind: "sqlite",
    async add(event: NewOutboxEvent) {
      const params = {
        id: event.id,
        region: event.region,
        payload: JSON.stringify(event.payload),
        created: event.createdAt,
      };
      return write(() => insert.run(params).changes === 1);
    },
    async claim(workerId, limit, leaseMs, now) {
      // Stryker disable next-line EqualityOperator: LIMIT 0 selects nothing either
      if (limit <= 0) return [];
      const rows = write(() => claim.all({ worker: workerId, until: now + leaseMs, now, limit }) as unknown as Row[]);
      return rows.map(toRecord).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.createdAt - b.createdAt);
    },
    async settle(ids, workerId, outcome) {
      // Stryker disable next-line ConditionalExpression: an empty id list matches no row either; this only saves a transaction
      if (!ids.length) return 0;
      const params: Record<string, SQLInputValue> = { ids: JSON.stringify(ids), worker: workerId, at: outcome.at };
      if (outcome.status === "retry")
        Object.assign(params, { next: outcome.nextAttemptAt, error: clipError(outcome.error) });
      if (outcome.status === "failed") params.error = clipError(outcome.error);
      if (outcome.status === "not_sent") params.error = clipError(outcome.reason);
      return Number(write(() => settle[outcome.status].run(params).changes));
    },
    async purge({ settledBefore, pendingCreatedBefore, now, limit = DEFAULT_PURGE_LIMIT, keepSettled }) {
      const rows = write(() => {
        const expired = purge.all({
          settled: settledBefore,
          created: pendingCreatedBefore,
          now,
          limit,
        }) as unknown as Array<{ status: OutboxStatus }>;
        if (keepSettled === undefined || expired.length >= limit) return expired;
        return [
          ...expired,
          ...(trim.all({ keep: keepSettled, limit: limit - expired.length }) as unknown as Array<{
            status: OutboxStatus;
          }>),
        ];
      });
      const counts: PurgeCounts = emptyPurgeCounts();
      for (const { status } of rows) counts[status === "leased" ? "pending" : (status as keyof PurgeCounts)]++;
      return counts;
    },
    async counts() {
      const counts = emptyCounts();
      for (const row of count.all() as unknown as Array<{ status: OutboxStatus; n: number }>)
        counts[row.status] = row.n;
      return counts;
    },
    async oldestPendingAt() {
      return ((oldestPending.get() as { at: number | null } | undefined)?.at ?? undefined) as number | undefined;
    },
    async get(id) {
      const row = getOne.get({ id }) as Row | undefined;
      return row ? toRecord(row) : undefined;
    },
    async close() {
      if (open) db.close();
      open = false;
    },
  };
}
