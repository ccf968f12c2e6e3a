/**
 * `npm run bench`: the home page's bytes served six ways, in one run on loopback, each with
 * requests per second, latency p50/p99, and the CPU the serving process spent per request
 * answered (its user + system time from /proc/<pid>/stat over the run, children included, divided
 * by the responses): the steady measure on a shared machine, where req/s mostly says how much of
 * the cores the load generator left.
 *   bare node:http   a bare server writing the page from one buffer (Node's own limit)
 *   nginx            one nginx worker serving the page as a file (Debian's nginx-light,
 *                    installed when missing and running as root; skipped otherwise)
 *   express.static   express.static serving the page as a file, in its own process
 *   site, hit        the site answering from its page cache
 *   site, hit+id     the same with a unique campaign id per request (`?fbclid=<n>&utm_source=x`)
 *   site, uncached   the site rendering every request (PAGE_CACHE_BYTES=0)
 * The site runs as in production, logging on (LOG_LEVEL=info, JSON lines to /dev/null) and its
 * metrics on (METRICS_TOKEN set). The machines are noisy: compare within a run, and read the
 * ratios printed at the end (CPU per request: hit/bare and uncached/static).
 * Run `npm run build` first. Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_PATH (default /; e.g. /gallery/braybrook-st, /info/blog/planning-a-pantry), BENCH_ONLY
 * (comma-separated names to run, e.g. `hit,bare`), BENCH_WARMUP (seconds of load, not measured,
 * before a server's first row, default 2: a fresh process spends its first seconds compiling),
 * BENCH_ROUNDS (default 1: every server is started first, then each round runs every row in turn
 * and the medians of the rounds are printed, each ratio taken within a round), BENCH_ENCODING=br (send what browsers send,
 * `gzip, deflate, br, zstd`: the site and the bare server answer brotli, nginx and express.static
 * the file as it is; default identity), BENCH_METRICS=off (no METRICS_TOKEN).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import autocannon from "autocannon";
import { startBuiltSite } from "./lib/builtSite.mjs";
import { freePort } from "./lib/freePort.mjs";
import { cpuSeconds } from "./lib/processCpu.mjs";
import { ensureSystemTools, findCommand } from "./lib/systemTools.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pagePath = process.env.BENCH_PATH ?? "/";
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const wanted = (name) => !only || only.includes(name);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const roundCount = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const compressed = process.env.BENCH_ENCODING === "br";
const acceptEncoding = compressed ? "gzip, deflate, br, zstd" : "identity";
const metricsEnv = process.env.BENCH_METRICS === "off" ? {} : { METRICS_TOKEN: "bench-metrics-token-0123456789" };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url, what) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${what} did not start`);
}

// As production runs it (scripts/lib/builtSite.mjs: image warm-up off, which would spend a core
// in the background while requests are timed).
const startSite = (env = {}) =>
  startBuiltSite({ name: "bench", env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info", ...env } });

/** One of scripts/benchServer.mjs's servers, in its own Node process. */
async function startReference(mode, target, encoding) {
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts/benchServer.mjs"), mode, target, ...(encoding ? [encoding] : [])],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  const [line] = await readline
    .createInterface({ input: child.stdout })
    [Symbol.asyncIterator]()
    .next()
    .then((r) => [r.value]);
  const { port } = JSON.parse(line);
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

/** nginx with one worker on a config of its own in `dir`; null when it is absent and cannot be installed. */
async function startNginx(dir) {
  try {
    ensureSystemTools("nginx");
  } catch {
    return null;
  }
  const binary = findCommand("nginx");
  if (!binary) return null;
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    [
      "worker_processes 1;",
      "daemon off;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log;`,
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      "  default_type text/html;",
      "  keepalive_requests 1000000;",
      `  server { listen 127.0.0.1:${port}; root ${dir}; location / { index index.html; } }`,
      "}",
    ].join("\n"),
  );
  const child = spawn(binary, ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, "nginx");
  return { url, pid: child.pid, stop: () => child.kill("SIGQUIT") };
}

/** A response's body as sent, not decoded. */
function rawBody(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks)));
      })
      .on("error", reject);
  });
}

const warmed = new Set();

/** Load, not measured, on a server not yet warmed up: a fresh process spends its first seconds compiling and growing its heap. */
async function warm(server, pathAndQuery) {
  if (warmed.has(server.pid) || warmup <= 0) return;
  warmed.add(server.pid);
  await new Promise((resolve, reject) =>
    autocannon(
      { url: server.url + pathAndQuery, connections, duration: warmup, headers: { "accept-encoding": acceptEncoding } },
      (err) => (err ? reject(err) : resolve()),
    ),
  );
}

