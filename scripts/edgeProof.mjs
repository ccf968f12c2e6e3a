/**
 * `npm run bench:edge` (after `npm run build`): the proof that purge-by-document works with two
 * instances behind the deploy's edge (docs/capacity.md, "Publishes behind a purgeable edge";
 * docs/decisions/029-a-purgeable-edge-varnish-with-xkey.md). Two built instances in hosted mode
 * against the Prismic stand-in over HTTP (a publish is a new master ref), Varnish with the deploy's
 * VCL in front of both, nginx with the deploy's config in front of Varnish, as compose runs them:
 *
 * 1. origin requests a minute at steady state, today's headers (nginx straight to the instances,
 *    EDGE_PURGER unset) and with Varnish and its purger (EDGE_PURGER=varnish), the same URL mix;
 * 2. an article published (webhook on one instance): time to fresh through nginx of the article,
 *    the blog list and the sitemap, and what else was purged;
 * 3. the menu published: every page purged, time to fresh;
 * 4. purges failing for BENCH_FAIL_SECONDS: the short lifetime, the alert's metric, fresh after;
 * 5. the race: the webhook on instance A, the edge's refetch answered by instance B.
 *
 * Settings: BENCH_SECONDS (60) measured per edge after BENCH_WARM_SECONDS (20) of warm-up,
 * BENCH_RATE (50 requests a second), BENCH_FAIL_SECONDS (300: past the alert's 5 minutes).
 * Prints a table; writes .cache/edge-proof-report.json.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { findCommand } from "./lib/systemTools.mjs";
import { openLoad, urlMix } from "./edgeProof/mix.mjs";
import { failingPurges, publishArticle, publishMenu, race } from "./edgeProof/phases.mjs";
import { WEBHOOK_SECRET } from "./edgeProof/publishes.mjs";
import { backendLog, purgeGate, visitorRequests } from "./edgeProof/watch.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const FAIL_SECONDS = Number(process.env.BENCH_FAIL_SECONDS ?? 300);
const METRICS_TOKEN = "edge-proof-metrics-token-0123";

// The test harness's TypeScript, bundled two folders below the root as test/support/ sits.
const outfile = path.join(ROOT, ".cache", "bench", "edgeProofRig.cjs");
await build({
  entryPoints: [path.join(ROOT, "scripts", "edgeProof", "rig.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "cjs",
  packages: "external",
  loader: { ".json": "json" },
  logLevel: "error",
  // The .mjs helpers find their files from their own URL: the bundle's, at the same depth.
  define: { "import.meta.url": "__bundleUrl" },
  banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
});
const rig = createRequire(import.meta.url)(outfile);
const say = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The two instances' visitors' requests, summed. */
const originCount = async (instances) =>
  (await Promise.all(instances.map((i) => visitorRequests(i.url, METRICS_TOKEN)))).reduce((a, b) => a + b, 0);

/** Every fixed URL of the mix once, then the mix for the warm-up, then the measured minute. */
async function steadyState(label, nginxUrl, instances, mix) {
  for (const entry of mix)
    if (typeof entry.path === "string") await fetch(nginxUrl + entry.path).then((r) => r.arrayBuffer());
  await openLoad(nginxUrl, mix, { ratePerSecond: RATE, seconds: WARM_SECONDS }).result;
  const before = await originCount(instances);
  const load = await openLoad(nginxUrl, mix, { ratePerSecond: RATE, seconds: SECONDS }).result;
  const origin = (await originCount(instances)) - before;
  const row = { label, sent: load.sent, failed: load.failed, statuses: load.statuses, nginx: load.cache, origin };
  row.originPerMinute = Math.round((origin / SECONDS) * 60);
  say(`${label}: ${load.sent} requests in ${SECONDS} s, ${origin} reached the instances (${row.originPerMinute}/min)`);
  return row;
}

function instancesFor(ports, standIn, env) {
  return ports.map((port, n) =>
    rig.createInstance(
      {
        PRISMIC_REPOSITORY: "edge-proof",
        PRISMIC_LOOPBACK_ORIGIN: standIn.origin,
        PRISMIC_WEBHOOK_SECRET: WEBHOOK_SECRET,
        METRICS_TOKEN,
        // nginx sets the one X-Forwarded-For entry the app takes (compose.yaml's TRUST_PROXY).
        TRUST_PROXY: "1",
        CONTENT_REF_TTL_MS: "5000",
        SHUTDOWN_DELAY_MS: "0",
        MEDIA_WARM: "off",
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `edge-proof-data-${n}-`)),
        ...env,
      },
      port,
    ),
  );
}

