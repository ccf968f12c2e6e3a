/**
 * `npm run bench:strangers` (after `npm run build`): what a stranger's cheap requests cost the
 * visitors of a cached page, on the built server (production settings, embedded content,
 * logging on to /dev/null), in one run on loopback so the numbers compare:
 *   quiet     8 connections of visitors on a cached page, nothing else (and again just before
 *             each attack, to compare with the machine's load of the moment);
 *   tokens    the same while 8 more connections send made-up preview cookies
 *             (`{"embedded.prismic.io":{"preview":"<random>"}}`, a fresh token per request);
 *   token-again  the same with one made-up token repeated (refused once, then remembered);
 *   webhook   the same while 8 more connections post a 6 KB gzip body that inflates to ~4 MB of
 *             JSON to the publish webhook, without the secret;
 *   junk      the same while 8 more connections ask for a fresh junk URL per request (404 renders);
 *   request-flood   the same while 8 more connections post garbage to a request form
 *             (docs/requests.md) with the site's Origin: past the per-client rate, 429 unread;
 *   request-cross   the same, from another site's Origin: 403 unread.
 *   request-many    garbage posts again, each from an address of its own (X-Forwarded-For, the
 *             server behind a proxy as deployed): no client's rate is ever reached, so each is
 *             read, checked and answered with the form's 400 page (nginx's global zone is the bound).
 * `quiet` prints the server's CPU per cached hit, the yardstick of every attack's cost.
 * For each: the visitors' requests per second and p99, the attackers' statuses, the server's CPU
 * per attacking request and its peak resident memory. BENCH_SECONDS (default 8); BENCH_ONLY (names,
 * comma-separated); BENCH_DIST (another build to measure, e.g. an older commit's dist/).
 * The machines are noisy: compare within a run.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { startBuiltSite } from "./lib/builtSite.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const PAGE = process.env.BENCH_PATH ?? "/gallery";
const SECRET = "a-webhook-secret-of-some-length";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** user+system CPU seconds of a process, and its resident memory now and at peak (MiB), from /proc. */
function usageOf(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = Number(stat[11]) + Number(stat[12]);
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const mib = (field) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) / 1024);
  return { cpu: ticks / 100, rss: mib("VmRSS"), peak: mib("VmHWM") };
}

// Made-up preview cookies cost something only where previews are served (a hosted repository, or
// embedded content with EMBEDDED_PREVIEWS=on): measured there.
function startSite() {
  return startBuiltSite({
    name: "strangers",
    dist: process.env.BENCH_DIST,
    // Behind a proxy as deployed (TRUST_PROXY=1): the visitors, without X-Forwarded-For, are one client.
    env: { PRISMIC_WEBHOOK_SECRET: SECRET, EMBEDDED_PREVIEWS: "on", TRUST_PROXY: "1" },
  });
}

function run(options) {
  return new Promise((resolve, reject) => {
    const statuses = {};
    const instance = autocannon({ connections: 8, duration: seconds, ...options }, (err, result) =>
      err ? reject(err) : resolve({ result, statuses }),
    );
    instance.on("response", (_client, status) => (statuses[status] = (statuses[status] ?? 0) + 1));
  });
}

const bomb = zlib.gzipSync(
  JSON.stringify({ type: "api-update", documents: Array.from({ length: 210_000 }, () => "Z000000000000000") }),
  { level: 9 },
);

/** Garbage posted to a request form from the site's own Origin: from one client, or each post from an address of its own. */
const garbagePosts = (url, { manyAddresses }) => ({
  url: `${url}/requests/quote`,
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
  requests: [
    {
      setupRequest: (req) => ({
        ...req,
        ...(manyAddresses ? { headers: { ...req.headers, "x-forwarded-for": `10.${randomBytes(3).join(".")}` } } : {}),
        body: `name=${randomBytes(12).toString("hex")}&email=x&budget=${randomBytes(40).toString("hex")}`,
      }),
    },
  ],
});

