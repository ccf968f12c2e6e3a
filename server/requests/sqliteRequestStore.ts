/**
 * The embedded request store (server/requests/requestStore.ts): one SQLite file (`requests.sqlite`
 * under DATA_DIR) through Node's built-in `node:sqlite`, beside the tracking outbox's file and on
 * the same design (server/outbox/sqliteStore.ts). WAL with synchronous=FULL: a request is on disk
 * when `add` resolves, before the visitor is told it was received. Every write runs in
 * `BEGIN IMMEDIATE`, so several processes (or workers) on the same file take turns and a claim
 * never hands out a delivery twice.
 *
 * Two tables: `requests` (the request as received, its fields as JSON text) and `deliveries` (one
 * row per request and destination), deleted with their request (docs/requests.md).
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { openSqliteFile, writeTransaction } from "../outbox/sqliteFile";
import { clipError } from "../outbox/store";
import {
  type ClaimedDelivery,
  type DeliveryRecord,
  type DeliveryStatus,
  emptyDeliveryCounts,
  type NewVisitorRequest,
  type RequestDestination,
  type RequestStore,
} from "./requestStore";

export const REQUESTS_SQLITE_FILE_NAME = "requests.sqlite";
/** At most this many requests deleted by one purge unless it says otherwise. */
const DEFAULT_PURGE_LIMIT = 1000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS requests (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  region TEXT NOT NULL,
  fields TEXT NOT NULL,
  page TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  destinations TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS deliveries (
  request_id TEXT NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
  destination TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  leased_by TEXT,
  lease_until INTEGER,
  -- When the delivery may be claimed: next_attempt_at while pending, lease_until while leased,
  -- NULL once settled for good. One indexed column makes "what is due" one range scan.
  claimable_at INTEGER,
  last_error TEXT,
  delivered_at INTEGER,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (request_id, destination)
) STRICT;
CREATE INDEX IF NOT EXISTS deliveries_claimable ON deliveries (claimable_at) WHERE claimable_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS deliveries_status ON deliveries (status);
`;

interface RequestRow {
  id: string;
  kind: string;
  region: string;
  fields: string;
  page: string;
  received_at: number;
  destinations: string;
}

interface DeliveryRow {
  request_id: string;
  destination: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  leased_by: string | null;
  lease_until: number | null;
  last_error: string | null;
  delivered_at: number | null;
  updated_at: number;
}

const toRequest = (row: RequestRow): NewVisitorRequest => ({
  id: row.id,
  kind: row.kind as NewVisitorRequest["kind"],
  region: row.region as NewVisitorRequest["region"],
  fields: JSON.parse(row.fields),
  page: row.page,
  receivedAt: row.received_at,
  destinations: JSON.parse(row.destinations),
});

const toDelivery = (row: DeliveryRow): DeliveryRecord => ({
  requestId: row.request_id,
  destination: row.destination as RequestDestination,
  status: row.status as DeliveryStatus,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  leasedBy: row.leased_by,
  leaseUntil: row.lease_until,
  lastError: row.last_error,
  deliveredAt: row.delivered_at,
  updatedAt: row.updated_at,
});

/** Only the holder's leased delivery: the guard every settlement shares. */
const HELD = `request_id = :id AND destination = :destination AND status = 'leased' AND leased_by = :worker`;
const RELEASED = `leased_by = NULL, lease_until = NULL, updated_at = :at, attempts = attempts + 1`;

const SETTLE_SQL = {
  delivered: `UPDATE deliveries SET status = 'delivered', delivered_at = :at, claimable_at = NULL, last_error = NULL, ${RELEASED} WHERE ${HELD}`,
  retry: `UPDATE deliveries SET status = 'pending', next_attempt_at = :next, claimable_at = :next, last_error = :error, ${RELEASED} WHERE ${HELD}`,
  failed: `UPDATE deliveries SET status = 'failed', claimable_at = NULL, last_error = :error, ${RELEASED} WHERE ${HELD}`,
} as const;

/**
 * Opens (creating when missing, with its folder) the request store `file`, or `:memory:` for a
 * private in-memory store (tests of other features).
 */
export function openSqliteRequestStore(file: string): RequestStore {
  const db = openSqliteFile(file, SCHEMA);

  const insertRequest = db.prepare(
    `INSERT INTO requests (id, kind, region, fields, page, received_at, destinations)
     VALUES (:id, :kind, :region, :fields, :page, :received, :destinations) ON CONFLICT (id) DO NOTHING`,
  );
  const insertDelivery = db.prepare(
    `INSERT INTO deliveries (request_id, destination, status, attempts, next_attempt_at, claimable_at, updated_at)
     VALUES (:id, :destination, 'pending', 0, :received, :received, :received)`,
  );
  // Oldest due first; among deliveries due at the same moment, the older request's first.
  const due = db.prepare(
    `SELECT d.request_id, d.destination FROM deliveries d JOIN requests r ON r.id = d.request_id
     WHERE d.claimable_at <= :now ORDER BY d.claimable_at, r.received_at, d.request_id, d.destination LIMIT :limit`,
  );
  const lease = db.prepare(
    `UPDATE deliveries SET status = 'leased', leased_by = :worker, lease_until = :until, claimable_at = :until, updated_at = :now
     WHERE request_id = :id AND destination = :destination RETURNING *`,
  );
  const settle = Object.fromEntries(
    Object.entries(SETTLE_SQL).map(([status, sql]) => [status, db.prepare(sql)]),
  ) as Record<keyof typeof SETTLE_SQL, ReturnType<DatabaseSync["prepare"]>>;
  // A request goes when none of its deliveries is still to make and the last was settled before
  // the cutoff of its kind: the failed one's (kept longer) when any failed, else the delivered one's.
  const purge = db.prepare(
    `DELETE FROM requests WHERE id IN (
       SELECT request_id FROM deliveries GROUP BY request_id
       HAVING sum(status IN ('pending', 'leased')) = 0
         AND max(updated_at) < iif(sum(status = 'failed') > 0, :failed, :delivered)
       LIMIT :limit)`,
  );
  const count = db.prepare(`SELECT status, count(*) AS n FROM deliveries GROUP BY status`);
  const oldestUndelivered = db.prepare(
    `SELECT min(r.received_at) AS at FROM deliveries d JOIN requests r ON r.id = d.request_id
     WHERE d.status IN ('pending', 'leased')`,
  );
  const getRequest = db.prepare(`SELECT * FROM requests WHERE id = :id`);
  const getDeliveries = db.prepare(`SELECT * FROM deliveries WHERE request_id = :id`);

  const write = writeTransaction(db);

  /** The request `id` and its deliveries in the order of its destinations, or undefined. */
  const read = (id: string) => {
    const row = getRequest.get({ id }) as RequestRow | undefined;
    if (!row) return undefined;
    const request = toRequest(row);
    const deliveries = (getDeliveries.all({ id }) as unknown as DeliveryRow[]).map(toDelivery);
    const order = (d: DeliveryRecord) => request.destinations.indexOf(d.destination);
    return { request, deliveries: deliveries.sort((a, b) => order(a) - order(b)) };
  };

  let open = true;
  return {
    kind: "sqlite",
    async add(request) {
      const { destinations } = request;
      if (!destinations.length || new Set(destinations).size !== destinations.length)
        throw new TypeError(`request ${request.id}: needs one or more destinations, each named once`);
      return write(() => {
        const stored = insertRequest.run({
          id: request.id,
          kind: request.kind,
          region: request.region,
          fields: JSON.stringify(request.fields),
          page: request.page,
          received: request.receivedAt,
          destinations: JSON.stringify(destinations),
        });
        if (stored.changes !== 1) return false;
        for (const destination of destinations)
          insertDelivery.run({ id: request.id, destination, received: request.receivedAt });
        return true;
      });
    },
    async claim(workerId, limit, leaseMs, now) {
      // Stryker disable next-line EqualityOperator: LIMIT 0 selects nothing either
      if (limit <= 0) return [];
      const rows = write(() =>
        (due.all({ now, limit }) as unknown as Array<{ request_id: string; destination: string }>).map(
          (key) =>
            lease.get({
              id: key.request_id,
              destination: key.destination,
              worker: workerId,
              until: now + leaseMs,
              now,
            }) as unknown as DeliveryRow,
        ),
      );
      const requests = new Map<string, NewVisitorRequest>();
      return rows.map((row): ClaimedDelivery => {
        if (!requests.has(row.request_id))
          requests.set(row.request_id, toRequest(getRequest.get({ id: row.request_id }) as unknown as RequestRow));
        return { ...toDelivery(row), request: requests.get(row.request_id)! };
      });
    },
    async settle(requestId, destination, workerId, outcome) {
      const params: Record<string, SQLInputValue> = { id: requestId, destination, worker: workerId, at: outcome.at };
      if (outcome.status === "retry")
        Object.assign(params, { next: outcome.nextAttemptAt, error: clipError(outcome.error) });
      if (outcome.status === "failed") params.error = clipError(outcome.error);
      return write(() => settle[outcome.status].run(params).changes === 1);
    },
    async purge({ deliveredBefore, failedBefore, limit = DEFAULT_PURGE_LIMIT }) {
      // Stryker disable next-line EqualityOperator: LIMIT 0 deletes nothing either
      if (limit <= 0) return 0;
      return Number(write(() => purge.run({ delivered: deliveredBefore, failed: failedBefore, limit }).changes));
    },
    async counts() {
      const counts = emptyDeliveryCounts();
      for (const row of count.all() as unknown as Array<{ status: DeliveryStatus; n: number }>)
        counts[row.status] = row.n;
      return counts;
    },
    async oldestUndeliveredAt() {
      return (oldestUndelivered.get() as { at: number | null }).at ?? undefined;
    },
    async get(id) {
      return read(id);
    },
    async close() {
      if (open) db.close();
      open = false;
    },
  };
}
