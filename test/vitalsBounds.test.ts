/**
 * POST /api/vitals bounded by design (docs/operations.md, "Field speed"): whatever well-formed
 * reports arrive, the field metrics' label space stays a few thousand series per instance and a
 * scrape stays quick; one client's page views weigh at most a few per hour (the rest answered 204
 * and counted as refused); a report whose times cannot belong to one page view is refused.
 */
import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import express from "express";
import {
  DEVICE_CLASSES,
  METRICS_OF,
  NAVIGATION_LABELS,
  NAVIGATION_TYPES,
  PAGE_TYPES,
  REGIONS,
  VITALS_PATH,
} from "../shared/fieldVitals";
import { Registry } from "prom-client";
import { createVitalsMetrics } from "../server/observability/metrics/vitalsMetrics";
import { createVitalsRoute, VITALS_CLIENT_VIEWS } from "../server/observability/vitalsRoute";
import { parsePrometheusText, sumOf } from "./support/prometheusText";
import { createTestApp, ROOT } from "./support/testApp";

const METRICS_TOKEN = "metrics-token-for-the-bounds-test";
const ORIGIN = "http://localhost:3000";

/** The bounds stated in docs/operations.md, "Field speed". */
const MAX_VITALS_SERIES = 4_000;
const MAX_METRICS_BYTES = 600 * 1024;
/** A scrape through the test client (its own request overhead included; 10 ms without the field series). */
const MAX_SCRAPE_MS = 60;
/** The field histograms' own rendering, every label combination filled. */
const MAX_RENDER_MS = 5;
/** deploy/kubernetes/monitoring/servicemonitor.yaml's sampleLimit. */
const SAMPLE_LIMIT = Number(
  /sampleLimit: (\d+)/.exec(
    fs.readFileSync(path.join(ROOT, "deploy/kubernetes/monitoring/servicemonitor.yaml"), "utf8"),
  )?.[1],
);

const full = { LCP: 1.2, INP: 0.05, CLS: 0.01, FCP: 0.8, TTFB: 0.2 };
const viewOnly = { INP: 0.05, CLS: 0.01 };

function site() {
  const { app } = createTestApp({ env: { METRICS_TOKEN, TRUST_PROXY: "1" } });
  const post = (body: object, ip: string) =>
    request(app)
      .post(VITALS_PATH)
      .set("Origin", ORIGIN)
      .set("X-Forwarded-For", ip)
      .set("Content-Type", "text/plain;charset=UTF-8")
      .send(JSON.stringify(body));
  const scrape = async () => {
    const started = performance.now();
    const res = await request(app).get("/metrics").set("Authorization", `Bearer ${METRICS_TOKEN}`);
    return { text: res.text, ms: performance.now() - started };
  };
  return { post, scrape };
}

const samplesIn = (text: string) => text.split("\n").filter((line) => line && !line.startsWith("#")).length;
const vitalsSeries = (text: string) => text.split("\n").filter((line) => line.startsWith("web_vitals_")).length;

test("every label combination, with every metric and with a view's only, stays under the stated series, bytes and scrape time", async () => {
  const { post, scrape } = site();
  await scrape();
  const before = await scrape();
  let n = 0;
  const statuses = new Map<number, number>();
  for (const page of PAGE_TYPES)
    for (const region of REGIONS)
      for (const device of DEVICE_CLASSES)
        for (const nav of NAVIGATION_TYPES)
          for (const metrics of [full, viewOnly]) {
            n++;
            const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
            const { status } = await post({ page, region, device, nav, metrics }, ip);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
  expect([...statuses.keys()].filter((s) => s !== 204 && s !== 400)).toEqual([]);
  await scrape(); // warm
  const times: number[] = [];
  let after = before;
  for (let i = 0; i < 7; i++) {
    after = await scrape();
    times.push(after.ms);
  }
  times.sort((a, b) => a - b);
  // The quickest of 7: on a machine busy with other work a median is that work's, not the scrape's.
  const median = times[3];
  const quickest = times[0];
  const bytes = Buffer.byteLength(after.text);
  console.log(
    `/api/vitals: ${n} reports (${JSON.stringify(Object.fromEntries(statuses))}) from ${n} addresses: vitals series ${vitalsSeries(before.text)} → ${vitalsSeries(after.text)}, /metrics ${Buffer.byteLength(before.text)} → ${bytes} bytes, all series ${samplesIn(after.text)}, scrape ${before.ms.toFixed(1)} ms before, median ${median.toFixed(1)} ms (${times.map((t) => t.toFixed(1)).join(", ")})`,
  );
  expect(vitalsSeries(after.text)).toBeLessThanOrEqual(MAX_VITALS_SERIES);
  expect(bytes).toBeLessThanOrEqual(MAX_METRICS_BYTES);
  expect(quickest).toBeLessThanOrEqual(MAX_SCRAPE_MS);
  // deploy/kubernetes/monitoring/servicemonitor.yaml's sampleLimit leaves room above all of it.
  expect(samplesIn(after.text)).toBeLessThanOrEqual(SAMPLE_LIMIT / 2);
}, 120_000);

test("the field histograms render every label combination in a few milliseconds", () => {
  const vitals = createVitalsMetrics(new Registry());
  for (const page of PAGE_TYPES)
    for (const region of REGIONS)
      for (const device of DEVICE_CLASSES)
        for (const nav of NAVIGATION_LABELS)
          for (const name of METRICS_OF[nav])
            vitals.observe(name, { page_type: page, region, device_class: device, navigation_type: nav }, 0.3);
  const times: number[] = [];
  let text = "";
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    text = vitals.exposition();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `field histograms: ${vitalsSeries(text)} series rendered in ${times[0].toFixed(2)} ms at best, ${times[7].toFixed(2)} ms median of 15`,
  );
  // The quickest: on a busy machine a median is the other work's.
  expect(times[0]).toBeLessThanOrEqual(MAX_RENDER_MS);
});

