/**
 * The disk cache of transformed images: `<dir>/<key>.<ext>`. The key already names the file's
 * version (mtime and size) and the transform, so entries never go stale: they are only
 * replaced by new keys. Deleting the folder is always safe.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../logger";

export type CachedImage = { source: "disk"; file: string } | { source: "fresh"; buffer: Buffer };

export interface MediaCache {
  /** The cached file for `key`, or `produce()`'s result, written to the cache on the way. */
  get(key: string, ext: string, produce: () => Promise<Buffer>): Promise<CachedImage>;
  /** Where `key` is (or would be) cached. */
  fileFor(key: string, ext: string): string;
}

export function createMediaCache(dir: string, logger: Logger): MediaCache {
  // Concurrent requests for one cold key share one transform.
  const inflight = new Map<string, Promise<CachedImage>>();
  let warned = false;

  const fileFor = (key: string, ext: string) => path.join(dir, `${key}.${ext}`);

  async function store(file: string, buffer: Buffer): Promise<void> {
    // Write beside, then rename: a reader sees the whole file or none (rename is atomic on one disk).
    const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(temp, buffer);
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      // A read-only disk (e.g. a container running as a non-root user) costs speed, not images.
      if (!warned) logger.warn({ err: error, dir }, "media cache not writable: transforming on every request");
      warned = true;
    }
  }

  async function load(key: string, ext: string, produce: () => Promise<Buffer>): Promise<CachedImage> {
    const file = fileFor(key, ext);
    if (await isFile(file)) return { source: "disk", file };
    const buffer = await produce();
    await store(file, buffer);
    return { source: "fresh", buffer };
  }

  return {
    fileFor,
    get(key, ext, produce) {
      const id = `${key}.${ext}`;
      const pending = inflight.get(id);
      if (pending) return pending;
      const promise = load(key, ext, produce).finally(() => inflight.delete(id));
      inflight.set(id, promise);
      return promise;
    },
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}
