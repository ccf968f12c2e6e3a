/**
 * The visitors' reports the dashboard's picture is drawn with (scripts/ops/fieldReports.mjs):
 * posted as the script posts them, each is a body the site's POST /api/vitals accepts from a
 * browser and counts; together they cover every page type, both regions and every device class,
 * with the shape of field data (phones slower than desktops, WebKit without LCP, INP or CLS, a
 * client navigation with INP and CLS only) and percentiles a real site could show; a landing view
 * says why (phases adding up to its LCP and INP, kinds of element), as the attribution does.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEVICE_CLASSES, PAGE_TYPES as KNOWN_PAGE_TYPES, REGIONS, type VitalsReport } from "../shared/fieldVitals";
import { drawReport, PAGE_TYPES, postReport } from "../scripts/ops/fieldReports.mjs";
import { parsePrometheusText, sumOf } from "./support/prometheusText";
import { createTestApp } from "./support/testApp";

const METRICS_TOKEN = "metrics-token-for-the-field-reports-test";

/** A seeded generator (mulberry32), so a failure draws the same reports again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function draw(count: number, seed = 7): VitalsReport[] {
  const random = seeded(seed);
  const reports: VitalsReport[] = [];
  while (reports.length < count) {
    const report = drawReport(random);
    if (report) reports.push(report);
  }
  return reports;
}

const p75 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.75)];
const valuesOf = (reports: VitalsReport[], metric: keyof VitalsReport["metrics"]) =>
  reports.flatMap((r) => (r.metrics[metric] === undefined ? [] : [r.metrics[metric] as number]));

test("every drawn report, posted as the dashboard script posts it, is accepted by the site's endpoint and counted", async () => {
  const { app } = createTestApp({ env: { METRICS_TOKEN } });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const reports = draw(150);
    // Each from its own loopback address, as the script sends them: more than one address's limit a minute.
    const statuses = await Promise.all(
      reports.map((report, i) =>
        postReport(url, JSON.stringify(report), { origin: "http://localhost:3000", from: `127.0.1.${2 + i}` }),
      ),
    );
    expect(statuses.filter((status) => status !== 204)).toEqual([]);
    const text = await (
      await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const samples = parsePrometheusText(text);
    expect(sumOf(samples, "web_vitals_ttfb_seconds_count")).toBe(valuesOf(reports, "TTFB").length);
    expect(sumOf(samples, "web_vitals_lcp_seconds_sum")).toBeCloseTo(
      valuesOf(reports, "LCP").reduce((a, b) => a + b, 0),
      6,
    );
    // Their why (phases, kinds of element) is accepted and counted with them.
    const withWhy = (part: "lcp" | "inp") => reports.filter((r) => r.why?.[part]).length;
    expect(withWhy("lcp")).toBeGreaterThan(50);
    expect(sumOf(samples, "site_field_lcp_element_total")).toBe(withWhy("lcp"));
    expect(sumOf(samples, "site_field_inp_phase_seconds_count", { phase: "processing" })).toBe(withWhy("inp"));
    // A report without the page's Origin, as junk is sent, is refused.
    expect(await postReport(url, JSON.stringify(reports[0]), { from: "127.0.2.2" })).toBe(403);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test("the reports cover every page type drawn, both regions and every device class, with the labels the endpoint knows", () => {
  const reports = draw(5000);
  expect(new Set(reports.map((r) => r.page))).toEqual(new Set(PAGE_TYPES.map((t) => t.page)));
  for (const page of PAGE_TYPES) expect(KNOWN_PAGE_TYPES).toContain(page.page);
  expect(new Set(reports.map((r) => r.region))).toEqual(new Set(REGIONS));
  expect(new Set(reports.map((r) => r.device))).toEqual(new Set(DEVICE_CLASSES));
});

test("they have the shape of field data: phones slower than desktops, WebKit without LCP, INP or CLS, client and restored views with INP and CLS only, prerendered pages at once", () => {
  const reports = draw(10_000);
  const on = (device: string) => reports.filter((r) => r.device === device && r.nav === "navigate");
  expect(p75(valuesOf(on("mobile"), "LCP"))).toBeGreaterThan(p75(valuesOf(on("desktop"), "LCP")));
  expect(p75(valuesOf(on("mobile"), "INP"))).toBeGreaterThan(p75(valuesOf(on("desktop"), "INP")));
  // Every time metric in order: the first byte, then the first paint, then the largest.
  const outOfOrder = reports.filter(
    ({ metrics: m }) =>
      (m.FCP !== undefined && m.FCP < (m.TTFB as number)) || (m.LCP !== undefined && m.LCP < (m.FCP as number)),
  );
  expect(outOfOrder).toEqual([]);
  const webkitLike = reports.filter(
    (r) => r.nav !== "client" && r.nav !== "back-forward-cache" && r.metrics.LCP === undefined,
  );
  expect(webkitLike.length).toBeGreaterThan(reports.length * 0.1);
  expect(new Set(webkitLike.map((r) => Object.keys(r.metrics).sort().join()))).toEqual(new Set(["FCP,TTFB"]));
  // Views that load nothing (a client navigation, the back/forward cache) report INP and CLS only.
  for (const nav of ["client", "back-forward-cache"]) {
    const viewMetrics = reports.filter((r) => r.nav === nav).flatMap((r) => Object.keys(r.metrics));
    expect(new Set(viewMetrics)).toEqual(new Set(["INP", "CLS"]));
  }
  const prerendered = reports.filter((r) => r.nav === "prerender");
  expect(new Set(prerendered.map((r) => r.metrics.TTFB))).toEqual(new Set([0]));
});

test("their 75th percentiles are a real site's: mostly good, image-heavy project pages near LCP's 'needs improvement', none poor", () => {
  const reports = draw(10_000);
  const loads = reports.filter((r) => r.nav === "navigate");
  const lcpOf = (page: string) =>
    p75(
      valuesOf(
        loads.filter((r) => r.page === page),
        "LCP",
      ),
    );
  for (const { page } of PAGE_TYPES) {
    expect(lcpOf(page)).toBeGreaterThan(1);
    expect(lcpOf(page)).toBeLessThan(4);
  }
  expect(lcpOf("gallery-uid")).toBeGreaterThan(lcpOf("section-uid"));
  expect(p75(valuesOf(reports, "INP"))).toBeLessThan(0.5);
  expect(p75(valuesOf(reports, "CLS"))).toBeLessThan(0.1);
  expect(p75(valuesOf(loads, "FCP"))).toBeLessThan(3);
  expect(p75(valuesOf(loads, "TTFB"))).toBeLessThan(1.8);
  expect(
    p75(
      valuesOf(
        loads.filter((r) => r.region === "us"),
        "TTFB",
      ),
    ),
  ).toBeGreaterThan(
    p75(
      valuesOf(
        loads.filter((r) => r.region === "uk"),
        "TTFB",
      ),
    ),
  );
});