function route(perMinute = 600) {
  const app = express();
  app.set("trust proxy", 1);
  const observed: string[] = [];
  const refused: string[] = [];
  const clients: string[] = [];
  app.use(
    createVitalsRoute({
      siteUrl: ORIGIN,
      perMinute,
      metrics: {
        observe: (name, labels) => void observed.push(`${name} ${labels.page_type} ${labels.navigation_type}`),
        refuse: (reason) => void refused.push(reason),
        client: (labels) => void clients.push(`${labels.page_type} ${labels.region}`),
        exposition: () => "",
      },
    }),
  );
  const post = (body: object, ip = "203.0.113.7") =>
    request(app)
      .post(VITALS_PATH)
      .set("Origin", ORIGIN)
      .set("X-Forwarded-For", ip)
      .set("Content-Type", "text/plain")
      .send(JSON.stringify(body));
  return { post, observed, refused, clients };
}

const view = { page: "gallery", region: "uk", device: "mobile", nav: "navigate", metrics: full };

test("60 reports from one client: all answered 204, only its first few page views counted, the rest counted as refused", async () => {
  const { post, observed, refused } = route();
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) statuses.push((await post(view)).status);
  expect(new Set(statuses)).toEqual(new Set([204]));
  const counted = observed.filter((line) => line.startsWith("LCP ")).length;
  console.log(`/api/vitals: one client's reports counted: ${counted} of 60`);
  // docs/behaviour.md's constants: 5 (the number, so that changing it fails here).
  expect(counted).toBe(5);
  expect(refused).toEqual(Array(60 - VITALS_CLIENT_VIEWS).fill("client_limit"));
  // Another client is counted as before.
  expect((await post(view, "198.51.100.9")).status).toBe(204);
  expect(observed.filter((line) => line.startsWith("LCP ")).length).toBe(VITALS_CLIENT_VIEWS + 1);
});

test("a client is counted once per page type and region, so an alert can ask for several", async () => {
  const { post, clients } = route();
  for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.2", "203.0.113.3"]) await post(view, ip);
  await post({ ...view, page: "index" }, "203.0.113.3");
  expect(clients).toEqual(["gallery uk", "gallery uk", "gallery uk", "index uk"]);
});

const implausible: [string, object][] = [
  ["TTFB after LCP (20 s after 0.5 s)", { ...view, metrics: { LCP: 0.5, TTFB: 20 } }],
  ["FCP after LCP", { ...view, metrics: { LCP: 1, FCP: 2 } }],
  ["TTFB after FCP", { ...view, metrics: { FCP: 1, TTFB: 1.5 } }],
  ["an INP past 20 s", { ...view, metrics: { INP: 30 } }],
  ["a CLS past 5", { ...view, metrics: { CLS: 8 } }],
  ["a client navigation with LCP", { ...view, nav: "client", metrics: { LCP: 1, INP: 0.1 } }],
  ["a client navigation with TTFB", { ...view, nav: "client", metrics: { TTFB: 0.1 } }],
  [
    "a view restored from the back/forward cache with FCP",
    { ...view, nav: "back-forward-cache", metrics: { FCP: 0.01 } },
  ],
];

test.each(implausible)("%s is refused as invalid and counts nothing", async (_name, body) => {
  const { post, observed, refused } = route();
  expect((await post(body)).status).toBe(400);
  expect(observed).toEqual([]);
  expect(refused).toEqual(["invalid"]);
});

test("a document's load of every type is one label; its times in order are counted", async () => {
  const { post, observed } = route();
  for (const [i, nav] of ["navigate", "reload", "back-forward", "restore", "prerender"].entries())
    expect((await post({ ...view, nav }, `192.0.2.${i + 1}`)).status).toBe(204);
  expect(new Set(observed.map((line) => line.split(" ")[2]))).toEqual(new Set(["navigate"]));
});

test("the whole app counts refusals past a client's weight by reason", async () => {
  const { post, scrape } = site();
  for (let i = 0; i < VITALS_CLIENT_VIEWS + 3; i++) await post(view, "203.0.113.50");
  const samples = parsePrometheusText((await scrape()).text);
  expect(sumOf(samples, "web_vitals_reports_refused_total", { reason: "client_limit" })).toBe(3);
  expect(sumOf(samples, "web_vitals_lcp_seconds_count", { page_type: "gallery" })).toBe(VITALS_CLIENT_VIEWS);
  expect(sumOf(samples, "web_vitals_clients_total", { page_type: "gallery", region: "uk" })).toBe(1);
});
