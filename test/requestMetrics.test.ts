/**
 * server/observability/metrics/requestMetrics.ts: visitors' requests in the app's registry
 * (docs/operations.md, "Requests"). Every series exists from the start at 0 and no call adds one
 * outside the fixed lists; the store's deliveries and its oldest undelivered request are read at
 * each scrape, and a store that throws costs those series, never the scrape.
 */
import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { parse } from "yaml";
import { createLogger } from "../server/observability/logger";
import { createMetrics } from "../server/observability/metrics/registry";
import {
  noRequestMetrics,
  REFUSAL_REASONS,
  REQUEST_DELIVERY_OUTCOMES,
  type RefusalReason,
  type RequestDeliveryOutcome,
} from "../server/observability/metrics/requestMetrics";
import type { DeliveryCounts, RequestDestination } from "../server/requests/requestStore";
import { REQUEST_KINDS, type RequestKind } from "../shared/requests/requestKinds";
import { capturingLogger } from "./support/capturingLogger";
import { parsePrometheusText, samplesOf, sumOf, type Sample } from "./support/prometheusText";
import { metricNames } from "./support/promqlNames";
import { createTestApp, ROOT } from "./support/testApp";

/** A request store as the gauges read it: its answers set by the test, or a failure. */
function fakeStore() {
  const state: { counts: DeliveryCounts; oldest: number | undefined; failure: Error | undefined } = {
    counts: { pending: 0, leased: 0, delivered: 0, failed: 0 },
    oldest: undefined,
    failure: undefined,
  };
  const answer = async <T>(value: () => T) => {
    if (state.failure) throw state.failure;
    return value();
  };
  return {
    state,
    store: {
      counts: () => answer(() => ({ ...state.counts })),
      oldestUndeliveredAt: () => answer(() => state.oldest),
    },
  };
}

async function scrape(metrics: ReturnType<typeof createMetrics>): Promise<Sample[]> {
  return parsePrometheusText(await metrics.registry.metrics());
}

const series = (samples: Sample[]) =>
  samples
    .filter((s) => s.name.startsWith("site_requests_"))
    .map((s) => `${s.name}${JSON.stringify(s.labels)}`)
    .sort();

test("every series exists from the start at 0: accepted by kind, refused by kind (or unknown) and reason, deliveries by destination and outcome", async () => {
  const metrics = createMetrics({ logger: createLogger("silent") });
  const samples = await scrape(metrics);
  expect(samplesOf(samples, "site_requests_accepted_total").map((s) => s.labels.kind)).toEqual([...REQUEST_KINDS]);
  const refused = samplesOf(samples, "site_requests_refused_total");
  expect(refused).toHaveLength((REQUEST_KINDS.length + 1) * REFUSAL_REASONS.length);
  expect(new Set(refused.map((s) => s.labels.kind))).toEqual(new Set([...REQUEST_KINDS, "unknown"]));
  expect(new Set(refused.map((s) => s.labels.reason))).toEqual(new Set(REFUSAL_REASONS));
  expect(
    samplesOf(samples, "site_requests_deliveries_total")
      .map((s) => `${s.labels.destination}:${s.labels.outcome}`)
      .sort(),
  ).toEqual(
    [
      "inbox:delivered",
      "inbox:failed",
      "inbox:retry",
      "klaviyo:delivered",
      "klaviyo:failed",
      "klaviyo:retry",
      "webhook:delivered",
      "webhook:failed",
      "webhook:retry",
    ].sort(),
  );
  expect(samples.filter((s) => s.name.startsWith("site_requests_") && s.value !== 0)).toEqual([]);
  // Without a store, no gauge claims to know it.
  expect(samplesOf(samples, "site_requests_deliveries")).toEqual([]);
  expect(samplesOf(samples, "site_requests_oldest_undelivered_age_seconds")).toEqual([]);
});

