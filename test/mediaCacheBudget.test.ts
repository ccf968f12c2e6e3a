/**
 * The media disk cache keeps to its byte budget (MEDIA_CACHE_BYTES): least recently used images
 * go first, the order survives a restart, and a flood of 1,000 distinct requests through the
 * built server never leaves more bytes on disk than the budget.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createMediaCache } from "../packages/prismic-stand-in/src/testing";
import { startBuiltServer, type RunningServer } from "./support/builtServer";
import { capturingLogger } from "./support/capturingLogger";

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "media-budget-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

const bytesIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0) : 0;
const entry = (n: number) => `entry-${String(n).padStart(4, "0")}.jpg`;

test("evicts the least recently used entry, and remembers recency across a restart", async () => {
  const dir = path.join(temp, "lru");
  const { logger } = capturingLogger();
  const open = () => createMediaCache({ dir, budgetBytes: 3_000, logger, touchIntervalMs: 0 });
  const cache = open();
  for (const n of [1, 2, 3]) {
    await cache.store(entry(n), Buffer.alloc(1_000, n));
    await new Promise((r) => setTimeout(r, 20)); // distinct mtimes
  }
  expect(await cache.read(entry(1))).toEqual(Buffer.alloc(1_000, 1)); // 1 is now the most recent
  await new Promise((r) => setTimeout(r, 20));

  const restarted = open();
  await restarted.ready;
  expect(restarted.stats()).toMatchObject({ files: 3, bytes: 3_000 });
  await restarted.store(entry(4), Buffer.alloc(1_000, 4));
  expect(fs.readdirSync(dir).sort()).toEqual([entry(1), entry(3), entry(4)]);
  expect(restarted.stats()).toMatchObject({ files: 3, bytes: 3_000, evicted: 1 });
  // Larger than the whole budget: not kept, nothing evicted for it.
  await restarted.store(entry(5), Buffer.alloc(3_001));
  expect(fs.readdirSync(dir).sort()).toEqual([entry(1), entry(3), entry(4)]);
});

test("a smaller budget at start trims the folder, oldest first, and clears half-written files", async () => {
  const dir = path.join(temp, "trim");
  fs.mkdirSync(dir);
  for (const n of [1, 2, 3, 4]) {
    fs.writeFileSync(path.join(dir, entry(n)), Buffer.alloc(1_000));
    const time = new Date(Date.now() - (10 - n) * 60_000);
    fs.utimesSync(path.join(dir, entry(n)), time, time);
  }
  fs.writeFileSync(path.join(dir, `${entry(9)}.123.abc.tmp`), "partial");
  const cache = createMediaCache({ dir, budgetBytes: 2_500, logger: capturingLogger().logger });
  await cache.ready;
  expect(fs.readdirSync(dir).sort()).toEqual([entry(3), entry(4)]);
});

describe("through the built server", () => {
  const BUDGET = 128 * 1024;
  const cacheDir = path.join(temp, "server-cache");
  const mediaDir = path.join(temp, "media");
  let server: RunningServer;

  beforeAll(async () => {
    fs.mkdirSync(mediaDir);
    const noise = { type: "gaussian", mean: 128, sigma: 60 } as const;
    await sharp({ create: { width: 240, height: 240, channels: 3, background: "#808080", noise } })
      .jpeg({ quality: 90 })
      .toFile(path.join(mediaDir, "noise.jpg"));
    server = await startBuiltServer({
      MEDIA_DIR: mediaDir,
      MEDIA_CACHE_DIR: cacheDir,
      MEDIA_CACHE_BYTES: String(BUDGET),
      MEDIA_WARM: "off",
    });
  });
  afterAll(() => server?.stop());

  test("1,000 distinct requests never leave more than MEDIA_CACHE_BYTES on disk", async () => {
    // Distinct crops of one image: 1,000 different small outputs, together many times the budget.
    const urls = Array.from(
      { length: 1_000 },
      (_, i) => `/media/noise.jpg?rect=${i % 40},${Math.floor(i / 40)},200,200&w=112&q=90`,
    );
    let most = 0;
    let stored = 0;
    // Ten at a time: within the transform queue's bound (a full queue would rightly answer 503).
    for (let i = 0; i < urls.length; i += 10) {
      const batch = await Promise.all(
        urls.slice(i, i + 10).map(async (url) => {
          const res = await fetch(server.url + url);
          return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
        }),
      );
      expect(batch.map((r) => r.status)).toEqual(batch.map(() => 200));
      stored += batch.reduce((sum, r) => sum + r.bytes, 0);
      most = Math.max(most, bytesIn(cacheDir));
      expect(most).toBeLessThanOrEqual(BUDGET);
    }
    // The flood really was larger than the budget, and the cache is still in use (not emptied).
    expect(stored).toBeGreaterThan(3 * BUDGET);
    expect(bytesIn(cacheDir)).toBeGreaterThan(BUDGET / 2);
    console.log(
      `media cache after 1,000 distinct requests: ${bytesIn(cacheDir)} bytes in ${fs.readdirSync(cacheDir).length} files (budget ${BUDGET}; ${stored} bytes served)`,
    );
  }, 120_000);
});
