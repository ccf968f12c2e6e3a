/**
 * `npm run bench:vitals` (after `npm run build`): what one accepted field report (`POST
 * /api/vitals`, docs/operations.md "Field speed") costs the server, beside what it reports on, in
 * one run on loopback so the numbers compare (docs/capacity.md, "A field-speed report"):
 *   hit      the cached home page (`GET /`, brotli), answered by the page cache's fast path;
 *            (every row's requests carry a fresh X-Forwarded-For, so the load generator does the same work for each);
 *   report   an accepted report, the body, content type and Origin the browser's reporter sends
 *            (client/vitals/fieldVitals.ts), each from a client address of its own
 *            (X-Forwarded-For with TRUST_PROXY=1), so every one is counted, none past a client's weight;
 *   bare     a bare `node:http` server doing the same parsing: the body read with the same 2 KB
 *            bound, `JSON.parse`, a 204 with `Cache-Control: no-store`.
 * The site runs as production does (built server, metrics on, logging at info to /dev/null).
 * For each: the server process's CPU (user + system, /proc) per answer, in ms, and the ratios.
 * BENCH_REQUESTS (per row and round, default 4000), BENCH_ROUNDS (default 5), BENCH_DIST (another
 * build, e.g. an older commit's dist/). The machines are noisy: compare within a round; the
 * medians of the rounds are printed last.
 */
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { startBuiltSite } from "./lib/builtSite.mjs";
import { freePort } from "./lib/freePort.mjs";
import { cpuSeconds } from "./lib/processCpu.mjs";

const requests = Number(process.env.BENCH_REQUESTS ?? 4000);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const METRICS_TOKEN = "a-metrics-token-for-the-bench";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const REPORT = JSON.stringify({
  page: "index",
  region: "uk",
  device: "mobile",
  nav: "navigate",
  metrics: { LCP: 1.234, INP: 0.056, CLS: 0.0123, FCP: 0.8, TTFB: 0.21 },
});

/** The bare server: the same bound, the same parse, a 204; nothing else. */
const BARE = `
const http = require("node:http");
const MAX = 2048;
http.createServer((req, res) => {
  const chunks = [];
  let size = 0;
  req.on("data", (chunk) => { size += chunk.length; if (size <= MAX) chunks.push(chunk); });
  req.on("end", () => {
    let status = 204;
    if (size > MAX) status = 413;
    else try { JSON.parse(Buffer.concat(chunks).toString("utf8")); } catch { status = 400; }
    res.writeHead(status, { "Cache-Control": "no-store" });
    res.end();
  });
}).listen(Number(process.argv[1]), "127.0.0.1", () => process.stdout.write("ready\\n"));
`;

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", BARE, String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

/** `amount` requests; the server's CPU ms per answer with `expected` status, and the statuses seen. */
function measure(pid, options, expected, amount = requests) {
  return new Promise((resolve, reject) => {
    const statuses = {};
    const before = cpuSeconds(pid);
    const instance = autocannon({ connections: 8, amount, ...options }, (err) => {
      if (err) return reject(err);
      // The last answers' work (a log line's batch, a socket's close) inside the window.
      setTimeout(() => {
        const cpu = cpuSeconds(pid) - before;
        resolve({ ms: (cpu * 1000) / Math.max(1, statuses[expected] ?? 0), statuses });
      }, 300);
    });
    instance.on("response", (_client, status) => (statuses[status] = (statuses[status] ?? 0) + 1));
  });
}

/** A fresh client address per report: 10.a.b.c, never the same twice in a run. */
let clients = 0;
const nextClient = () => {
  const n = ++clients;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** Every row's requests built alike (the load generator shares the machine): each with a fresh X-Forwarded-For. */
const withClient = (req) => ({ ...req, headers: { ...req.headers, "x-forwarded-for": nextClient() } });

const rows = {
  hit: (site) => [
    site.pid,
    { url: `${site.url}/`, headers: { "accept-encoding": "br" }, requests: [{ setupRequest: withClient }] },
    200,
  ],
  report: (site) => [
    site.pid,
    {
      url: `${site.url}/api/vitals`,
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", origin: site.url },
      body: REPORT,
      requests: [{ setupRequest: withClient }],
    },
    204,
  ],
  bare: (_site, bare) => [
    bare.pid,
    {
      url: `${bare.url}/api/vitals`,
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", origin: bare.url },
      body: REPORT,
      requests: [{ setupRequest: withClient }],
    },
    204,
  ],
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(3)} ms`;

const site = await startBuiltSite({
  name: "vitals",
  dist: process.env.BENCH_DIST,
  env: { TRUST_PROXY: "1", METRICS_TOKEN },
});
const bare = await startBare();
try {
  // The home page in the cache, and every path compiled: a fresh process spends its first seconds compiling.
  for (let i = 0; i < 3; i++) await (await fetch(`${site.url}/`)).arrayBuffer();
  for (const row of Object.keys(rows)) await measure(...rows[row](site, bare), 1500);
  console.log(`${requests} requests per row and round, 8 connections, ${rounds} rounds; server CPU per answer`);
  const results = { hit: [], report: [], bare: [] };
  for (let round = 0; round < rounds; round++) {
    // Alternate the order, so no row always meets another's leftovers.
    const order = round % 2 ? ["bare", "report", "hit"] : ["hit", "report", "bare"];
    const line = {};
    for (const row of order) {
      line[row] = await measure(...rows[row](site, bare));
      await sleep(200);
    }
    for (const row of Object.keys(results)) results[row].push(line[row].ms);
    console.log(
      `round ${round + 1}: hit ${ms(line.hit.ms)} | report ${ms(line.report.ms)} ${JSON.stringify(line.report.statuses)} | bare ${ms(line.bare.ms)}` +
        ` | report/hit ${(line.report.ms / line.hit.ms).toFixed(2)}, report/bare ${(line.report.ms / line.bare.ms).toFixed(2)}, hit/bare ${(line.hit.ms / line.bare.ms).toFixed(2)}`,
    );
  }
  const m = Object.fromEntries(Object.entries(results).map(([row, values]) => [row, median(values)]));
  const ratios = (key) => median(results.report.map((r, i) => r / results[key][i])).toFixed(2);
  console.log(
    `medians: hit ${ms(m.hit)} | report ${ms(m.report)} | bare ${ms(m.bare)} | report/hit ${ratios("hit")}, report/bare ${ratios("bare")}, hit/bare ${median(results.hit.map((h, i) => h / results.bare[i])).toFixed(2)} (per-round ratios' medians)`,
  );
  // Every report counted, none refused: the run measured accepted reports.
  const text = await (
    await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const counted = text
    .split("\n")
    .filter((l) => l.startsWith("web_vitals_lcp_seconds_count"))
    .reduce((sum, l) => sum + Number(l.split(" ").pop()), 0);
  const refused = text
    .split("\n")
    .filter((l) => l.startsWith("web_vitals_reports_refused_total"))
    .map((l) => l.replace(/^web_vitals_reports_refused_total/, ""))
    .join(" ");
  console.log(`reports counted (LCP samples): ${counted}; refused: ${refused || "none"}`);
} finally {
  bare.stop();
  await site.stop();
}
