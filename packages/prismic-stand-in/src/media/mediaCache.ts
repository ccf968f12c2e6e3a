/**
 * The disk cache of transformed images: `<dir>/<key>.<ext>`, within a byte budget
 * (MEDIA_CACHE_BYTES). The key already names the file's version (mtime and size) and the
 * canonical transform, so entries never go stale: they are only replaced by new keys, and the
 * least recently used go first when a new one needs the room. Recency is kept in the files'
 * modification times, so it survives a restart: at start the folder is read back in that order.
 * Deleting the folder is always safe. One process per folder: each instance keeps its own count.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";

export interface MediaCacheStats {
  bytes: number;
  files: number;
  budget: number;
  /** Entries deleted to make room since start. */
  evicted: number;
}

export interface MediaCache {
  /** The cached bytes of `name`, or undefined (never cached, evicted, or unreadable). */
  read(name: string): Promise<Buffer | undefined>;
  /** Keeps `buffer` as `name`, first deleting least recently used entries until it fits. */
  store(name: string, buffer: Buffer): Promise<void>;
  stats(): MediaCacheStats;
  /** False once a write has failed (a read-only folder): preparing images ahead would be wasted work. */
  writable(): boolean;
  /** Resolves once the folder has been read back (reads and stores wait for it). */
  ready: Promise<void>;
}

const ENTRY = /^[\w-]{8,64}\.(jpg|png|webp|avif|gif)$/;
/** A file's recency is written to disk at most this often (a hit is otherwise a read only). */
const TOUCH_INTERVAL_MS = 60_000;

interface Entry {
  size: number;
  touchedAt: number;
}

export interface MediaCacheOptions {
  dir: string;
  budgetBytes: number;
  logger: Logger;
  /** How often a hit's recency is written to the file's mtime (default a minute). */
  touchIntervalMs?: number;
}

export function createMediaCache({
  dir,
  budgetBytes,
  logger,
  touchIntervalMs = TOUCH_INTERVAL_MS,
}: MediaCacheOptions): MediaCache {
  // Insertion order is recency order: a hit moves its entry to the end; eviction takes from the front.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let evicted = 0;
  let warned = false;

  const fileFor = (name: string) => path.join(dir, name);

  function forget(name: string): Entry | undefined {
    const entry = entries.get(name);
    if (!entry) return undefined;
    entries.delete(name);
    bytes -= entry.size;
    return entry;
  }

  /**
   * Takes least recently used entries off the books until `incoming` more bytes fit (at once, so
   * concurrent stores cannot together pass the budget), then deletes their files.
   */
  function makeRoom(incoming: number): Promise<unknown> {
    const doomed: string[] = [];
    for (const name of entries.keys()) {
      if (bytes + incoming <= budgetBytes) break;
      forget(name);
      doomed.push(name);
    }
    evicted += doomed.length;
    return Promise.all(doomed.map((name) => fs.rm(fileFor(name), { force: true }).catch(() => undefined)));
  }

  const ready = (async () => {
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      return; // No folder yet: an empty cache.
    }
    const found: Array<{ name: string; size: number; mtimeMs: number }> = [];
    for (const name of names) {
      const file = fileFor(name);
      try {
        const stat = await fs.stat(file);
        // Leftovers of writes cut short by a crash; other files are not ours and are left alone.
        if (name.endsWith(".tmp")) await fs.rm(file, { force: true });
        else if (ENTRY.test(name) && stat.isFile()) found.push({ name, size: stat.size, mtimeMs: stat.mtimeMs });
      } catch {
        /* vanished meanwhile */
      }
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { name, size, mtimeMs } of found) {
      entries.set(name, { size, touchedAt: mtimeMs });
      bytes += size;
    }
    // A smaller budget than last time: trim now.
    await makeRoom(0);
    logger.info({ dir, files: entries.size, bytes, budget: budgetBytes, evicted }, "media cache read back");
  })();

  async function read(name: string): Promise<Buffer | undefined> {
    await ready;
    const entry = entries.get(name);
    if (!entry) return undefined;
    let buffer: Buffer;
    try {
      buffer = await fs.readFile(fileFor(name));
    } catch {
      forget(name);
      return undefined;
    }
    if (entries.get(name) === entry) {
      entries.delete(name);
      entries.set(name, entry);
      const now = Date.now();
      if (now - entry.touchedAt >= touchIntervalMs) {
        entry.touchedAt = now;
        const time = new Date(now);
        void fs.utimes(fileFor(name), time, time).catch(() => undefined);
      }
    }
    return buffer;
  }

  async function store(name: string, buffer: Buffer): Promise<void> {
    await ready;
    if (entries.has(name) || buffer.length > budgetBytes) return;
    const deleted = makeRoom(buffer.length);
    const entry = { size: buffer.length, touchedAt: Date.now() };
    entries.set(name, entry);
    bytes += entry.size;
    // The room is made on disk before the new file takes it.
    await deleted;
    const file = fileFor(name);
    // Write beside, then rename: a reader sees the whole file or none (rename is atomic on one disk).
    const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(temp, buffer);
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      if (entries.get(name) === entry) forget(name);
      // A read-only disk (e.g. a container running as a non-root user) costs speed, not images.
      if (!warned) logger.warn({ err: error, dir }, "media cache not writable: transforming on every request");
      warned = true;
    }
  }

  return {
    read,
    store,
    ready,
    writable: () => !warned,
    stats: () => ({ bytes, files: entries.size, budget: budgetBytes, evicted }),
  };
}
