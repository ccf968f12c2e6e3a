/**
 * An attacker's image requests against the built server: the largest transforms answer in
 * bounded time, abandoned ones do not hold an ordinary image, many distinct widths make a handful
 * of cache files, and a full transform queue answers 503 with Retry-After rather than queueing forever.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { startBuiltServer, type RunningServer } from "./support/builtServer";

const AVIF = "image/avif,image/webp,*/*";
const IMAGE = "/media/kitchen-walnut-island.jpg";
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "media-abuse-"));
let server: RunningServer;

beforeAll(async () => {
  server = await startBuiltServer({ MEDIA_CACHE_DIR: path.join(temp, "cache"), MEDIA_WARM: "off" });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(temp, { recursive: true, force: true });
});

async function timed(url: string, init: RequestInit = {}) {
  const start = performance.now();
  const res = await fetch(server.url + url, { ...init, headers: { accept: AVIF } });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body, ms: performance.now() - start };
}

test("the attacker's maximal request is refused at once, naming the parameter", async () => {
  const { res, body, ms } = await timed(`${IMAGE}?w=4000&h=4000&dpr=2&fit=scale&fm=avif`);
  expect(res.status).toBe(400);
  expect(body.toString()).toContain('"w"');
  expect(ms).toBeLessThan(5_000);
});

test("the largest transform the server accepts answers within 5 s", async () => {
  const { res, body, ms } = await timed(`${IMAGE}?w=2048&h=2048&fit=scale&fm=avif`);
  expect(res.status).toBe(200);
  const meta = await sharp(body).metadata();
  expect([meta.width, meta.height, meta.compression]).toEqual([2048, 2048, "av1"]);
  expect(ms).toBeLessThan(5_000);
}, 15_000);

test("four abandoned large requests do not delay an ordinary image beyond 3 s", async () => {
  const abandoned = [0, 1, 2, 3].map((i) =>
    fetch(`${server.url}${IMAGE}?w=2048&h=${2000 + i}&fit=scale&fm=avif`, {
      headers: { accept: AVIF },
      signal: AbortSignal.timeout(150),
    }).then(
      () => "answered",
      (error: Error) => error.name,
    ),
  );
  expect(await Promise.all(abandoned)).toEqual(["TimeoutError", "TimeoutError", "TimeoutError", "TimeoutError"]);
  const { res, ms } = await timed("/media/kitchen-oak-handleless.jpg?w=640&auto=format");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/avif");
  expect(ms).toBeLessThan(3_000);
}, 15_000);

test("30 distinct widths add at most a handful of cache files", async () => {
  const cacheDir = path.join(temp, "cache");
  const before = new Set(fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);
  for (let i = 0; i < 30; i++) {
    const { res } = await timed(`/media/detail-oak-worktop.jpg?w=${600 + i * 10}&fm=webp`);
    expect(res.status).toBe(200);
  }
  // WebP only: the abandoned AVIF transforms of the test before may still be finishing.
  const added = fs.readdirSync(cacheDir).filter((name) => !before.has(name) && name.endsWith(".webp"));
  // 600–890 snap up to the emitted widths 640, 720, 828, 840 and 1200.
  expect(added.length).toBeLessThanOrEqual(5);
  expect(added.length).toBeGreaterThan(0);
}, 30_000);

test("a full transform queue answers 503 with Retry-After; nothing else fails", async () => {
  const busy = await startBuiltServer({
    MEDIA_CACHE_DIR: path.join(temp, "busy"),
    MEDIA_WARM: "off",
    MEDIA_TRANSFORMS: "1",
    MEDIA_QUEUE: "2",
  });
  try {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${busy.url}/media/detail-marble-worktop.jpg?w=1200&q=${50 + i * 5}&fm=webp`),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const res of answers.filter((r) => r.status === 503)) {
      expect(res.headers.get("retry-after")).toBe("2");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    await Promise.all(answers.map((res) => res.arrayBuffer()));
    expect(
      busy
        .output()
        .split("\n")
        .filter((line) => line.includes('"level":50')),
    ).toEqual([]);
  } finally {
    await busy.stop();
  }
}, 30_000);
