/**
 * The Grafana dashboard (deploy/grafana/site.json) drawn with recorded data, without Grafana
 * (neither Debian nor npm packages it): two instances of the production build under a scripted
 * load (page hits and misses, image transforms past a small queue, tracking events with Meta
 * failing for a while, visitors' Core Web Vitals reports drawn by scripts/ops/fieldReports.mjs
 * and posted in the browser's own format, with a little junk among them), scraped every 2 s by
 * Debian's Prometheus with deploy/prometheus/alerts.yaml loaded. Then every panel's own queries
 * are run against that Prometheus (`query_range`, the dashboard's variables replaced:
 * `$__rate_interval` by 20s, `$instance` by all), drawn in the dashboard's grid (lines for time
 * series, the last value for stats, coloured by the panel's thresholds), with the alerts Prometheus has pending or firing at the end, and Chromium takes the
 * screenshot. What is not Grafana: the drawing. What is real: the series, the queries, the rules.
 *
 * Usage: npm run build, then `node scripts/ops/dashboardShot.mjs [out.png]` (Node 24: run it
 * through npm or node_modules/.bin/node). RECORD_SECONDS (default 240) is the length of the load.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { launchChromium } from "../lib/chromium.mjs";
import { freePort } from "../lib/freePort.mjs";
import { drawReport, postReport } from "./fieldReports.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const out = path.resolve(process.argv[2] ?? "dashboard.png");
const seconds = Number(process.env.RECORD_SECONDS ?? 240);
/** Visitors' Core Web Vitals reports a second, to both instances (scripts/ops/fieldReports.mjs). */
const REPORTS_PER_SECOND = 8;
const TOKEN = "dashboard-shot-token-0123456789";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "dashboard-shot-"));
const children = [];

// Meta's Graph API, up or down as the scenario says.
let metaDown = false;
const graph = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const events = JSON.parse(body || "{}").data?.length ?? 0;
    if (metaDown)
      return res
        .writeHead(503, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "Service temporarily unavailable", code: 2, is_transient: true } }));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ events_received: events }));
  });
});
await new Promise((r) => graph.listen(0, "127.0.0.1", r));

async function startSite() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["dist/server/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: "http://localhost:3000",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      METRICS_TOKEN: TOKEN,
      MEDIA_WARM: "off",
      MEDIA_TRANSFORMS: "1",
      MEDIA_QUEUE: "1",
      MEDIA_CACHE_DIR: path.join(work, `media-${port}`),
      // One outbox file for both instances, as one Firestore would be.
      DATA_DIR: path.join(work, "data"),
      META_PIXEL_ID: "1234567890",
      META_ACCESS_TOKEN: "not-a-real-token",
      META_GRAPH_URL: `http://127.0.0.1:${graph.address().port}`,
      TRACKING_RATE_LIMIT: "100000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  for (
    let i = 0;
    !(await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 150) throw new Error("site did not start");
    await sleep(100);
  }
  return { url, port };
}

const sites = [await startSite(), await startSite()];
const promPort = await freePort();
const prometheusUrl = `http://127.0.0.1:${promPort}`;
fs.writeFileSync(
  path.join(work, "prometheus.yml"),
  `global: { scrape_interval: 2s, evaluation_interval: 2s }
rule_files: [${JSON.stringify(path.join(root, "deploy/prometheus/alerts.yaml"))}]
scrape_configs:
  - job_name: site
    authorization: { credentials: ${TOKEN} }
    static_configs: [{ targets: [${sites.map((s) => `"127.0.0.1:${s.port}"`).join(", ")}] }]
`,
);
const prometheus = spawn(
  "prometheus",
  [
    `--config.file=${path.join(work, "prometheus.yml")}`,
    `--storage.tsdb.path=${path.join(work, "tsdb")}`,
    `--web.listen-address=127.0.0.1:${promPort}`,
  ],
  {
    stdio: ["ignore", "ignore", "pipe"],
  },
);
children.push(prometheus);
let promLog = "";
prometheus.stderr.on("data", (d) => (promLog += d));
for (
  let i = 0;
  !(await fetch(`${prometheusUrl}/-/ready`).then(
    (r) => r.ok,
    () => false,
  ));
  i++
) {
  if (i > 100) throw new Error(`prometheus did not start:\n${promLog}`);
  await sleep(100);
}

