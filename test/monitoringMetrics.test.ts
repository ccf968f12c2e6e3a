/**
 * The figures the alerts (deploy/prometheus/alerts.yaml) and the dashboard (deploy/grafana/site.json)
 * read: every metric they name is on /metrics once the site has served pages, images and tracking
 * events, and the figures added for them say what an operator needs: whether the instance is
 * ready, how old the content it serves may be, how old the oldest undelivered tracking event is,
 * and what became of deliveries to Meta.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { parse } from "yaml";
import { countDeliveryOutcomes } from "../server/observability/metrics/deliveryOutcomes";
import { countWriteFailures } from "../server/observability/metrics/outboxWriteFailures";
import { openSqliteOutboxStore } from "../server/outbox/sqliteStore";
import { openSqliteRequestStore } from "../server/requests/sqliteRequestStore";
import { addEvents, useDeliveryFixture } from "./support/deliveryFixture";
import { createFaultyFetch } from "./support/faultyFetch";
import { sampleEvent } from "./support/outboxEvents";
import { parsePrometheusText, samplesOf, sumOf, type Sample } from "./support/prometheusText";
import { metricNames } from "./support/promqlNames";
import { createTestApp, ROOT, WITH_PAGE_CACHE } from "./support/testApp";
import { useRunningFakeDate } from "./support/fakeDate";

const TOKEN = "scrape-token-0123456789abcdef";
const SITE = "http://localhost:3000";
/** Series Prometheus makes itself for every target; no app exposes them. */
const PROMETHEUS_OWN = new Set(["up"]);

const delivery = useDeliveryFixture();
let mediaCache: string;
beforeAll(() => {
  mediaCache = fs.mkdtempSync(path.join(os.tmpdir(), "monitoring-media-"));
});
afterAll(() => fs.rmSync(mediaCache, { recursive: true, force: true }));

function monitoredApp(options: Parameters<typeof createTestApp>[0] = {}) {
  // Wrapped as server/index.ts wraps it.
  const outbox = countWriteFailures(countDeliveryOutcomes(openSqliteOutboxStore(":memory:")));
  const app = createTestApp({
    outbox,
    // Visitors' requests on, as server/index.ts runs the site: the request store's gauges are read at each scrape.
    requests: { store: openSqliteRequestStore(":memory:"), destinations: ["inbox"] },
    ...options,
    env: { METRICS_TOKEN: TOKEN, MEDIA_CACHE_DIR: mediaCache, ...WITH_PAGE_CACHE, ...options.env },
  });
  return { ...app, outbox };
}

