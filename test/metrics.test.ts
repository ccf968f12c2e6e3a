/**
 * GET /metrics: Prometheus' text format behind a bearer token (METRICS_TOKEN), absent without
 * one; request counts and latencies by route (a route id, never a path), page-cache results,
 * content-service errors, the outbox by status, and the Node process's own metrics.
 */
import { randomBytes } from "node:crypto";
import request from "supertest";
import { ConfigError, loadConfig } from "../server/config";
import { routeId } from "../shared/routeTable";
import { createFaultyFetch } from "./support/faultyFetch";
import { sampleEvent } from "./support/outboxEvents";
import { parsePrometheusText, samplesOf, sumOf, type Sample } from "./support/prometheusText";
import { createTestApp, ROOT } from "./support/testApp";

const TOKEN = "scrape-token-0123456789abcdef";

function metricsApp(options: Parameters<typeof createTestApp>[0] = {}) {
  return createTestApp({ ...options, env: { METRICS_TOKEN: TOKEN, ...options.env } });
}

async function scrape(app: Parameters<typeof request>[0]): Promise<Sample[]> {
  const res = await request(app).get("/metrics").set("Authorization", `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return parsePrometheusText(res.text);
}

describe("exposure", () => {
  test("without METRICS_TOKEN, /metrics is a 404 like any unknown path", async () => {
    const { app } = createTestApp();
    const metrics = await request(app).get("/metrics").set("Authorization", `Bearer ${TOKEN}`);
    const unknown = await request(app).get("/metrics-unknown-path");
    expect(metrics.status).toBe(404);
    expect(metrics.headers["content-type"]).toBe(unknown.headers["content-type"]);
    expect(metrics.text).not.toContain("process_cpu");
  });

  test("with it, a missing or wrong token is a 401, and the right one gets the text format, never cached", async () => {
    const { app } = metricsApp();
    const missing = await request(app).get("/metrics");
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(missing.text).not.toContain("http_requests_total");
    for (const header of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
      expect((await request(app).get("/metrics").set("Authorization", header)).status).toBe(401);
    }
    const ok = await request(app).get("/metrics").set("Authorization", `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(ok.headers["cache-control"]).toBe("no-store");
    expect(ok.text).not.toContain("<html");
    // The Node process's default metrics.
    const samples = parsePrometheusText(ok.text);
    expect(samplesOf(samples, "process_cpu_user_seconds_total")).toHaveLength(1);
    expect(samplesOf(samples, "nodejs_heap_size_used_bytes")).toHaveLength(1);
  });

  test("a METRICS_TOKEN shorter than 16 characters stops the start, naming it", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "too-short" }, ROOT)).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: "too-short" }, ROOT)).toThrow(/METRICS_TOKEN: at least 16 characters/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }, ROOT).METRICS_TOKEN).toBe(TOKEN);
  });
});