// The scripted load: three phases. Calm; then Meta down and a burst of new image sizes; then recovery.
const started = Date.now();
const elapsed = () => (Date.now() - started) / 1000;
const phase = () => (elapsed() < seconds / 3 ? "calm" : elapsed() < (2 * seconds) / 3 ? "trouble" : "recovery");
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const site = () => pick(sites).url;
const pages = [
  "/",
  "/gallery",
  "/gallery/canal-house",
  "/gallery/braybrook-st",
  "/info/blog",
  "/materials/samples",
  "/us",
  "/us/gallery",
];
const media = fs.readdirSync(path.join(root, "content/media")).filter((f) => /\.(jpe?g|png)$/.test(f));
const widths = [640, 828, 1200, 2048];
const formats = ["webp", "avif", "jpg"];
const get = (url, headers = {}) =>
  fetch(url, { headers: { "user-agent": "Mozilla/5.0 (dashboard shot)", "accept-encoding": "br", ...headers } }).then(
    (r) => r.arrayBuffer(),
    () => undefined,
  );
let pageCounter = 0;
const loops = [];
const loop = (fn, pause) =>
  loops.push(
    (async () => {
      while (elapsed() < seconds) {
        await fn();
        await sleep(pause());
      }
    })(),
  );
// Visitors: mostly cached pages; a list page never asked before now and then (a miss).
for (let i = 0; i < 6; i++)
  loop(
    () => get(site() + (Math.random() < 0.04 ? `/gallery?page=${++pageCounter % 40}&utm_source=x` : pick(pages))),
    () => 20,
  );
// A crawler's junk URLs: 404s.
loop(
  () => get(`${site()}/no-such-page-${Math.floor(Math.random() * 1e6)}`),
  () => 400,
);
// Images: a few at a time, many at once during the trouble.
for (let i = 0; i < 6; i++)
  loop(
    () =>
      i < 1 || phase() === "trouble"
        ? get(
            `${site()}/media/${pick(media)}?w=${pick(widths)}&fm=${pick(formats)}&q=${40 + Math.floor(Math.random() * 50)}`,
          )
        : sleep(200),
    () => 50,
  );
