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
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { describeMix, discoverVisitorMix } from "./loadTestMix.mjs";
import { startBuiltSite } from "./lib/builtSite.mjs";

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
  // As production, but for one setting: one address stands for all the visitors (/_data and 404s
  // are renders), so no render budget. The test settings of the caller's environment are left out.
  const site = url
    ? null
    : await startBuiltSite({
        name: "loadtest",
        dist: path.join(root, "dist"),
        errorLines: true,
        env: {
          MEDIA_WARM: "on",
          RENDER_BUDGET_PER_MINUTE: "0",
          PAGE_CACHE_BYTES: undefined,
          PRISMIC_REPOSITORY: undefined,
          PRISMIC_ACCESS_TOKEN: undefined,
          CONTENT_DIR: undefined,
        },
      });
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