test("a page requested twice counts 2 under its route id, with a page-cache hit and its latency", async () => {
  const { app } = metricsApp();
  const page = "/gallery/braybrook-st";
  const route = routeId("gallery-uid", "gb");
  // The copy for the cache is stored just after the first response: ask until a hit comes back.
  const results: string[] = [];
  for (let i = 0; i < 40 && !results.includes("HIT"); i++) {
    const res = await request(app).get(page);
    expect(res.status).toBe(200);
    results.push(res.headers["x-cache"]);
    if (i === 0) await new Promise((r) => setTimeout(r, 50));
  }
  expect(results).toEqual(["MISS", ...results.slice(1, -1).map(() => "MISS"), "HIT"]);
  expect(results.length).toBeGreaterThanOrEqual(2);

  const samples = await scrape(app);
  const labels = { method: "GET", route, status: "200" };
  expect(sumOf(samples, "http_requests_total", labels)).toBe(results.length);
  expect(sumOf(samples, "http_request_duration_seconds_count", labels)).toBe(results.length);
  expect(sumOf(samples, "http_request_duration_seconds_sum", labels)).toBeGreaterThan(0);
  expect(sumOf(samples, "page_cache_requests_total", { route, result: "hit" })).toBe(1);
  expect(sumOf(samples, "page_cache_requests_total", { route, result: "miss" })).toBe(results.length - 1);
  expect(sumOf(samples, "page_cache_entries")).toBeGreaterThanOrEqual(1);
  // The hit (answered before the app, counted apart until a scrape) is in the histogram's buckets too.
  expect(sumOf(samples, "http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(results.length);
  expect(sumOf(samples, "http_request_duration_seconds_bucket", { ...labels, le: "10" })).toBe(results.length);
  // Hits after a scrape are added at the next one, not twice.
  await request(app).get(page);
  const again = await scrape(app);
  expect(sumOf(again, "http_requests_total", labels)).toBe(results.length + 1);
  expect(sumOf(again, "page_cache_requests_total", { route, result: "hit" })).toBe(2);
  expect(sumOf(again, "http_request_duration_seconds_count", labels)).toBe(results.length + 1);
  // Fixed endpoints are counted under their names.
  await request(app).get("/healthz");
  expect(sumOf(await scrape(app), "http_requests_total", { route: "healthz", status: "200" })).toBe(1);
});

test("a content outage increments the content-service error counter", async () => {
  const faults = createFaultyFetch();
  const { app } = metricsApp({ wrapFetch: faults.wrap, env: { CONTENT_REF_TTL_MS: "0", CONTENT_TIMEOUT_MS: "300" } });
  expect((await request(app).get("/")).status).toBe(200);
  expect(sumOf(await scrape(app), "content_service_errors_total")).toBe(0);

  faults.set({ kind: "down" });
  const unseen = await request(app).get("/gallery/canal-house");
  expect(unseen.status).toBe(503);
  const samples = await scrape(app);
  expect(sumOf(samples, "content_service_errors_total", { kind: "unavailable" })).toBeGreaterThanOrEqual(1);
  expect(sumOf(samples, "content_service_errors_total", { kind: "unavailable", operation: "galleryProject" })).toBe(1);
  expect(sumOf(samples, "http_requests_total", { route: routeId("gallery-uid", "gb"), status: "503" })).toBe(1);
});

test("the outbox's events are counted per status at each scrape", async () => {
  const { app, outbox } = metricsApp();
  for (let i = 0; i < 3; i++) await outbox.add(sampleEvent(Date.now()));
  let samples = await scrape(app);
  expect(sumOf(samples, "outbox_events", { status: "pending" })).toBe(3);
  expect(sumOf(samples, "outbox_events", { status: "leased" })).toBe(0);

  const [claimed] = await outbox.claim("worker", 1, 60_000, Date.now());
  await outbox.settle([claimed.id], "worker", { status: "delivered", at: Date.now() });
  await outbox.claim("worker", 1, 60_000, Date.now());
  samples = await scrape(app);
  expect(sumOf(samples, "outbox_events", { status: "pending" })).toBe(1);
  expect(sumOf(samples, "outbox_events", { status: "leased" })).toBe(1);
  expect(sumOf(samples, "outbox_events", { status: "delivered" })).toBe(1);
});

test("the route label never carries a raw path: 50 random unknown paths make a handful of series", async () => {
  const { app } = metricsApp();
  const word = () => randomBytes(6).toString("hex");
  const prefixes = ["", "/us", "/gallery", "/info/blog", "/assets", "/media", "/_data"];
  const paths = Array.from({ length: 50 }, (_, i) => {
    const segments = Array.from({ length: 1 + (i % 3) }, word);
    return `${prefixes[i % prefixes.length]}/${segments.join("/")}${i % 5 === 0 ? ".jpg" : ""}`;
  });
  for (const path of paths) expect((await request(app).get(path)).status).toBeGreaterThanOrEqual(400);

  const routes = new Set(samplesOf(await scrape(app), "http_requests_total").map((s) => s.labels.route));
  const text = [...routes].join(" ");
  for (const path of paths)
    for (const segment of path.split("/").filter((s) => s.length === 12)) expect(text).not.toContain(segment);
  // One series per route shape at most: a route id (name___locale) or an endpoint's name.
  for (const route of routes) expect(route).toMatch(/^[a-z_-]+(___[a-z]{2})?$/);
  expect(routes.size).toBeLessThanOrEqual(12);
  // What a 404 is counted under: the not-found routes and the fixed endpoints' names.
  expect(routes).toContain(routeId("not-found", "gb"));
  expect(routes).toContain("media");
});