async function scrape(app: Parameters<typeof request>[0]): Promise<Sample[]> {
  const res = await request(app).get("/metrics").set("Authorization", `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return parsePrometheusText(res.text);
}

/** Every PromQL expression of the rules and of the dashboard's panels, with where it comes from. */
function expressions(): Array<{ where: string; expr: string }> {
  const rules = parse(fs.readFileSync(path.join(ROOT, "deploy/prometheus/alerts.yaml"), "utf8")) as {
    groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
  };
  const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, "deploy/grafana/site.json"), "utf8")) as {
    panels: Array<{ type: string; title: string; targets?: Array<{ expr: string }> }>;
    templating: { list: Array<{ name: string; definition?: string }> };
  };
  return [
    ...rules.groups.flatMap((group) => group.rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr }))),
    ...dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map((target) => ({ where: `panel "${panel.title}"`, expr: target.expr })),
    ),
    ...dashboard.templating.list
      .filter((v) => v.definition)
      .map((v) => ({
        where: `variable $${v.name}`,
        expr: v.definition!.replace(/^label_values\((.*),\s*\w+\)$/, "$1"),
      })),
  ];
}

test("reads metric names out of PromQL as Prometheus would", () => {
  expect(metricNames('sum by (le) (rate(http_request_duration_seconds_bucket{route=~".+___.+"}[5m])) > 1e3')).toEqual([
    "http_request_duration_seconds_bucket",
  ]);
  expect(
    metricNames(
      'max(sum by (instance) (outbox_events{status=~"pending|leased"})) > 500 and count(up{job="site"} == 1) * 60',
    ),
  ).toEqual(["outbox_events", "up"]);
  expect(
    metricNames('topk(8, histogram_quantile(0.99, sum by (route, le) (rate(x_bucket{a="b"}[$__rate_interval]))))'),
  ).toEqual(["x_bucket"]);
});

test("every metric an alert or a dashboard panel reads is exposed by the app", async () => {
  const faults = createFaultyFetch();
  // With an edge purger, whose metrics the purge panel and alert read (nothing is purged here).
  const edge = {
    EDGE_PURGER: "varnish",
    EDGE_PURGE_URLS: "http://127.0.0.1:9",
    EDGE_PURGE_TOKEN: "k9Qz8vLr3Tn5Wb1Xm7Pd",
  };
  const { app, outbox } = monitoredApp({ wrapFetch: faults.wrap, env: { CONTENT_TIMEOUT_MS: "300", ...edge } });
  // Pages (a miss, then hits), an image transform, a tracking event, a page view's field speed report (with why), a content outage on a page never rendered.
  for (let i = 0; i < 3; i++) expect((await request(app).get("/gallery")).status).toBe(200);
  expect((await request(app).get("/media/detail-shaker-door.jpg?w=640&fm=webp")).status).toBe(200);
  const posted = await request(app)
    .post("/api/meta-capi")
    .set("Origin", SITE)
    .set("User-Agent", "Mozilla/5.0 (Test)")
    .send({ event_name: "PageView", region: "uk", custom_data: { page_url: `${SITE}/`, page_title: "Home" } });
  expect(posted.status).toBe(202);
  const vitals = await request(app)
    .post("/api/vitals")
    .set("Origin", SITE)
    .set("Content-Type", "text/plain")
    .send(
      JSON.stringify({
        page: "gallery",
        region: "uk",
        device: "mobile",
        nav: "navigate",
        metrics: { LCP: 1.2, INP: 0.05, CLS: 0.01, FCP: 0.9, TTFB: 0.2 },
        why: {
          lcp: { ttfb: 0.2, load_delay: 0.1, load_duration: 0.7, render_delay: 0.2, kind: "hero-image" },
          inp: { input_delay: 0.01, processing: 0.03, presentation: 0.01, kind: "menu-button" },
          cls: { kind: "body-text" },
        },
      }),
    );
  expect(vitals.status).toBe(204);
  await delivery.worker(outbox).runOnce();
  faults.set({ kind: "down" });
  expect((await request(app).get("/gallery/canal-house")).status).toBe(503);

  const exposed = new Set((await scrape(app)).map((sample) => sample.name));
  const missing = expressions().flatMap(({ where, expr }) =>
    metricNames(expr)
      .filter((name) => !exposed.has(name) && !PROMETHEUS_OWN.has(name))
      .map((name) => `${where}: ${name}`),
  );
  expect(missing).toEqual([]);
  // The check is not vacuous: the rules and the panels name many metrics.
  expect(new Set(expressions().flatMap(({ expr }) => metricNames(expr))).size).toBeGreaterThan(15);
});

test("app_ready is 1 while /readyz says ready, and 0 while draining", async () => {
  let draining = false;
  const { app } = monitoredApp({ draining: () => draining });
  expect(sumOf(await scrape(app), "app_ready")).toBe(1);
  draining = true;
  expect((await request(app).get("/readyz")).status).toBe(503);
  expect(sumOf(await scrape(app), "app_ready")).toBe(0);
});

test("content_ref_age_seconds stays within the ref's TTL while Prismic answers, and grows while it does not", async () => {
  // Only the clock is fake (and runs): the ref's TTL and its age are stepped past rather than
  // waited out, while the sockets and the content timeout's timers run as they do.
  useRunningFakeDate();
  try {
    const faults = createFaultyFetch();
    const { app } = monitoredApp({
      wrapFetch: faults.wrap,
      env: { CONTENT_REF_TTL_MS: "200", CONTENT_TIMEOUT_MS: "300" },
    });
    expect((await request(app).get("/")).status).toBe(200);
    jest.setSystemTime(Date.now() + 400);
    // An idle instance is not stale: the scrape re-reads the ref once its TTL has passed.
    expect(sumOf(await scrape(app), "content_ref_age_seconds")).toBeLessThan(0.2);
    faults.set({ kind: "down" });
    jest.setSystemTime(Date.now() + 1_100);
    const age = sumOf(await scrape(app), "content_ref_age_seconds");
    expect(age).toBeGreaterThanOrEqual(1);
    expect(age).toBeLessThan(5);
    faults.set({ kind: "ok" });
    jest.setSystemTime(Date.now() + 250);
    expect(sumOf(await scrape(app), "content_ref_age_seconds")).toBeLessThan(0.2);
  } finally {
    jest.useRealTimers();
  }
});

test("outbox_oldest_pending_age_seconds is the age of the oldest event still to deliver, 0 when none is", async () => {
  const { app, outbox } = monitoredApp();
  expect(sumOf(await scrape(app), "outbox_oldest_pending_age_seconds")).toBe(0);
  const now = Date.now();
  await outbox.add(sampleEvent(now - 3_600_000));
  await outbox.add(sampleEvent(now - 60_000));
  const age = sumOf(await scrape(app), "outbox_oldest_pending_age_seconds");
  expect(age).toBeGreaterThanOrEqual(3_600);
  expect(age).toBeLessThan(3_610);
  // Leased (being sent) still counts; delivered does not.
  const claimed = await outbox.claim("w", 10, 60_000, Date.now());
  expect(sumOf(await scrape(app), "outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(3_600);
  await outbox.settle(
    claimed.map((e) => e.id),
    "w",
    { status: "delivered", at: Date.now() },
  );
  expect(sumOf(await scrape(app), "outbox_oldest_pending_age_seconds")).toBe(0);
});

test("outbox_delivery_events_total counts the worker's events by outcome, every outcome present from the start", async () => {
  const { app, outbox } = monitoredApp();
  let samples = await scrape(app);
  expect(
    samplesOf(samples, "outbox_delivery_events_total")
      .map((s) => [s.labels.outcome, s.value])
      .sort(),
  ).toEqual([
    ["delivered", 0],
    ["failed", 0],
    ["not_sent", 0],
    ["retry", 0],
  ]);
  await addEvents(outbox, 3);
  await delivery.worker(outbox).runOnce();
  delivery.fake.mode = "down";
  await addEvents(outbox, 2);
  await delivery.worker(outbox).runOnce();
  samples = await scrape(app);
  expect(sumOf(samples, "outbox_delivery_events_total", { outcome: "delivered" })).toBe(3);
  expect(sumOf(samples, "outbox_delivery_events_total", { outcome: "retry" })).toBe(2);
  delivery.fake.mode = "refuse";
  await addEvents(outbox, 1);
  // The new event, and the retried ones if their back-off has passed: all refused for good.
  const refused = await delivery.worker(outbox, { now: () => Date.now() + 60_000 }).runOnce();
  samples = await scrape(app);
  expect(refused).toBe(3);
  expect(sumOf(samples, "outbox_delivery_events_total", { outcome: "failed" })).toBe(3);
  // A counter: a second scrape does not count again.
  expect(sumOf(await scrape(app), "outbox_delivery_events_total", { outcome: "delivered" })).toBe(3);
});
