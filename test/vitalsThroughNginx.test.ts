/**
 * One stranger's field speed reports through the deploy's nginx to a built instance
 * (docs/operations.md, "Field speed"): nginx lets one client through at about one report per
 * page view, and of what it lets through the instance counts the client's first few page views,
 * answering the rest 204 and counting them as refused (client_limit).
 */
import { startBuiltServer, type RunningServer } from "./support/builtServer";
import { parsePrometheusText, sumOf } from "./support/prometheusText";
import { startNginx, type Nginx } from "./support/siteCluster";

const METRICS_TOKEN = "metrics-token-for-the-vitals-through-nginx-test";
let app: RunningServer;
let nginx: Nginx;

beforeAll(async () => {
  app = await startBuiltServer({ TRUST_PROXY: "1", METRICS_TOKEN });
  nginx = await startNginx({
    upstreams: [new URL(app.url).host],
    offlinePage: "offline",
    realIpFrom: "127.0.0.1",
  });
}, 60_000);
afterAll(async () => {
  await nginx?.stop();
  await app?.stop();
});

const report = {
  page: "materials-samples",
  region: "us",
  device: "mobile",
  nav: "navigate",
  metrics: { TTFB: 1, FCP: 2, LCP: 5 },
};

test("60 poor reports from one address in a few seconds: nginx lets 11 through, the instance counts 5", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${nginx.url}/api/vitals`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", origin: app.url, "x-forwarded-for": "203.0.113.60" },
      body: JSON.stringify(report),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  const text = await (
    await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const samples = parsePrometheusText(text);
  const counted = sumOf(samples, "web_vitals_lcp_seconds_count", { page_type: "materials-samples" });
  const refused = sumOf(samples, "web_vitals_reports_refused_total", { reason: "client_limit" });
  const clients = sumOf(samples, "web_vitals_clients_total", { page_type: "materials-samples" });
  const passed = statuses.filter((s) => s === 204).length;
  console.log(
    `/api/vitals through nginx: 60 reports from one address, ${passed} passed nginx (${statuses.filter((s) => s === 429).length} answered 429), ${counted} counted, ${refused} refused as client_limit, ${clients} client`,
  );
  expect(statuses.filter((s) => s !== 204 && s !== 429)).toEqual([]);
  // nginx.conf: a burst of 10 and 6 a minute (one more may be earned while the test runs).
  expect(passed).toBeGreaterThanOrEqual(10);
  expect(passed).toBeLessThanOrEqual(12);
  expect(counted).toBe(5);
  expect(refused).toBe(passed - 5);
  expect(clients).toBe(1);
}, 60_000);
