/**
 * Load test: N concurrent connections for S seconds against a mix of the site's own URLs
 * (scripts/loadTestMix.mjs). Passes only with zero errors, zero timeouts and every answer the
 * status its URL should have (the deliberate 404s and the en-US redirect of `/` are expected);
 * reports requests/s, p50/p97.5/p99 latency and the server's memory (RSS).
 *
 * `npm run loadtest` (after `npm run build`): 200 connections, 60 s. LOADTEST_CONNECTIONS,
 * LOADTEST_SECONDS and LOADTEST_URL (an already running site; no RSS then) change that.
 * test/loadTest.test.ts runs the same code for a few seconds in CI.
 *
 * The built server runs as in production: NODE_ENV=production, embedded content, page cache at
 * its default size, request logging at info (its output is scanned for error lines). Each URL
 * is requested once before the measurement, so what is measured is the steady state of a warm
 * instance, not the first renders after a deploy.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { describeMix, discoverVisitorMix } from "./loadTestMix.mjs";
import { freePort } from "./lib/freePort.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Resident and peak resident memory of a process, in MiB (Linux /proc; null elsewhere). */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return { rss: Math.round(kib("VmRSS") / 1024), peak: Math.round(kib("VmHWM") / 1024) };
  } catch {
    return null;
  }
}

/**
 * A copy of dist/ that the run owns: a build started meanwhile (build.mjs first deletes dist/)
 * must not take the assets from under the server. Inside the project, so that the server
 * bundle still finds node_modules. Waits for a build in progress to finish writing.
 */
async function snapshotBuild(root) {
  const dist = path.join(root, "dist");
  const deadline = Date.now() + 30_000;
  while (
    !["client/manifest.json", "server/index.js", "server/server.js", "server/prismic-stand-in.js"].every((f) =>
      fs.existsSync(path.join(dist, f)),
    )
  ) {
    if (Date.now() > deadline) throw new Error(`no complete build in ${dist}: run \`npm run build\` first`);
    await new Promise((r) => setTimeout(r, 200));
  }
  fs.mkdirSync(path.join(root, ".cache"), { recursive: true });
  const copy = fs.mkdtempSync(path.join(root, ".cache", "loadtest-build-"));
  fs.cpSync(dist, copy, { recursive: true });
  return copy;
}

/** "msg: error (GET /url)" of a pino JSON line. */
function briefLogLine(line) {
  try {
    const { msg, err, req } = JSON.parse(line);
    return `${msg}${err?.message ? `: ${err.message}` : ""}${req ? ` (${req.method} ${req.url})` : ""}`;
  } catch {
    return line.slice(0, 300);
  }
}

/** Starts the built server (a copy of dist/) on a free loopback port, configured as production. */
async function startBuiltSite(root) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const buildDir = await snapshotBuild(root);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loadtest-data-"));
  // Only what production would have: no test settings, page cache and content left at their defaults.
  const {
    PAGE_CACHE_BYTES: _cache,
    PRISMIC_REPOSITORY: _repo,
    PRISMIC_ACCESS_TOKEN: _token,
    CONTENT_DIR: _dir,
    ...env
  } = process.env;
  const child = spawn(process.execPath, [path.join(buildDir, "server/index.js")], {
    cwd: root,
    // SHUTDOWN_DELAY_MS=0: no load balancer has to see this instance drain before it stops.
    // RENDER_BUDGET_PER_MINUTE=0: one address stands for all the visitors (/_data and 404s are renders).
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      LOG_LEVEL: "info",
      BUILD_DIR: buildDir,
      DATA_DIR: dataDir,
      SHUTDOWN_DELAY_MS: "0",
      RENDER_BUDGET_PER_MINUTE: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Scan the log as it comes (one line per request): keep only error lines (pino level ≥ 50).
  const errorLog = { count: 0, samples: [] };
  let stderr = "";
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    if (!/"level":(5|6)0\b/.test(line)) return;
    errorLog.count++;
    if (errorLog.samples.length < 3) errorLog.samples.push(briefLogLine(line));
  });
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));

  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        for (const dir of [dataDir, buildDir]) fs.rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      child.once("close", done); // after its output is read to the end
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become ready within 15 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid, errorLog, stop };
}

