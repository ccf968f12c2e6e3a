/** The embedded stores' SQLite file (server/outbox/sqliteFile.ts): durable settings, and writes that commit whole or not at all. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSqliteFile, writeTransaction } from "../server/outbox/sqliteFile";

const SCHEMA = "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY) STRICT;";

test("a file is made with its folder, in WAL with synchronous=FULL and foreign keys enforced", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-file-"));
  try {
    const file = path.join(dir, "nested", "store.sqlite");
    const db = openSqliteFile(file, SCHEMA);
    expect(fs.existsSync(file)).toBe(true);
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(db.prepare("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
    expect(db.prepare("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
    db.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a write commits what it did, and one that throws leaves nothing behind", () => {
  const db = openSqliteFile(":memory:", SCHEMA);
  const write = writeTransaction(db);
  expect(write(() => db.prepare("INSERT INTO t (id) VALUES (1)").run().changes)).toBe(1);
  expect(() =>
    write(() => {
      db.prepare("INSERT INTO t (id) VALUES (2)").run();
      throw new Error("half-way");
    }),
  ).toThrow("half-way");
  expect(db.isTransaction).toBe(false);
  expect(db.prepare("SELECT id FROM t ORDER BY id").all()).toEqual([{ id: 1 }]);
  db.close();
});