// Tracking events.
loop(
  () =>
    fetch(`${site()}/api/meta-capi`, {
      method: "POST",
      headers: {
        origin: "http://localhost:3000",
        "content-type": "application/json",
        "user-agent": "Mozilla/5.0 (dashboard shot)",
      },
      body: JSON.stringify({
        event_name: "PageView",
        region: "uk",
        custom_data: { page_url: "http://localhost:3000/gallery", page_title: "Gallery" },
      }),
    }).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    ),
  () => 100,
);
// Visitors' Core Web Vitals reports, each from its own loopback address as from its own visitor;
// now and then junk: a made-up page type, or a replay without the page's Origin.
const reports = { sent: 0, refused: 0, junk: 0 };
const posts = [];
loop(
  async () => {
    const to = site();
    const visitor = `127.0.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
    if (Math.random() < 0.02) {
      reports.junk++;
      const madeUpPage = Math.random() < 0.5;
      const body = JSON.stringify({ ...drawReport(), ...(madeUpPage ? { page: "wp-login" } : {}) });
      posts.push(postReport(to, body, { origin: madeUpPage ? "http://localhost:3000" : undefined, from: visitor }));
      return;
    }
    const report = drawReport();
    if (!report) return;
    reports.sent++;
    // Not awaited: visitors do not wait for one another.
    posts.push(
      postReport(to, JSON.stringify(report), { origin: "http://localhost:3000", from: visitor }).then((status) => {
        if (status !== 204) reports.refused++;
      }),
    );
  },
  () => -Math.log(1 - Math.random()) * (1000 / REPORTS_PER_SECOND),
);
const switcher = (async () => {
  while (elapsed() < seconds) {
    metaDown = phase() === "trouble";
    await sleep(500);
  }
})();
await Promise.all([...loops, switcher]);
await Promise.all(posts);
metaDown = false;
await sleep(6_000);
const end = Date.now() / 1000;
const start = started / 1000;

// Every panel's queries against the recording.
const dashboard = JSON.parse(fs.readFileSync(path.join(root, "deploy/grafana/site.json"), "utf8"));
const variables = (expr) => expr.replaceAll("$__rate_interval", "20s").replaceAll("$instance", ".*");
async function range(expr) {
  const params = new URLSearchParams({ query: variables(expr), start: String(start), end: String(end), step: "4" });
  const body = await (await fetch(`${prometheusUrl}/api/v1/query_range?${params}`)).json();
  if (body.status !== "success") throw new Error(`${expr}: ${body.error}`);
  return body.data.result;
}
/** ROW=<title's start>: that row's panels alone, moved to the top (docs/operations-dashboard-why.png). */
function rowPanels(all, title) {
  if (!title) return all;
  const at = all.findIndex((p) => p.type === "row" && p.title.startsWith(title));
  if (at < 0) throw new Error(`no row titled ${title}`);
  const next = all.findIndex((p, i) => i > at && p.type === "row");
  const row = all.slice(at, next < 0 ? undefined : next);
  return row.map((p) => ({ ...p, gridPos: { ...p.gridPos, y: p.gridPos.y - row[0].gridPos.y } }));
}
const panels = [];
for (const panel of rowPanels(dashboard.panels, process.env.ROW)) {
  if (panel.type === "row") {
    panels.push({ ...panel, series: [] });
    continue;
  }
  const series = [];
  for (const target of panel.targets) {
    for (const result of await range(target.expr)) {
      const legend =
        target.legendFormat.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => result.metric[name] ?? "") || target.refId;
      series.push({ legend, refId: target.refId, points: result.values.map(([t, v]) => [Number(t), Number(v)]) });
    }
  }
  panels.push({ ...panel, series });
}
const alerts = (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()).data.alerts.map((a) => ({
  name: a.labels.alertname,
  state: a.state,
  severity: a.labels.severity,
  summary: a.annotations.summary,
}));
const stats = await (
  await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent('count({job="site"})')}`)
).json();

for (const child of children) child.kill("SIGTERM");
graph.close();
// A drawn report refused means its body no longer matches what the endpoint accepts from browsers.
if (reports.refused) throw new Error(`${reports.refused} of ${reports.sent} drawn vitals reports were refused`);

