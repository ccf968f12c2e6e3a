/**
 * `npm run bench:relay` (after `npm run build`): the tracking relay's CPU per accepted event, on
 * built servers (production settings, embedded content, the SQLite outbox in a temporary folder,
 * logging on to /dev/null, the delivery worker settling events as not_sent), in one run on
 * loopback so the numbers compare. With BENCH_BASELINE_DIST (another build, e.g. an older
 * commit's dist/) both builds are measured in turn, round after round, and the ratio of each round
 * is printed. The events:
 *   click    a landing page's first event: an fbclid, no fbp, no cookies;
 *   later    a later event: fbp and the same fbclid in the body, the `_fbc`/`_fbp` cookies sent;
 *   cookies  an event with nothing in the body but the page, the cookies sent;
 *   gpc      the click with `Sec-GPC: 1` (where the build honours it, dropped with a 202).
 * For each: the server's CPU (user + system, /proc) per 2xx answer, in µs, of the whole process
 * and of its main thread alone (the requests, the outbox writes and the worker all run there; the
 * process adds V8's garbage-collection helpers and libuv's pool, the noisier part on a shared
 * machine), counted until 2.5 s after the last answer, so the worker's settling of those events
 * (it polls every second) falls in the same window rather than in the next row's.
 * BENCH_EVENTS (per row and build, default 3000), BENCH_ROUNDS (default 3), BENCH_ONLY (rows).
 * The machines are noisy: compare within a round.
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { startBuiltSite } from "./lib/builtSite.mjs";
import { execFileSync } from "node:child_process";
import { cpuSeconds } from "./lib/processCpu.mjs";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const events = Number(process.env.BENCH_EVENTS ?? 3000);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const CLICK = "IwAR2xYz_AbC-dEf";
const SETTLE_MS = 2_500;
const COOKIES = `_fbc=fb.1.1700000000000.${CLICK}; _fbp=fb.1.1700000000000.123456789`;

async function startSite(name, dist) {
  const env = { TRACKING_RATE_LIMIT: "100000", OUTBOX_MAX_EVENTS: "10000000" };
  return { ...(await startBuiltSite({ name: `relay-${name}`, dist, env })), name };
}

const page = (url, query = "") => ({ page_url: `${url}/gallery${query}`, page_title: "Gallery" });
const rows = {
  click: (url) => ({
    body: { event_name: "PageView", region: "uk", fbclid: CLICK, custom_data: page(url, `?fbclid=${CLICK}`) },
  }),
  later: (url) => ({
    body: {
      event_name: "PageView",
      region: "uk",
      fbp: "fb.1.1700000000000.123456789",
      fbclid: CLICK,
      custom_data: page(url, `?fbclid=${CLICK}`),
    },
    headers: { cookie: COOKIES },
  }),
  cookies: (url) => ({
    body: { event_name: "PageView", region: "uk", custom_data: page(url) },
    headers: { cookie: COOKIES },
  }),
  gpc: (url) => ({ ...rows.click(url), headers: { "sec-gpc": "1" } }),
};

/** CPU seconds (user + system) of the main thread of `pid` (its thread id is the pid). */
function mainThreadCpuSeconds(pid) {
  const fields = fs
    .readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8")
    .replace(/^.*\) /s, "")
    .split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** `amount` posts of one row; the server's CPU µs per 2xx answer, the whole process and its main thread. */
function measure(site, row, amount = events) {
  const { body, headers = {} } = rows[row](site.url);
  return new Promise((resolve, reject) => {
    let accepted = 0;
    const before = cpuSeconds(site.pid);
    const beforeMain = mainThreadCpuSeconds(site.pid);
    const instance = autocannon(
      {
        url: `${site.url}/api/meta-capi`,
        method: "POST",
        connections: 8,
        amount,
        headers: {
          "content-type": "application/json",
          origin: site.url,
          "user-agent": "Mozilla/5.0 (bench)",
          ...headers,
        },
        body: JSON.stringify(body),
      },
      (err) => {
        if (err) return reject(err);
        setTimeout(() => {
          const cpu = cpuSeconds(site.pid) - before;
          const main = mainThreadCpuSeconds(site.pid) - beforeMain;
          resolve({
            accepted,
            usPerEvent: (cpu * 1e6) / Math.max(1, accepted),
            mainUsPerEvent: (main * 1e6) / Math.max(1, accepted),
          });
        }, SETTLE_MS);
      },
    );
    instance.on("response", (_client, status) => {
      if (status >= 200 && status < 300) accepted++;
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const builds = [
  ...(process.env.BENCH_BASELINE_DIST ? [["before", path.resolve(process.env.BENCH_BASELINE_DIST)]] : []),
  ["after", path.join(root, "dist")],
];
const sites = [];
try {
  for (const [name, dist] of builds) sites.push(await startSite(name, dist));
  // Warm-up: a fresh process spends its first seconds compiling.
  for (const site of sites) for (const row of Object.keys(rows)) await measure(site, row, 1000);
  console.log(`POST /api/meta-capi, ${events} events per row and build, 8 connections, ${rounds} rounds`);
  const results = {};
  for (let round = 0; round < rounds; round++) {
    for (const row of Object.keys(rows)) {
      if (only && !only.includes(row)) continue;
      // Alternate which build goes first, so neither always meets the other's leftovers.
      const order = round % 2 ? [...sites].reverse() : sites;
      const line = {};
      for (const site of order) {
        line[site.name] = await measure(site, row);
      }
      results[row] ??= [];
      results[row].push(line);
      const cells = sites.map(
        (s) =>
          `${s.name} ${line[s.name].usPerEvent.toFixed(0)} µs, main thread ${line[s.name].mainUsPerEvent.toFixed(0)} µs (${line[s.name].accepted} 2xx)`,
      );
      const ratio = line.before
        ? ` after/before ${(line.after.usPerEvent / line.before.usPerEvent).toFixed(2)}, main thread ${(line.after.mainUsPerEvent / line.before.mainUsPerEvent).toFixed(2)}`
        : "";
      console.log(`round ${round + 1} ${row.padEnd(8)} ${cells.join(" | ")}${ratio}`);
    }
  }
  console.log("medians of the rounds:");
  for (const [row, lines] of Object.entries(results)) {
    const cells = sites.map(
      (s) =>
        `${s.name} ${median(lines.map((l) => l[s.name].usPerEvent)).toFixed(0)} µs, main thread ${median(lines.map((l) => l[s.name].mainUsPerEvent)).toFixed(0)} µs`,
    );
    const ratio = lines[0].before
      ? ` after/before ${median(lines.map((l) => l.after.usPerEvent / l.before.usPerEvent)).toFixed(2)}, main thread ${median(lines.map((l) => l.after.mainUsPerEvent / l.before.mainUsPerEvent)).toFixed(2)}`
      : "";
    console.log(`  ${row.padEnd(8)} ${cells.join(" | ")}${ratio}`);
  }
} finally {
  await Promise.all(sites.map((site) => site.stop()));
}
