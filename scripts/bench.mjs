/**
 * `npm run bench`: requests per second and latency of the home page served by the built
 * server, next to express.static serving a saved copy of the same HTML from the same Node,
 * in one run on loopback (the machines are noisy: compare within a run, report the ratio).
 * Run `npm run build` first. Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
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

async function startSite() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["dist/server/index.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SITE_URL: url, LOG_LEVEL: "silent" },
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

const site = await startSite();
const html = await (await fetch(`${site.url}/`)).text();
const stat = await startStatic(html);
try {
  console.log(`Home page, ${connections} connections, ${seconds} s each, Node ${process.version}`);
  const rendered = await run("site: home page (SSR)", `${site.url}/`);
  const baseline = await run("express.static: same HTML", `${stat.url}/`);
  console.log(`ratio site/static: ${(rendered.rps / baseline.rps).toFixed(3)}`);
} finally {
  site.stop();
  stat.stop();
}