/** One row: autocannon against `server` for the run's duration, and the CPU its process spent meanwhile. */
async function run(name, server, pathAndQuery, extra = {}) {
  await warm(server, pathAndQuery);
  return new Promise((resolve, reject) => {
    const cpuBefore = cpuSeconds(server.pid);
    autocannon(
      {
        url: server.url + pathAndQuery,
        connections,
        duration: seconds,
        headers: { "accept-encoding": acceptEncoding },
        ...extra,
      },
      (err, result) => {
        if (err) return reject(err);
        const cpu = cpuSeconds(server.pid) - cpuBefore;
        const answered = result.requests.total;
        const row = {
          name,
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          cpuUs: answered > 0 ? (cpu * 1e6) / answered : NaN,
          cores: cpu / seconds,
          non2xx: result.non2xx,
          errors: result.errors,
        };
        console.log(
          `${name.padEnd(28)} ${String(row.rps).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  CPU ${row.cpuUs.toFixed(0).padStart(6)} µs/req (${row.cores.toFixed(2)} cores)  non-2xx ${row.non2xx}  errors ${row.errors}`,
        );
        resolve(row);
      },
    );
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
fs.chmodSync(dir, 0o755);
const running = [];
try {
  const site = await startSite(metricsEnv);
  running.push(site);
  // Warm the cache: the first request renders and stores the page.
  for (let i = 0; i < 5; i++)
    await (await fetch(site.url + pagePath, { headers: { "accept-encoding": "identity" } })).text();
  const html = Buffer.from(
    await (await fetch(site.url + pagePath, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
  );
  fs.writeFileSync(path.join(dir, "index.html"), html, { mode: 0o644 });
  // The brotli body as the site sends it (node:http's own fetch decodes it: read it raw).
  const brotliBody = compressed ? await rawBody(site.url + pagePath, { "accept-encoding": "br" }) : undefined;
  if (brotliBody) fs.writeFileSync(path.join(dir, "index.html.br"), brotliBody, { mode: 0o644 });
  console.log(
    `${pagePath} (${html.length} bytes${brotliBody ? `, ${brotliBody.length} brotli` : ""}), accept-encoding: ${acceptEncoding}, ${connections} connections, ${seconds} s each, metrics ${metricsEnv.METRICS_TOKEN ? "on" : "off"}, Node ${process.version}`,
  );

  // Every server up at once, then each round runs every row in turn: with BENCH_ROUNDS > 1 the
  // machine's drifting load falls on all rows alike, and the medians of the rounds are reported.
  const servers = {};
  if (wanted("bare")) {
    servers.bare = brotliBody
      ? await startReference("bare", path.join(dir, "index.html.br"), "br")
      : await startReference("bare", path.join(dir, "index.html"));
    running.push(servers.bare);
  }
  if (wanted("nginx")) {
    servers.nginx = await startNginx(dir);
    if (servers.nginx) running.push(servers.nginx);
    else console.log("nginx                        skipped: not installed, and not root to install nginx-light");
  }
  if (wanted("static")) {
    servers.static = await startReference("static", dir);
    running.push(servers.static);
  }
  if (wanted("uncached")) {
    // One client asking for renders as fast as it can: no budget of uncached renders (docs/security.md).
    servers.uncached = await startSite({ ...metricsEnv, PAGE_CACHE_BYTES: "0", RENDER_BUDGET_PER_MINUTE: "0" });
    running.push(servers.uncached);
  }
  let n = 0;
  const sep = pagePath.includes("?") ? "&" : "?";
  const campaign = {
    requests: [
      { setupRequest: (req) => ({ ...req, path: `${pagePath}${sep}fbclid=${++n}.${Date.now()}&utm_source=x` }) },
    ],
  };
  const plan = [
    ["bare", brotliBody ? "bare node:http (brotli)" : "bare node:http", servers.bare, "/"],
    ["nginx", "nginx, one worker", servers.nginx, "/"],
    ["static", "express.static", servers.static, "/"],
    ["hit", "site, cache hit", wanted("hit") ? site : undefined, pagePath],
    ["campaign", "site, hit + unique fbclid", wanted("campaign") ? site : undefined, pagePath, campaign],
    ["uncached", "site, uncached (renders)", servers.uncached, pagePath],
  ].filter(([, , server]) => server);

  const rounds = [];
  for (let round = 0; round < roundCount; round++) {
    if (roundCount > 1) console.log(`round ${round + 1} of ${roundCount}`);
    const rows = {};
    for (const [key, name, server, target, extra] of plan) rows[key] = await run(name, server, target, extra);
    rounds.push(rows);
  }
  const median = (values) => {
    const sorted = values.filter((v) => Number.isFinite(v)).sort((x, y) => x - y);
    if (sorted.length === 0) return Number.NaN;
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  // Each ratio is taken within a round (the same load on both rows), then the median of the rounds.
  const ratio = (a, b, field, digits) => {
    const value = median(rounds.map((rows) => (rows[a] && rows[b] ? rows[a][field] / rows[b][field] : Number.NaN)));
    return Number.isFinite(value) ? value.toFixed(digits) : "n/a";
  };
  if (roundCount > 1) {
    console.log(`medians of ${roundCount} rounds:`);
    for (const [key, name] of plan)
      console.log(
        `${name.padEnd(28)} ${String(Math.round(median(rounds.map((r) => r[key].rps)))).padStart(7)} req/s  CPU ${median(
          rounds.map((r) => r[key].cpuUs),
        )
          .toFixed(0)
          .padStart(6)} µs/req`,
      );
  }
  console.log(
    `req/s:         hit/bare ${ratio("hit", "bare", "rps", 3)}   hit+id/hit ${ratio("campaign", "hit", "rps", 3)}   hit/static ${ratio("hit", "static", "rps", 3)}   uncached/static ${ratio("uncached", "static", "rps", 3)}   bare/nginx ${ratio("bare", "nginx", "rps", 3)}`,
  );
  console.log(
    `CPU/request:   hit/bare ${ratio("hit", "bare", "cpuUs", 2)}×   hit+id/bare ${ratio("campaign", "bare", "cpuUs", 2)}×   uncached/static ${ratio("uncached", "static", "cpuUs", 2)}×   (the budgets of docs/behaviour.md section 7.5: hit ≤ 1.5× on the home page, ≤ 2× on smaller pages; uncached ≤ 8×)`,
  );
} finally {
  await Promise.all(running.map((server) => server.stop()));
  await sleep(200);
  fs.rmSync(dir, { recursive: true, force: true });
}
