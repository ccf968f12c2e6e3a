/**
 * POST /api/vitals: a browser's report of one page view becomes samples in the web-vitals
 * histograms, labelled only from the fixed lists; anything else is a 4xx counted by reason, sets
 * no cookie and adds no series. Driven through the whole app, as the browser's beacon meets it.
 */
import { gzipSync } from "node:zlib";
import request from "supertest";
import { VITALS_PATH } from "../shared/fieldVitals";
import { createVitalsRoute } from "../server/observability/vitalsRoute";
import { parsePrometheusText, samplesOf, sumOf } from "./support/prometheusText";
import { createTestApp } from "./support/testApp";
import express from "express";

const METRICS_TOKEN = "metrics-token-for-the-vitals-test";
const ORIGIN = "http://localhost:3000";

const report = {
  page: "gallery",
  region: "us",
  device: "mobile",
  nav: "navigate",
  metrics: { LCP: 1.234, INP: 0.056, CLS: 0.0123, FCP: 0.8, TTFB: 0.21 },
};

function site() {
  const { app } = createTestApp({ env: { METRICS_TOKEN } });
  const post = (body: string | object, contentType = "text/plain;charset=UTF-8") =>
    request(app)
      .post(VITALS_PATH)
      .set("Origin", ORIGIN)
      .set("Content-Type", contentType)
      .send(typeof body === "string" ? body : JSON.stringify(body));
  const metrics = async () => (await request(app).get("/metrics").set("Authorization", `Bearer ${METRICS_TOKEN}`)).text;
  return { app, post, metrics };
}

test("a page view's report is answered 204 without a cookie or a body, and counted in seconds by page type, region, device class and navigation type", async () => {
  const { post, metrics } = site();
  const res = await post(report);
  expect(res.status).toBe(204);
  expect(res.text).toBe("");
  expect(res.headers["set-cookie"]).toBeUndefined();
  expect(res.headers["cache-control"]).toBe("no-store");
  const samples = parsePrometheusText(await metrics());
  const labels = { page_type: "gallery", region: "us", device_class: "mobile", navigation_type: "navigate" };
  expect(sumOf(samples, "web_vitals_lcp_seconds_sum", labels)).toBeCloseTo(1.234, 6);
  expect(sumOf(samples, "web_vitals_inp_seconds_sum", labels)).toBeCloseTo(0.056, 6);
  expect(sumOf(samples, "web_vitals_cls_sum", labels)).toBeCloseTo(0.0123, 6);
  expect(sumOf(samples, "web_vitals_fcp_seconds_sum", labels)).toBeCloseTo(0.8, 6);
  expect(sumOf(samples, "web_vitals_ttfb_seconds_sum", labels)).toBeCloseTo(0.21, 6);
  expect(sumOf(samples, "web_vitals_lcp_seconds_count", labels)).toBe(1);
  // Google's thresholds are bucket boundaries: LCP 1.234 s is within "good" (≤ 2.5 s).
  expect(sumOf(samples, "web_vitals_lcp_seconds_bucket", { ...labels, le: "2.5" })).toBe(1);
  for (const [name, bounds] of [
    ["web_vitals_lcp_seconds_bucket", ["2.5", "4"]],
    ["web_vitals_inp_seconds_bucket", ["0.2", "0.5"]],
    ["web_vitals_cls_bucket", ["0.1", "0.25"]],
    ["web_vitals_fcp_seconds_bucket", ["1.8", "3"]],
    ["web_vitals_ttfb_seconds_bucket", ["0.8", "1.8"]],
  ] as const)
    for (const le of bounds) expect(samplesOf(samples, name, { ...labels, le })).toHaveLength(1);
});

test("a client navigation's view reports only INP and CLS, and only they are counted", async () => {
  const { post, metrics } = site();
  expect((await post({ ...report, nav: "client", metrics: { INP: 0.1, CLS: 0 } })).status).toBe(204);
  const samples = parsePrometheusText(await metrics());
  expect(sumOf(samples, "web_vitals_inp_seconds_count", { navigation_type: "client" })).toBe(1);
  expect(sumOf(samples, "web_vitals_cls_count", { navigation_type: "client" })).toBe(1);
  expect(sumOf(samples, "web_vitals_lcp_seconds_count", { navigation_type: "client" })).toBe(0);
});

