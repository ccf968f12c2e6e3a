/**
 * `npm run bench`: requests per second and latency of the home page (a) served from the page
 * cache, (b) rendered on every request (cache off), and (c) express.static serving the same
 * HTML bytes from the same Node, in one run on loopback (the machines are noisy: compare within
 * a run, report the ratios a/c and b/c). Run `npm run build` first.
 * Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_PATH (default /).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import express from "express";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startSite(env = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["dist/server/index.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SITE_URL: url, LOG_LEVEL: "silent", ...env },
    stdio: "inherit",
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop: () => child.kill("SIGTERM") };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("site did not start");
}

async function startStatic(html) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-static-"));
  fs.writeFileSync(path.join(dir, "index.html"), html);
  const app = express();
  app.use(express.static(dir));
  const port = await freePort();
  const server = await new Promise((resolve) => {
    const s = app.listen(port, "127.0.0.1", () => resolve(s));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

function run(name, url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": "identity" } }, (err, result) => {
      if (err) return reject(err);
      const row = {
        name,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
      console.log(`${name.padEnd(34)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}  errors ${row.errors}`);
      resolve(row);
    });
  });
}

const pagePath = process.env.BENCH_PATH ?? "/";
const cachedSite = await startSite();
const uncachedSite = await startSite({ PAGE_CACHE_BYTES: "0" });
// Warm the cache (the first response stores the page just after it is sent).
for (let i = 0; i < 5; i++) await (await fetch(cachedSite.url + pagePath)).text();
const html = await (await fetch(cachedSite.url + pagePath)).text();
const stat = await startStatic(html);
try {
  console.log(`${pagePath}, ${connections} connections, ${seconds} s each, Node ${process.version}`);
  const cached = await run("(a) site, page cache", cachedSite.url + pagePath);
  const uncached = await run("(b) site, rendering every request", uncachedSite.url + pagePath);
  const baseline = await run("(c) express.static, same HTML", `${stat.url}/`);
  console.log(`ratio a/c: ${(cached.rps / baseline.rps).toFixed(3)}   ratio b/c: ${(uncached.rps / baseline.rps).toFixed(3)}   a/b: ${(cached.rps / uncached.rps).toFixed(1)}`);
} finally {
  cachedSite.stop();
  uncachedSite.stop();
  stat.stop();
}