const attacks = {
  quiet: null,
  tokens: (url) => ({
    url: url + PAGE,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: {
            ...req.headers,
            cookie: `io.prismic.preview=${encodeURIComponent(JSON.stringify({ "embedded.prismic.io": { preview: `t${randomBytes(8).toString("hex")}` } }))}`,
          },
        }),
      },
    ],
  }),
  // One made-up token again and again: refused once, then the cached page the long way (its response clears the cookie).
  "token-again": (url) => ({
    url: url + PAGE,
    headers: {
      cookie: `io.prismic.preview=${encodeURIComponent(JSON.stringify({ "embedded.prismic.io": { preview: "t-the-same-made-up-token" } }))}`,
    },
  }),
  webhook: (url) => ({
    url: `${url}/api/prismic-webhook`,
    method: "POST",
    headers: { "content-type": "application/json", "content-encoding": "gzip" },
    body: bomb,
  }),
  "request-flood": (url) => garbagePosts(url, { manyAddresses: false }),
  "request-many": (url) => garbagePosts(url, { manyAddresses: true }),
  "request-cross": (url) => ({
    url: `${url}/requests/quote`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://elsewhere.example" },
    body: "name=x&email=y",
  }),
  junk: (url) => ({
    url,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/junk-${randomBytes(6).toString("hex")}` }) }],
  }),
};

/** An attack in a process of its own, so the load generators do not share one thread: resolves with its result. */
function runApart(name, url, duration) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--attack", name, url, String(duration)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the ${name} attack exited with ${code}`)),
    );
  });
}

if (process.argv[2] === "--attack") {
  const [, , , name, url, duration] = process.argv;
  const { result, statuses } = await run({ ...attacks[name](url), duration: Number(duration) });
  process.stdout.write(
    JSON.stringify({
      result: { requests: { average: result.requests.average, total: result.requests.total } },
      statuses,
    }),
  );
  process.exit(0);
}

const only = process.env.BENCH_ONLY?.split(",");
const site = await startSite();
try {
  // The page in the cache first.
  for (let i = 0; i < 3; i++) await (await fetch(site.url + PAGE)).arrayBuffer();
  console.log(`${PAGE} on the built server, ${seconds} s each, 8 visitor connections; gzip body ${bomb.length} bytes`);
  for (const [name, attack] of Object.entries(attacks)) {
    if (only && !only.includes(name)) continue;
    // The attack alone first: the server's CPU per attacking request.
    let alone = "";
    if (!attack) {
      const start = usageOf(site.pid);
      const solo = await run({
        url: site.url + PAGE,
        headers: { "accept-encoding": "br" },
        duration: Math.max(2, Math.round(seconds / 2)),
      });
      const end = usageOf(site.pid);
      alone = `a cached hit alone: server CPU ${(((end.cpu - start.cpu) * 1000) / Math.max(1, solo.result.requests.total)).toFixed(2)} ms per request`;
      await sleep(1000);
    }
    if (attack) {
      const start = usageOf(site.pid);
      const solo = await runApart(name, site.url, Math.max(2, Math.round(seconds / 2)));
      const end = usageOf(site.pid);
      alone = `alone: ${Math.round(solo.result.requests.average)} req/s ${JSON.stringify(solo.statuses)}, server CPU ${(((end.cpu - start.cpu) * 1000) / Math.max(1, solo.result.requests.total)).toFixed(2)} ms per request`;
      await sleep(1000);
    }
    // The visitors alone just before, so each attack compares with the machine's load of the moment.
    const quiet = attack ? await run({ url: site.url + PAGE, headers: { "accept-encoding": "br" } }) : null;
    if (quiet) await sleep(500);
    const [visitors, attackers] = await Promise.all([
      run({ url: site.url + PAGE, headers: { "accept-encoding": "br" } }),
      attack ? runApart(name, site.url, seconds) : Promise.resolve(null),
    ]);
    const after = usageOf(site.pid);
    console.log(
      [
        name.padEnd(8),
        quiet
          ? `visitors before ${Math.round(quiet.result.requests.average)} req/s p99 ${quiet.result.latency.p99} ms`
          : "",
        `visitors ${quiet ? "during " : ""}${Math.round(visitors.result.requests.average)} req/s p99 ${visitors.result.latency.p99} ms ${JSON.stringify(visitors.statuses)}`,
        attackers
          ? `attackers ${Math.round(attackers.result.requests.average)} req/s ${JSON.stringify(attackers.statuses)}`
          : "",
        alone,
        `RSS ${after.rss} MiB, peak ${after.peak} MiB`,
      ]
        .filter(Boolean)
        .join(" | "),
    );
    await sleep(1000);
  }
} finally {
  await site.stop();
}