/** One request of each URL (four at a time), checking it answers what the mix expects. */
async function warm(origin, mix) {
  const queue = [...mix];
  const worker = async () => {
    for (let request = queue.shift(); request; request = queue.shift()) {
      const res = await fetch(origin + request.path, { headers: request.headers, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== request.expect)
        throw new Error(`warm-up: GET ${request.path} answered ${res.status}, expected ${request.expect}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  // The page cache stores a page just after sending it (compression off the request path).
  await new Promise((r) => setTimeout(r, 500));
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
}

/** autocannon with every request drawn at random from the mix by weight; tallies statuses per request. */
function drive(origin, mix, connections, durationSeconds) {
  const total = mix.reduce((sum, r) => sum + r.weight, 0);
  const pick = () => {
    let x = Math.random() * total;
    for (const request of mix) {
      x -= request.weight;
      if (x < 0) return request;
    }
    return mix.at(-1);
  };
  const unexpected = new Map();
  const byKind = new Map(); // kind → latencies (ms)
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections,
        duration: durationSeconds,
        timeout: 10,
        requests: [
          {
            // The context is per connection and one request is in flight per connection, so it
            // tells onResponse which URL the answer belongs to.
            setupRequest: (req, context) => {
              const request = pick();
              context.request = request;
              context.sentAt = performance.now();
              return { ...req, method: "GET", path: request.path, headers: request.headers };
            },
            onResponse: (status, _body, context) => {
              const { request, sentAt } = context;
              if (!request) return;
              if (!byKind.has(request.kind)) byKind.set(request.kind, []);
              byKind.get(request.kind).push(performance.now() - sentAt);
              if (status !== request.expect) {
                const key = `GET ${request.path} → ${status} (expected ${request.expect})`;
                unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
              }
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, unexpected, byKind })),
    );
  });
}

/**
 * Runs the load test and resolves with its report; `report.ok` is false on any error, timeout,
 * unexpected status or server error log line. Without `url`, starts the built server itself.
 */
export async function runLoadTest({ url, connections = 200, durationSeconds = 60, mediaSample, root = ROOT } = {}) {
  const site = url ? null : await startBuiltSite(root);
  const origin = url ?? site.url;
  let report;
  let windowErrors = 0;
  try {
    const memoryAtStart = site && memoryOf(site.pid);
    const startedAt = performance.now();
    const mix = await discoverVisitorMix(origin, { mediaSample });
    await warm(origin, mix);
    const preparationSeconds = Math.round((performance.now() - startedAt) / 100) / 10;
    const memoryBefore = site && memoryOf(site.pid);
    const { result, unexpected, byKind } = await drive(origin, mix, connections, durationSeconds);
    // Read before anything else is awaited: what the server logs from here on is about the
    // requests autocannon cut when it stopped, not about the load.
    const memoryAfter = site && memoryOf(site.pid);
    windowErrors = site ? site.errorLog.count : 0;
    const windowErrorSamples = site ? site.errorLog.samples.splice(0) : [];

    const unexpectedCount = [...unexpected.values()].reduce((a, b) => a + b, 0);
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    );
    const kinds = Object.fromEntries(
      [...byKind].map(([kind, times]) => {
        const sorted = times.sort((a, b) => a - b);
        return [
          kind,
          { requests: sorted.length, p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)) },
        ];
      }),
    );
    report = {
      ok:
        result.errors === 0 &&
        result.timeouts === 0 &&
        unexpectedCount === 0 &&
        windowErrors === 0 &&
        result.requests.total > 0,
      connections,
      durationSeconds: result.duration,
      mix: describeMix(mix),
      preparationSeconds,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      latency: {
        p50: result.latency.p50,
        p97_5: result.latency.p97_5,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      unexpected: unexpectedCount,
      unexpectedSamples: Object.fromEntries([...unexpected].slice(0, 10)),
      statuses,
      kinds,
      serverErrors: windowErrors,
      serverErrorSamples: windowErrorSamples,
      memory: { start: memoryAtStart, before: memoryBefore, after: memoryAfter },
    };
  } finally {
    await site?.stop();
  }
  // Reported, not failed on: autocannon ends by cutting its connections mid-response.
  report.serverErrorsAfterStop = site ? site.errorLog.count - windowErrors : 0;
  report.serverErrorAfterStopSamples = site ? site.errorLog.samples : [];
  report.summary = summaryLine(report);
  return report;
}

function summaryLine(r) {
  const n = (x) => x.toLocaleString("en-GB");
  const expected = Object.entries(r.statuses)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, count]) => `${code} ×${n(count)}`)
    .join(", ");
  const memory = r.memory.before
    ? `; server RSS ${r.memory.before.rss} → ${r.memory.after.rss} MiB (peak ${r.memory.after.peak})`
    : "";
  return (
    `Load test ${r.ok ? "passed" : "FAILED"}: ${r.connections} connections × ${r.durationSeconds} s, ${n(r.requests)} requests (${r.mix}): ` +
    `${n(r.requestsPerSecond)} req/s, p50 ${r.latency.p50} ms, p97.5 ${r.latency.p97_5} ms, p99 ${r.latency.p99} ms; ` +
    `${r.errors} errors, ${r.timeouts} timeouts, ${r.unexpected} unexpected statuses, ${r.serverErrors} server error logs` +
    `${expected ? ` (non-2xx: ${expected})` : ""}${memory}` +
    `${r.serverErrorsAfterStop ? `; ${r.serverErrorsAfterStop} server error logs for the requests cut when the load stopped` : ""}`
  );
}

// `node scripts/loadTest.mjs` (npm run loadtest): prints the report and exits non-zero if it failed.
// No top-level await: the Jest test loads this module with require().
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runLoadTest({
    url: process.env.LOADTEST_URL || undefined,
    connections: Number(process.env.LOADTEST_CONNECTIONS ?? 200),
    durationSeconds: Number(process.env.LOADTEST_SECONDS ?? 60),
  }).then(
    ({ summary, ...details }) => {
      console.log(JSON.stringify(details, null, 2));
      console.log(summary);
      process.exitCode = details.ok ? 0 : 1;
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