const refusals: [string, number, string, string | object][] = [
  ["a made-up page type", 400, "invalid", { ...report, page: "/gallery/secret-project" }],
  ["a made-up region", 400, "invalid", { ...report, region: "fr" }],
  ["a made-up device class", 400, "invalid", { ...report, device: "Mozilla/5.0 (iPhone)" }],
  ["a made-up navigation type", 400, "invalid", { ...report, nav: "teleport" }],
  ["a made-up metric", 400, "invalid", { ...report, metrics: { FID: 0.01 } }],
  ["no metric", 400, "invalid", { ...report, metrics: {} }],
  ["a negative value", 400, "invalid", { ...report, metrics: { LCP: -1 } }],
  ["a value out of range", 400, "invalid", { ...report, metrics: { INP: 3600 } }],
  ["a CLS out of range", 400, "invalid", { ...report, metrics: { CLS: 1e9 } }],
  ["a value as text", 400, "invalid", { ...report, metrics: { LCP: "1.2" } }],
  ["an extra field (an identifier)", 400, "invalid", { ...report, id: "v5-1700000000000-123" }],
  ["a URL", 400, "invalid", { ...report, url: "https://example.com/?email=a@b.c" }],
  ["a list", 400, "invalid", [report]],
  ["a body that is not JSON", 400, "not_json", "LCP=1.2"],
  ["a body of 70 KB", 413, "too_large", { ...report, pad: "x".repeat(70 * 1024) }],
];

test.each(refusals)(
  "%s is refused (%i, counted as %s), sets no cookie and adds no series",
  async (_name, status, reason, body) => {
    const { post, metrics } = site();
    const before = await metrics();
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.text).not.toMatch(/secret|iPhone|email/);
    const after = await metrics();
    const series = (text: string) =>
      text
        .split("\n")
        .filter((line) => line.startsWith("web_vitals_") && !line.startsWith("web_vitals_reports_refused")).length;
    expect(series(after)).toBe(series(before));
    expect(sumOf(parsePrometheusText(after), "web_vitals_reports_refused_total", { reason })).toBe(1);
  },
);

test("a compressed body is refused unread (415), whatever it inflates to", async () => {
  const { app, metrics } = site();
  const res = await request(app)
    .post(VITALS_PATH)
    .set("Origin", ORIGIN)
    .set("Content-Type", "text/plain")
    .set("Content-Encoding", "gzip")
    .send(gzipSync(JSON.stringify(report)));
  expect(res.status).toBe(415);
  expect(sumOf(parsePrometheusText(await metrics()), "web_vitals_reports_refused_total", { reason: "encoding" })).toBe(
    1,
  );
});

test("a report from another origin, or without one, is refused (403)", async () => {
  const { app, metrics } = site();
  for (const origin of ["https://attacker.example", undefined]) {
    const req = request(app).post(VITALS_PATH).set("Content-Type", "text/plain");
    const res = await (origin ? req.set("Origin", origin) : req).send(JSON.stringify(report));
    expect(res.status).toBe(403);
  }
  expect(sumOf(parsePrometheusText(await metrics()), "web_vitals_reports_refused_total", { reason: "origin" })).toBe(2);
});

test("a client past its reports a minute is answered 429 with Retry-After, counted as rate_limited", async () => {
  const app = express();
  const refused: string[] = [];
  app.use(
    createVitalsRoute({
      siteUrl: ORIGIN,
      perMinute: 3,
      metrics: { observe() {}, refuse: (r) => void refused.push(r), client() {}, exposition: () => "" },
    }),
  );
  const statuses: number[] = [];
  let retryAfter: string | undefined;
  for (let i = 0; i < 5; i++) {
    const res = await request(app)
      .post(VITALS_PATH)
      .set("Origin", ORIGIN)
      .set("Content-Type", "text/plain")
      .send(JSON.stringify(report));
    statuses.push(res.status);
    retryAfter = res.headers["retry-after"];
  }
  expect(statuses).toEqual([204, 204, 204, 429, 429]);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(refused).toEqual(["rate_limited", "rate_limited"]);
});

test("GET is 405 naming POST", async () => {
  const { app } = site();
  const res = await request(app).get(VITALS_PATH);
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe("POST");
});
