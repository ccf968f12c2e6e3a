/**
 * The durable SQLite file both embedded stores use (the tracking outbox, visitors' requests):
 * opened with its folder made, WAL with synchronous=FULL (a write is on disk when it returns), a
 * busy timeout so processes on one file take turns, and writes that hold the write lock from
 * their start (docs/decisions/005-tracking-outbox.md).
 */
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/** Opens (creating when missing, with its folder) `file`, or `:memory:`, with foreign keys enforced, and runs `schema` on it. */
export function openSqliteFile(file: string, schema: string): DatabaseSync {
  // Stryker disable next-line ConditionalExpression,StringLiteral: for ":memory:" the folder is ".", which exists: making it is a no-op
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  // Stryker disable next-line ObjectLiteral: the busy timeout only matters between processes; the tests' connections share one thread
  const db = new DatabaseSync(file, { timeout: 10_000 });
  // Foreign keys are node:sqlite's default; said here so a table's ON DELETE CASCADE never depends on it.
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;");
  db.exec(schema);
  return db;
}

/**
 * Runs `work` in a transaction holding the write lock from the start (`BEGIN IMMEDIATE`: a read
 * snapshot could not be upgraded if another writer got in first); rolled back when it throws.
 */
export function writeTransaction(db: DatabaseSync): <T>(work: () => T) => T {
  return (work) => {
    db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  };
}