// Drawing, in the dashboard's own grid (24 columns, 30 px a row unit).
const COLORS = [
  "#73bf69",
  "#f2cc0c",
  "#8ab8ff",
  "#ff780a",
  "#f2495c",
  "#5794f2",
  "#b877d9",
  "#705da0",
  "#37872d",
  "#fade2a",
  "#ffb357",
  "#96d98d",
  "#ca95e5",
  "#c0d8ff",
  "#fff899",
  "#ff7383",
];
const units = {
  percentunit: (v) => `${(v * 100).toFixed(v < 0.1 ? 2 : 1)}%`,
  s: (v) =>
    v >= 86400
      ? `${(v / 86400).toFixed(1)} d`
      : v >= 3600
        ? `${(v / 3600).toFixed(1)} h`
        : v >= 60
          ? `${(v / 60).toFixed(1)} min`
          : v >= 1
            ? `${v.toFixed(2)} s`
            : `${(v * 1000).toFixed(v < 0.01 ? 2 : 0)} ms`,
  bytes: (v) =>
    v >= 2 ** 30
      ? `${(v / 2 ** 30).toFixed(1)} GiB`
      : v >= 2 ** 20
        ? `${(v / 2 ** 20).toFixed(1)} MiB`
        : v >= 1024
          ? `${(v / 1024).toFixed(0)} KiB`
          : `${v.toFixed(0)} B`,
  reqps: (v) => `${v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v.toFixed(2)} req/s`,
  none: (v) => (Math.abs(v) >= 1000 ? `${(v / 1000).toFixed(1)}k` : Number.isInteger(v) ? String(v) : v.toFixed(2)),
};
const format = (unit, v) => (!Number.isFinite(v) ? "–" : v === 0 ? "0" : (units[unit] ?? units.none)(v));
const escapeHtml = (s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const colorFor = (panel, v) => {
  const steps = panel.fieldConfig?.defaults?.thresholds?.steps ?? [{ color: "green", value: null }];
  let color = steps[0].color;
  for (const step of steps) if (step.value !== null && v >= step.value) color = step.color;
  return { green: "#1a7f37", orange: "#b35c00", red: "#c4162a" }[color] ?? color;
};

/**
 * A bar chart or bar gauge at the recording's end: each series' last value, one bar per legend
 * (a page type and region, or a kind), a bar chart's queries (its phases) stacked in its bar.
 */
function bars(panel, w) {
  const last = (s) => [...s.points].reverse().find(([, v]) => Number.isFinite(v))?.[1] ?? 0;
  const stacks = new Map();
  for (const s of panel.series) {
    if (!stacks.has(s.legend)) stacks.set(s.legend, []);
    stacks.get(s.legend).push({ refId: s.refId, value: last(s) });
  }
  if (!stacks.size) return `<div class="empty">No data</div>`;
  const refs = panel.targets.map((t) => t.refId);
  const rows = [...stacks].sort(
    (a, b) => b[1].reduce((n, x) => n + x.value, 0) - a[1].reduce((n, x) => n + x.value, 0),
  );
  const max = Math.max(...rows.map(([, parts]) => parts.reduce((n, x) => n + x.value, 0)), 1e-9);
  const unit = panel.fieldConfig?.defaults?.unit ?? "none";
  const [label, x0, x1, rowH] = [112, 116, w - 56, 14];
  let svg = `<svg width="${w}" height="${rows.length * rowH + 4}">`;
  rows.forEach(([legend, parts], i) => {
    const y = i * rowH + 2;
    let at = x0;
    svg += `<text x="${label}" y="${y + 10}" class="tick" text-anchor="end">${escapeHtml(legend)}</text>`;
    for (const { refId, value } of parts.sort((a, b) => refs.indexOf(a.refId) - refs.indexOf(b.refId))) {
      const width = (value / max) * (x1 - x0);
      svg += `<rect x="${at}" y="${y}" width="${Math.max(0, width)}" height="${rowH - 3}" fill="${COLORS[(panel.type === "bargauge" ? 2 : refs.indexOf(refId)) % COLORS.length]}"/>`;
      at += width;
    }
    svg += `<text x="${at + 4}" y="${y + 10}" class="tick">${escapeHtml(
      format(
        unit,
        parts.reduce((n, x) => n + x.value, 0),
      ),
    )}</text>`;
  });
  svg += "</svg>";
  const legend =
    panel.type === "barchart"
      ? `<div class="legend">${refs.map((r, i) => `<span><i style="background:${COLORS[i % COLORS.length]}"></i>${escapeHtml(r)}</span>`).join("")}</div>`
      : "";
  return legend + svg;
}

function chart(panel, w, height) {
  // A legend of many series gets the rows it needs (up to five), taken from the chart's height.
  const legendWidth = panel.series.reduce((sum, s) => sum + s.legend.length * 6 + 24, 0);
  const legendRows = Math.min(5, Math.max(2, Math.ceil((legendWidth * 1.15) / (w - 16))));
  const h = height - (legendRows - 2) * 14;
  const points = panel.series.flatMap((s) => s.points.filter(([, v]) => Number.isFinite(v)));
  if (!points.length) return `<div class="empty">No data</div>`;
  const rightRefs = new Set(
    (panel.fieldConfig?.overrides ?? [])
      .filter((o) => o.properties.some((p) => p.id === "custom.axisPlacement"))
      .map((o) => o.matcher.options),
  );
  const unit = panel.fieldConfig?.defaults?.unit ?? "none";
  const axis = (series) => {
    const values = series.flatMap((s) => s.points.map(([, v]) => v).filter(Number.isFinite));
    const thresholds = (panel.fieldConfig?.defaults?.thresholds?.steps ?? [])
      .map((s) => s.value)
      .filter((v) => v !== null);
    let max = Math.max(...values, 0);
    // A threshold within reach is drawn; one far above the data is left out rather than flattening it.
    for (const t of thresholds) if (t <= max * 3) max = Math.max(max, t);
    return { min: Math.min(0, ...values), max: max === 0 ? 1 : max * 1.1 };
  };
  const left = axis(panel.series.filter((s) => !rightRefs.has(s.refId)));
  const right = axis(panel.series.filter((s) => rightRefs.has(s.refId)));
  const [x0, x1, y0, y1] = [56, w - (rightRefs.size ? 56 : 8), 6, h - 18];
  const xAt = (t) => x0 + ((t - start) / (end - start)) * (x1 - x0);
  const yAt = (v, a) => y1 - ((v - a.min) / (a.max - a.min)) * (y1 - y0);
  let svg = `<svg width="${w}" height="${h}">`;
  for (let i = 0; i <= 4; i++) {
    const v = left.min + ((left.max - left.min) * i) / 4;
    svg += `<line x1="${x0}" x2="${x1}" y1="${yAt(v, left)}" y2="${yAt(v, left)}" class="grid"/><text x="${x0 - 4}" y="${yAt(v, left) + 4}" class="tick" text-anchor="end">${escapeHtml(format(unit, v))}</text>`;
    if (rightRefs.size)
      svg += `<text x="${x1 + 4}" y="${yAt(right.min + ((right.max - right.min) * i) / 4, right) + 4}" class="tick">${escapeHtml(format("none", right.min + ((right.max - right.min) * i) / 4))}</text>`;
  }
  for (let m = 0; m <= (end - start) / 60; m++)
    svg += `<text x="${xAt(start + m * 60)}" y="${h - 4}" class="tick" text-anchor="middle">${m} min</text>`;
  for (const step of panel.fieldConfig?.defaults?.thresholds?.steps ?? []) {
    if (step.value === null || step.value > left.max) continue;
    svg += `<line x1="${x0}" x2="${x1}" y1="${yAt(step.value, left)}" y2="${yAt(step.value, left)}" class="threshold" stroke="${colorFor(panel, step.value)}"/>`;
  }
  panel.series.forEach((s, i) => {
    const a = rightRefs.has(s.refId) ? right : left;
    const d = s.points
      .filter(([, v]) => Number.isFinite(v))
      .map(([t, v], j) => `${j ? "L" : "M"}${xAt(t).toFixed(1)},${yAt(v, a).toFixed(1)}`)
      .join("");
    svg += `<path d="${d}" stroke="${COLORS[i % COLORS.length]}" class="line"/>`;
  });
  return `${svg}</svg><div class="legend" style="max-height:${legendRows * 14 + 4}px">${panel.series.map((s, i) => `<span><i style="background:${COLORS[i % COLORS.length]}"></i>${escapeHtml(s.legend)}</span>`).join("")}</div>`;
}

const UNIT_W = 1400 / 24;
const UNIT_H = 30;
const html = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;background:#111217;color:#ccccdc;font:12px Inter,Helvetica,Arial,sans-serif;width:1420px}
header{padding:10px 12px 0}h1{font-size:17px;margin:0 0 4px;color:#fff}header p{margin:0 0 6px;color:#8e8e9e}
.alerts{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0 8px}.alert{padding:3px 8px;border-radius:3px;background:#2d2f36}.alert.firing{background:#8f1628;color:#fff}.alert.pending{background:#6e4b00;color:#fff}
.grid-area{position:relative;margin:0 10px}
.panel{position:absolute;background:#181b1f;border:1px solid #2a2d33;border-radius:3px;box-sizing:border-box;overflow:hidden}
.panel h2{font-size:12.5px;font-weight:500;margin:6px 8px 2px;color:#ddd}
.row{position:absolute;font-size:15px;color:#fff;font-weight:500;padding-top:6px}
.stat{display:flex;align-items:center;justify-content:center;font-size:28px;font-weight:600;color:#fff;border-radius:2px;margin:4px 8px}
svg{display:block}.grid{stroke:#2c2f35}.tick{fill:#8e8e9e;font-size:10px}.line{fill:none;stroke-width:1.5}.threshold{stroke-dasharray:4 3;stroke-width:1}
.legend{display:flex;flex-wrap:wrap;gap:2px 10px;margin:0 8px;font-size:10.5px;max-height:32px;overflow:hidden}.legend i{display:inline-block;width:10px;height:3px;margin-right:4px;vertical-align:middle}
.empty{color:#777;text-align:center;padding-top:40px}
</style></head><body><header><h1>${escapeHtml(dashboard.title)}</h1>
<p>deploy/grafana/site.json's panels and queries over a ${Math.round((end - start) / 60)}-minute recording (2 instances, scraped every 2 s by Prometheus ${escapeHtml("2.42")}; ${stats.data?.result?.[0]?.value?.[1] ?? "?"} series): calm, then Meta down and a burst of new image sizes, then recovery; meanwhile ${reports.sent} visitors' Core Web Vitals reports drawn by scripts/ops/fieldReports.mjs (not measured) and ${reports.junk} junk ones posted to /api/vitals. Drawn by scripts/ops/dashboardShot.mjs, not by Grafana.</p>
<div class="alerts">${alerts.length ? alerts.map((a) => `<span class="alert ${a.state}">${escapeHtml(a.state)}: ${escapeHtml(a.name)} (${escapeHtml(a.severity)}): ${escapeHtml(a.summary)}</span>`).join("") : '<span class="alert">no alert pending or firing at the end</span>'}</div></header>
<div class="grid-area" style="height:${Math.max(...panels.map((p) => p.gridPos.y + p.gridPos.h)) * UNIT_H}px">
${panels
  .map((p) => {
    const { x, y, w, h } = p.gridPos;
    const box = `left:${x * UNIT_W}px;top:${y * UNIT_H}px;width:${w * UNIT_W - 6}px;height:${h * UNIT_H - 6}px`;
    if (p.type === "row") return `<div class="row" style="${box}">${escapeHtml(p.title)}</div>`;
    if (p.type === "stat") {
      const values = p.series.map((s) => s.points.at(-1)?.[1]);
      const unit = p.fieldConfig?.defaults?.unit ?? "none";
      const text = values.length ? values.map((v) => format(unit, v)).join(" / ") : "–";
      const color = values.length && Number.isFinite(values[0]) ? colorFor(p, values[0]) : "#333";
      return `<div class="panel" style="${box}"><h2>${escapeHtml(p.title)}</h2><div class="stat" style="background:${color};height:${h * UNIT_H - 40}px">${escapeHtml(text)}</div></div>`;
    }
    if (p.type === "barchart" || p.type === "bargauge")
      return `<div class="panel" style="${box}"><h2>${escapeHtml(p.title)}</h2>${bars(p, w * UNIT_W - 8)}</div>`;
    return `<div class="panel" style="${box}"><h2>${escapeHtml(p.title)}</h2>${chart(p, w * UNIT_W - 8, h * UNIT_H - 62)}</div>`;
  })
  .join("\n")}
</div></body></html>`;
fs.writeFileSync(path.join(work, "dashboard.html"), html);

const browser = await launchChromium({ userDataDir: path.join(work, "chromium"), extraArgs: ["--hide-scrollbars"] });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1420, height: 900 });
  await page.goto(`file://${path.join(work, "dashboard.html")}`);
  await page.screenshot({ path: out, fullPage: true });
} finally {
  await browser.close();
}
console.log(`wrote ${out}; alerts at the end: ${alerts.map((a) => `${a.name} (${a.state})`).join(", ") || "none"}`);
fs.rmSync(work, { recursive: true, force: true });
