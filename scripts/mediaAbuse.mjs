/**
 * `npm run media:abuse`: what an attacker's image requests cost the built server, measured.
 * Starts `dist/server/index.js` with an empty media cache, then reports, for the maximal request
 * (`?w=4000&h=4000&dpr=2&fit=scale&fm=avif`, and the largest one the server accepts), the time
 * and the process's peak memory (VmHWM), and the time of an ordinary image while abusive
 * requests are in flight. Run `npm run build` first. Loopback only; every wait is bounded.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const IMAGE = "/media/kitchen-walnut-island.jpg";
const MAXIMAL = "?w=4000&h=4000&dpr=2&fit=scale&fm=avif";
const LARGEST_ACCEPTED = process.env.LARGEST_ACCEPTED ?? "?w=2048&h=2048&fit=scale&fm=avif";
const ORDINARY = "?w=640&auto=format";
const TIMEOUT_MS = Number(process.env.ABUSE_TIMEOUT_MS ?? 240_000);

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "media-abuse-"));
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [path.join(root, "dist/server/index.js")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: base,
    LOG_LEVEL: "warn",
    MEDIA_CACHE_DIR: cacheDir,
    SHUTDOWN_DELAY_MS: "0",
    MEDIA_WARM: "off",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

/** The child's peak resident memory so far, in MB (Linux). */
const peakMb = () => {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024);
};
const rssMb = () =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"))[1]) / 1024);

async function timed(url, { accept = "image/avif,image/webp,*/*", signal } = {}) {
  const start = performance.now();
  try {
    const res = await fetch(base + url, { headers: { accept }, signal: signal ?? AbortSignal.timeout(TIMEOUT_MS) });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, ms: Math.round(performance.now() - start), bytes: body.length };
  } catch (error) {
    return { status: error.name, ms: Math.round(performance.now() - start), bytes: 0 };
  }
}

try {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error("server did not start within 15 s");
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const idle = rssMb();
  const maximal = await timed(IMAGE + MAXIMAL);
  console.log(
    `maximal ${MAXIMAL}: ${maximal.status} in ${maximal.ms} ms, ${maximal.bytes} bytes; peak RSS ${peakMb()} MB (idle ${idle} MB)`,
  );
  const largest = await timed(IMAGE + LARGEST_ACCEPTED);
  console.log(
    `largest accepted ${LARGEST_ACCEPTED}: ${largest.status} in ${largest.ms} ms, ${largest.bytes} bytes; peak RSS ${peakMb()} MB`,
  );

  // Four abusive requests whose clients hang up after 200 ms, then an ordinary image.
  const abusive = (i, salt) => `${IMAGE}?w=2048&h=${2048 - i - salt}&fit=scale&fm=avif`;
  await Promise.all([0, 1, 2, 3].map((i) => timed(abusive(i, 10), { signal: AbortSignal.timeout(200) })));
  const ordinary = await timed(`/media/kitchen-oak-handleless.jpg${ORDINARY}`);
  console.log(
    `ordinary ${ORDINARY} after 4 abandoned abusive requests: ${ordinary.status} in ${ordinary.ms} ms; peak RSS ${peakMb()} MB`,
  );
  // Four abusive requests still running (their clients wait), an ordinary image sent 100 ms later.
  const running = [0, 1, 2, 3].map((i) => timed(abusive(i, 20)));
  await new Promise((r) => setTimeout(r, 100));
  const during = await timed(`/media/kitchen-navy-shaker.jpg${ORDINARY}`);
  const done = await Promise.all(running);
  console.log(
    `ordinary ${ORDINARY} while 4 abusive requests run: ${during.status} in ${during.ms} ms; the abusive ones: ${done.map((d) => `${d.status} ${d.ms} ms`).join(", ")}; peak RSS ${peakMb()} MB`,
  );
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => {
    child.once("exit", r);
    setTimeout(r, 5_000).unref();
  });
  fs.rmSync(cacheDir, { recursive: true, force: true });
}
