/**
 * Page-cache hits counted in plain numbers and added to the HTTP series when they are read
 * (server/observability/metrics/hitCounts.ts): a scrape sees a hit like any other response, in the same
 * histogram and counters, under the same labels.
 */
import { Counter, Histogram, Registry } from "prom-client";
import { createHitCounts, reportHits } from "../server/observability/metrics/hitCounts";

const BUCKETS = [0.005, 0.01, 0.1];

function metrics() {
  const registry = new Registry();
  const labelNames = ["method", "route", "status"] as const;
  const histogram = new Histogram({
    name: "http_request_duration_seconds",
    help: "h",
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  const requests = new Counter({ name: "http_requests_total", help: "r", labelNames, registers: [registry] });
  const results = new Counter({
    name: "page_cache_requests_total",
    help: "p",
    labelNames: ["route", "result"],
    registers: [registry],
  });
  return { registry, histogram, requests, results };
}

/** One series' values of a metric read as JSON, by name suffix and `le`. */
async function values(registry: Registry, labels: Record<string, string>) {
  const [histogram] = (await registry.getMetricsAsJSON()).filter((m) => m.name === "http_request_duration_seconds");
  const read = histogram.values as Array<{ metricName?: string; labels: Record<string, unknown>; value: number }>;
  const matching = read.filter((v) => Object.entries(labels).every(([k, x]) => String(v.labels[k]) === x));
  return Object.fromEntries(
    matching.map((v) => [
      `${v.metricName?.replace("http_request_duration_seconds", "")}${v.labels.le === undefined ? "" : ` ${v.labels.le}`}`,
      v.value,
    ]),
  );
}

test("the histogram read with the hits added: cumulative buckets, +Inf, sum and count per series", async () => {
  const { registry, histogram } = metrics();
  const hits = createHitCounts(BUCKETS);
  reportHits(histogram, hits);
  hits.record("GET", "home", 200, 0.002);
  hits.record("GET", "home", 200, 0.01);
  hits.record("GET", "home", 200, 0.5);
  hits.record("HEAD", "home", 304, 0.001);
  expect(await values(registry, { method: "GET", route: "home", status: "200" })).toEqual({
    "_bucket 0.005": 1,
    "_bucket 0.01": 2,
    "_bucket 0.1": 2,
    "_bucket +Inf": 3,
    _sum: 0.512,
    _count: 3,
  });
  expect((await values(registry, { method: "HEAD", status: "304" }))._count).toBe(1);
});

test("hits add to what the middleware observed under the same labels, in both the JSON and the text format", async () => {
  const { registry, histogram } = metrics();
  const hits = createHitCounts(BUCKETS);
  reportHits(histogram, hits);
  histogram.observe({ method: "GET", route: "home", status: "200" }, 0.05);
  hits.record("GET", "home", 200, 0.003);
  expect(await values(registry, { method: "GET", route: "home", status: "200" })).toMatchObject({
    "_bucket 0.005": 1,
    "_bucket 0.1": 2,
    _count: 2,
  });
  const text = await registry.metrics();
  expect(text).toContain('http_request_duration_seconds_count{method="GET",route="home",status="200"} 2');
  expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="home",status="200"} 1');
});

test("the counters get each hit once, however often they are flushed", async () => {
  const { registry, requests, results } = metrics();
  const hits = createHitCounts(BUCKETS);
  hits.record("GET", "gallery", 200, 0.001);
  hits.record("GET", "gallery", 200, 0.001);
  hits.flushCounters(requests, results);
  hits.flushCounters(requests, results);
  hits.record("GET", "gallery", 200, 0.001);
  hits.flushCounters(requests, results);
  const text = await registry.metrics();
  expect(text).toContain('http_requests_total{method="GET",route="gallery",status="200"} 3');
  expect(text).toContain('page_cache_requests_total{route="gallery",result="hit"} 3');
});

test("nothing recorded: the histogram reads as it was", async () => {
  const { registry, histogram } = metrics();
  reportHits(histogram, createHitCounts(BUCKETS));
  histogram.observe({ method: "GET", route: "home", status: "200" }, 0.05);
  expect((await values(registry, { route: "home" }))._count).toBe(1);
});