const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadAverageAtStart: os.loadavg() },
  settings: { seconds: SECONDS, warmSeconds: WARM_SECONDS, rate: RATE, failSeconds: FAIL_SECONDS },
};
const cleanups = [];
const standIn = await rig.startPrismicHttpStandIn();
cleanups.push(() => standIn.close());
try {
  const documents = rig.loadDocuments(path.join(ROOT, "content"));
  const ports = await rig.instancePorts(2);

  // 1a. Today's headers: nginx straight to the instances, which send s-maxage=5.
  let instances = instancesFor(ports, standIn, {});
  await Promise.all(instances.map((i) => i.start()));
  const mix = await urlMix(instances[0].url);
  const kinds = {};
  for (const entry of mix) kinds[entry.kind] = (kinds[entry.kind] ?? 0) + 1;
  report.mix = { entries: mix.length, kinds };
  say(`mix: ${mix.length} URLs (${JSON.stringify(report.mix.kinds)}), ${RATE} req/s`);
  let nginx = await rig.startNginx({
    upstreams: instances.map((i) => `127.0.0.1:${i.port}`),
    offlinePage: "offline",
    realIpFrom: "127.0.0.1",
  });
  report.today = await steadyState("today's headers (nginx → instances)", nginx.url, instances, mix);
  await nginx.stop();
  await Promise.all(instances.map((i) => i.stop()));

  // 1b. Varnish between nginx and the instances, purged through a gate the bench can shut (4).
  const varnish = await rig.startVarnish(ports, { memory: "256m" }); // compose.yaml's VARNISH_SIZE
  cleanups.unshift(() => varnish.stop());
  const gate = await purgeGate(varnish.purgePort);
  cleanups.unshift(() => gate.close());
  instances = instancesFor(ports, standIn, {
    EDGE_PURGER: "varnish",
    EDGE_KEYS_HEADER: "Surrogate-Key",
    EDGE_PURGE_URLS: gate.url,
    EDGE_PURGE_TOKEN: rig.VARNISH_TOKEN,
  });
  await Promise.all(instances.map((i) => i.start()));
  cleanups.unshift(() => Promise.all(instances.map((i) => i.stop())));
  nginx = await rig.startNginx({
    upstreams: [`127.0.0.1:${varnish.httpPort}`],
    offlinePage: "offline",
    realIpFrom: "127.0.0.1",
  });
  cleanups.unshift(() => nginx.stop());
  // Varnish's probes (2 of 3 within a second each) before any load.
  for (let i = 0; i < 100 && (varnish.admin("backend.list").match(/\bhealthy\b/gi) ?? []).length < 2; i++)
    await sleep(200);
  const log = backendLog(findCommand("varnishncsa"), varnish.workdir);
  cleanups.unshift(() => log.stop());
  report.varnish = await steadyState("Varnish + purger (nginx → Varnish → instances)", nginx.url, instances, mix);

  const ctx = { rig, standIn, documents, instances, varnish, gate, log, nginx, mix, say, sleep, METRICS_TOKEN };
  // 2 and 3 under the same load, as a publish lands on a live site.
  const load = openLoad(nginx.url, mix, { ratePerSecond: RATE, seconds: 3600 });
  try {
    report.article = await publishArticle(ctx);
    report.menu = await publishMenu(ctx);
    report.failing = await failingPurges(ctx, FAIL_SECONDS);
  } finally {
    load.stop();
    await load.result;
  }
  report.race = await race(ctx);
  report.machine.loadAverageAtEnd = os.loadavg();
} finally {
  for (const cleanup of cleanups) await Promise.resolve(cleanup()).catch(() => {});
}

fs.mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
fs.writeFileSync(path.join(ROOT, ".cache/edge-proof-report.json"), `${JSON.stringify(report, null, 2)}\n`);
const ms = (v) => (v === null || v === undefined ? "not fresh" : `${(v / 1000).toFixed(1)} s`);
const rows = [
  ["origin requests/min, today's headers", report.today.originPerMinute],
  ["origin requests/min, Varnish + purger", report.varnish.originPerMinute],
  [
    "article: fresh through nginx (page / blog list / sitemap)",
    `${ms(report.article.fresh.page)} / ${ms(report.article.fresh.list)} / ${ms(report.article.fresh.sitemap)}`,
  ],
  [
    "article: objects purged (xkey) / pages of the mix with the article",
    `${report.article.objectsPurged} / ${report.article.pagesWithTheArticle.length}`,
  ],
  [
    "article: other pages purged (by t-article) / independent refetched",
    `${report.article.otherPagesReachedByTheTypeKey.length} / ${report.article.independentRefetched.length} of ${report.article.independentChecked}`,
  ],
  [
    "menu: objects purged (of objects in Varnish) / fresh (slowest of 3)",
    `${report.menu.objectsPurged} (of ${report.menu.objectsInVarnishBefore}) / ${ms(report.menu.freshSlowest)}`,
  ],
  ["failing purges: A's page header meanwhile", report.failing.headerMeanwhile],
  [
    "failing purges: max site_edge_purge_failing_seconds (alert > 300)",
    `${report.failing.maxFailingSeconds} (${report.failing.alertWouldFire ? "fires" : "does not fire"})`,
  ],
  ["failing purges: fresh after the gate reopens", ms(report.failing.freshAfterReopen)],
  ["race: B's Cache-Control for the article", report.race.bCacheControl ?? "B not asked"],
  ["race: edge fresh (through nginx) after", ms(report.race.fresh)],
];
console.log(
  `\nmachine: ${os.cpus().length} cores, shared (load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")})`,
);
for (const [what, value] of rows) console.log(`${what.padEnd(70)} ${value}`);
