/**
 * The "why" metrics (server/observability/metrics/fieldWhyMetrics.ts): a report's LCP and INP
 * phases into their histograms and its kinds of element into their counters, as an operator reads
 * them on /metrics; every label combination rendered in a few milliseconds.
 */
import { DEVICE_CLASSES, PAGE_TYPES, REGIONS } from "../shared/fieldVitals";
import { CLS_SOURCE_KINDS, INP_CONTROL_KINDS, LCP_ELEMENT_KINDS } from "../shared/vitals/elementKinds";
import { createFieldWhyMetrics, WHY_HISTOGRAMS } from "../server/observability/metrics/fieldWhyMetrics";
import { parsePrometheusText, sumOf } from "./support/prometheusText";

const phone = { page_type: "index", region: "uk", device_class: "mobile" };
const lcp = { ttfb: 0.4, load_delay: 0.1, load_duration: 1.6, render_delay: 0.05, kind: "hero-image" as const };
const inp = { input_delay: 0.02, processing: 0.3, presentation: 0.04, kind: "menu-button" as const };

test("a view's phases land in their buckets and its kinds are counted, by page type, region and device class", () => {
  const why = createFieldWhyMetrics();
  why.observe(phone, { lcp, inp, cls: { kind: "body-text" } });
  why.observe(phone, { lcp: { ...lcp, load_duration: 0.2, kind: "heading-text" } });
  why.observe({ ...phone, region: "us" }, { inp: { ...inp, processing: 0.01, kind: "link" } });
  const samples = parsePrometheusText(why.exposition());
  const lcpPhase = (phase: string, le: string) =>
    sumOf(samples, "site_field_lcp_phase_seconds_bucket", { ...phone, phase, le });
  // load_duration: 1.6 s and 0.2 s; buckets 0.25, 1, 2.5.
  expect([lcpPhase("load_duration", "0.25"), lcpPhase("load_duration", "1"), lcpPhase("load_duration", "2.5")]).toEqual(
    [1, 1, 2],
  );
  expect(sumOf(samples, "site_field_lcp_phase_seconds_count", { phase: "ttfb" })).toBe(2);
  expect(sumOf(samples, "site_field_lcp_phase_seconds_sum", { phase: "load_duration" })).toBeCloseTo(1.8, 9);
  expect(sumOf(samples, "site_field_inp_phase_seconds_sum", { phase: "processing", region: "uk" })).toBeCloseTo(0.3, 9);
  expect(sumOf(samples, "site_field_inp_phase_seconds_bucket", { phase: "processing", le: "0.05" })).toBe(1);
  expect(sumOf(samples, "site_field_lcp_element_total", { kind: "hero-image" })).toBe(1);
  expect(sumOf(samples, "site_field_lcp_element_total", { kind: "heading-text" })).toBe(1);
  expect(sumOf(samples, "site_field_inp_control_total", { kind: "menu-button", ...phone })).toBe(1);
  expect(sumOf(samples, "site_field_inp_control_total", { kind: "link", region: "us" })).toBe(1);
  expect(sumOf(samples, "site_field_cls_source_total", { kind: "body-text" })).toBe(1);
  // Every phase of the histogram once per view, in the order of a page view.
  expect(
    samples
      .filter((s) => s.name === "site_field_lcp_phase_seconds_count")
      .map((s) => s.labels.phase)
      .slice(0, 4),
  ).toEqual(WHY_HISTOGRAMS.lcp.phases);
});

test("nothing observed, nothing written: no series before the first report", () => {
  expect(createFieldWhyMetrics().exposition()).toBe("");
});

test("every label combination renders in a few milliseconds", () => {
  const why = createFieldWhyMetrics();
  for (const page_type of PAGE_TYPES)
    for (const region of REGIONS)
      for (const device_class of DEVICE_CLASSES)
        for (let i = 0; i < 7; i++)
          why.observe(
            { page_type, region, device_class },
            {
              lcp: { ...lcp, kind: LCP_ELEMENT_KINDS[i % LCP_ELEMENT_KINDS.length] },
              inp: { ...inp, kind: INP_CONTROL_KINDS[i % INP_CONTROL_KINDS.length] },
              cls: { kind: CLS_SOURCE_KINDS[i % CLS_SOURCE_KINDS.length] },
            },
          );
  const times: number[] = [];
  let text = "";
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    text = why.exposition();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`why metrics: ${parsePrometheusText(text).length} series rendered in ${times[0].toFixed(2)} ms at best`);
  // The quickest: on a busy machine a median is the other work's.
  expect(times[0]).toBeLessThanOrEqual(5);
});