test("counts what it is told, and a counter counts once however often it is scraped", async () => {
  const metrics = createMetrics({ logger: createLogger("silent") });
  metrics.requests.accepted("visit");
  metrics.requests.accepted("visit");
  metrics.requests.accepted("quote");
  metrics.requests.refused("samples", "unknown_sample");
  metrics.requests.refused("unknown", "invalid");
  metrics.requests.refused("consultation", "store_unavailable");
  metrics.requests.delivery("webhook", "delivered");
  metrics.requests.delivery("webhook", "failed");
  metrics.requests.delivery("klaviyo", "retry");
  for (let i = 0; i < 2; i++) {
    const samples = await scrape(metrics);
    expect(sumOf(samples, "site_requests_accepted_total", { kind: "visit" })).toBe(2);
    expect(sumOf(samples, "site_requests_accepted_total", { kind: "quote" })).toBe(1);
    expect(sumOf(samples, "site_requests_accepted_total")).toBe(3);
    expect(sumOf(samples, "site_requests_refused_total", { kind: "samples", reason: "unknown_sample" })).toBe(1);
    expect(sumOf(samples, "site_requests_refused_total", { kind: "unknown", reason: "invalid" })).toBe(1);
    expect(sumOf(samples, "site_requests_refused_total", { kind: "consultation", reason: "store_unavailable" })).toBe(
      1,
    );
    expect(sumOf(samples, "site_requests_refused_total")).toBe(3);
    expect(sumOf(samples, "site_requests_deliveries_total", { destination: "webhook", outcome: "delivered" })).toBe(1);
    expect(sumOf(samples, "site_requests_deliveries_total", { destination: "webhook", outcome: "failed" })).toBe(1);
    expect(sumOf(samples, "site_requests_deliveries_total", { destination: "klaviyo", outcome: "retry" })).toBe(1);
    expect(sumOf(samples, "site_requests_deliveries_total")).toBe(3);
  }
});

test("no value from outside the fixed lists becomes a series: an unknown kind is `unknown`, anything else is not counted and is logged", async () => {
  const { logger, lines } = capturingLogger("warn");
  const metrics = createMetrics({ logger });
  const before = series(await scrape(metrics));
  // What a caller that passed on a visitor's words unchecked would send.
  const visitors = ["../etc", "VISIT", "visit ", "a".repeat(500), "__proto__", "constructor"];
  for (const value of visitors) {
    metrics.requests.refused(value as RequestKind, "invalid");
    metrics.requests.accepted(value as RequestKind);
    metrics.requests.refused("visit", value as RefusalReason);
    metrics.requests.delivery(value as RequestDestination, "delivered");
    metrics.requests.delivery("webhook", value as RequestDeliveryOutcome);
  }
  const samples = await scrape(metrics);
  expect(series(samples)).toEqual(before);
  expect(sumOf(samples, "site_requests_refused_total", { kind: "unknown", reason: "invalid" })).toBe(visitors.length);
  expect(sumOf(samples, "site_requests_refused_total")).toBe(visitors.length);
  expect(sumOf(samples, "site_requests_accepted_total")).toBe(0);
  expect(sumOf(samples, "site_requests_deliveries_total")).toBe(0);
  // A caller's bug, said in the log (the value cut short), never in a label.
  expect(lines.filter((line) => /outside the fixed list/.test(line.msg))).toHaveLength(visitors.length * 4);
  expect(JSON.stringify(lines)).not.toContain("a".repeat(41));
});

test("the store's deliveries by status and the age of its oldest undelivered request are read at each scrape", async () => {
  const { state, store } = fakeStore();
  const metrics = createMetrics({ logger: createLogger("silent"), requests: store });
  let samples = await scrape(metrics);
  expect(
    samplesOf(samples, "site_requests_deliveries")
      .map((s) => [s.labels.status, s.value])
      .sort(),
  ).toEqual([
    ["delivered", 0],
    ["failed", 0],
    ["leased", 0],
    ["pending", 0],
  ]);
  // Nothing waits: 0.
  expect(samplesOf(samples, "site_requests_oldest_undelivered_age_seconds")).toEqual([
    { name: "site_requests_oldest_undelivered_age_seconds", labels: {}, value: 0 },
  ]);
  state.counts = { pending: 3, leased: 1, delivered: 40, failed: 2 };
  state.oldest = Date.now() - 45 * 60_000;
  samples = await scrape(metrics);
  expect(sumOf(samples, "site_requests_deliveries", { status: "pending" })).toBe(3);
  expect(sumOf(samples, "site_requests_deliveries", { status: "leased" })).toBe(1);
  expect(sumOf(samples, "site_requests_deliveries", { status: "delivered" })).toBe(40);
  expect(sumOf(samples, "site_requests_deliveries", { status: "failed" })).toBe(2);
  const age = sumOf(samples, "site_requests_oldest_undelivered_age_seconds");
  expect(age).toBeGreaterThanOrEqual(45 * 60);
  expect(age).toBeLessThan(45 * 60 + 5);
  // A clock behind the store's (another instance's) is no negative age.
  state.oldest = Date.now() + 60_000;
  expect(sumOf(await scrape(metrics), "site_requests_oldest_undelivered_age_seconds")).toBe(0);
});

test("a store that throws costs its two series, not the scrape, and they come back with it", async () => {
  const { logger, lines } = capturingLogger("warn");
  const { state, store } = fakeStore();
  const metrics = createMetrics({ logger, requests: store });
  metrics.requests.accepted("samples");
  state.counts.pending = 2;
  state.oldest = Date.now() - 60_000;
  expect(sumOf(await scrape(metrics), "site_requests_deliveries", { status: "pending" })).toBe(2);

  state.failure = new Error("firestore unavailable");
  const samples = await scrape(metrics);
  // The deliveries go missing; the age is unknown (NaN), not 0, which would say nothing waits.
  expect(samplesOf(samples, "site_requests_deliveries")).toEqual([]);
  const [age] = samplesOf(samples, "site_requests_oldest_undelivered_age_seconds");
  expect(age.value).toBeNaN();
  // Everything else is there.
  expect(sumOf(samples, "site_requests_accepted_total", { kind: "samples" })).toBe(1);
  expect(samplesOf(samples, "process_cpu_user_seconds_total")).toHaveLength(1);
  expect(lines.map((line) => line.msg)).toEqual([
    "metrics: could not count the request store's deliveries",
    "metrics: could not read the request store's oldest undelivered request",
  ]);

  state.failure = undefined;
  const back = await scrape(metrics);
  expect(sumOf(back, "site_requests_deliveries", { status: "pending" })).toBe(2);
  expect(sumOf(back, "site_requests_oldest_undelivered_age_seconds")).toBeGreaterThanOrEqual(60);
});

test("the app's own /metrics carries the request counters from the start, in its registry", async () => {
  // Through the app's route, as Prometheus scrapes it.
  const TOKEN = "scrape-token-0123456789abcdef";
  const { app } = createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  const res = await request(app).get("/metrics").set("Authorization", `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  const samples = parsePrometheusText(res.text);
  expect(samplesOf(samples, "site_requests_accepted_total")).toHaveLength(REQUEST_KINDS.length);
  expect(samplesOf(samples, "site_requests_deliveries_total")).toHaveLength(9);
});

test("the no-op metrics, for an app without METRICS_TOKEN, take every call", () => {
  expect(() => {
    noRequestMetrics.accepted("visit");
    noRequestMetrics.refused("unknown", "honeypot");
    noRequestMetrics.delivery("inbox", REQUEST_DELIVERY_OUTCOMES[0]);
  }).not.toThrow();
});

test("every request metric an alert or a dashboard panel reads is exposed once the store is given", async () => {
  const rules = parse(fs.readFileSync(path.join(ROOT, "deploy/prometheus/alerts.yaml"), "utf8")) as {
    groups: Array<{ rules: Array<{ expr: string }> }>;
  };
  const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, "deploy/grafana/site.json"), "utf8")) as {
    panels: Array<{ targets?: Array<{ expr: string }> }>;
  };
  const read = new Set(
    [
      ...rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
      ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
    ]
      .flatMap(metricNames)
      .filter((name) => name.startsWith("site_requests_")),
  );
  const metrics = createMetrics({ logger: createLogger("silent"), requests: fakeStore().store });
  const exposed = new Set((await scrape(metrics)).map((s) => s.name));
  // The rules and panels read all five.
  expect([...read].sort()).toEqual([
    "site_requests_accepted_total",
    "site_requests_deliveries",
    "site_requests_deliveries_total",
    "site_requests_oldest_undelivered_age_seconds",
    "site_requests_refused_total",
  ]);
  expect([...read].filter((name) => !exposed.has(name))).toEqual([]);
});
