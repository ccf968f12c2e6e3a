/**
 * Why visitors' page views were slow (decision record 026, docs/operations.md "Field speed"):
 * histograms of LCP's and INP's phases and counters of the kinds of element behind LCP, the
 * slowest interaction and the largest layout shift, labelled by page type, region and device
 * class, never by navigation type (LCP's phases are a document load's; INP's keep the label
 * space small). Labels come only from fixed lists (shared/fieldVitals.ts,
 * shared/vitals/elementKinds.ts, shared/vitals/phases.ts), so the worst case is a number
 * (`WHY_SERIES_MAX`), held by test/fieldVitalsWhySeries.test.ts. Written as text, as the field
 * histograms are (server/observability/metrics/vitalsMetrics.ts): a few thousand series in a millisecond.
 */
import { metricHeader, textHistogram } from "./textHistogram";
import { DEVICE_CLASSES, PAGE_TYPES, REGIONS } from "../../../shared/fieldVitals";
import { CLS_SOURCE_KINDS, INP_CONTROL_KINDS, LCP_ELEMENT_KINDS } from "../../../shared/vitals/elementKinds";
import { INP_PHASES, LCP_PHASES, type VitalsWhy } from "../../../shared/vitals/phases";

/** The labels of every series here beside its phase or kind. */
export interface WhyLabels {
  page_type: string;
  region: string;
  device_class: string;
}

/**
 * Fewer buckets than the metrics' own (docs/operations.md, "Field speed"): the row shows each
 * phase's share of a slow view, not its exact p75; LCP's at a quarter second, a second and LCP's
 * good threshold, INP's at 50 ms (web.dev's budget for a task) and INP's good threshold.
 */
export const WHY_HISTOGRAMS = {
  lcp: {
    name: "site_field_lcp_phase_seconds",
    help: "Phases of visitors' Largest Contentful Paint (ttfb, load_delay, load_duration, render_delay), per page load.",
    phases: LCP_PHASES,
    buckets: [0.25, 1, 2.5],
  },
  inp: {
    name: "site_field_inp_phase_seconds",
    help: "Phases of visitors' Interaction to Next Paint (input_delay, processing, presentation), per page view whose INP web-vitals attributed.",
    phases: INP_PHASES,
    buckets: [0.05, 0.2],
  },
} as const;

export const WHY_COUNTERS = {
  lcp: {
    name: "site_field_lcp_element_total",
    help: "Visitors' page loads by the kind of their LCP element (shared/vitals/elementKinds.ts).",
    kinds: LCP_ELEMENT_KINDS,
  },
  inp: {
    name: "site_field_inp_control_total",
    help: "Visitors' page views by the kind of control of their slowest interaction (shared/vitals/elementKinds.ts).",
    kinds: INP_CONTROL_KINDS,
  },
  cls: {
    name: "site_field_cls_source_total",
    help: "Visitors' page views that shifted, by the kind of element of their largest shift (shared/vitals/elementKinds.ts).",
    kinds: CLS_SOURCE_KINDS,
  },
} as const;

const LABEL_SETS = PAGE_TYPES.length * REGIONS.length * DEVICE_CLASSES.length;
/** The worst case: every phase's and kind's series for every page type, region and device class. */
export const WHY_SERIES_MAX =
  LABEL_SETS *
  (Object.values(WHY_HISTOGRAMS).reduce((n, h) => n + h.phases.length * (h.buckets.length + 3), 0) +
    Object.values(WHY_COUNTERS).reduce((n, c) => n + c.kinds.length, 0));

/** Label values come from fixed lists without quotes or backslashes: written as they are. */
const labelText = (first: string, value: string, { page_type, region, device_class }: WhyLabels) =>
  `${first}="${value}",page_type="${page_type}",region="${region}",device_class="${device_class}"`;
const keyOf = (value: string, labels: WhyLabels) =>
  `${value}\u0000${labels.page_type}\u0000${labels.region}\u0000${labels.device_class}`;

function phaseHistogram({ name, help, buckets }: { name: string; help: string; buckets: readonly number[] }) {
  const histogram = textHistogram(name, help, buckets);
  return {
    observe: (phase: string, labels: WhyLabels, value: number) =>
      histogram.observe(keyOf(phase, labels), () => labelText("phase", phase, labels), value),
    text: histogram.text,
  };
}

function kindCounter({ name, help }: { name: string; help: string }) {
  const series = new Map<string, { prefix: string; value: number }>();
  return {
    inc(kind: string, labels: WhyLabels) {
      const key = keyOf(kind, labels);
      let one = series.get(key);
      if (!one) {
        one = { prefix: `${name}{${labelText("kind", kind, labels)}} `, value: 0 };
        series.set(key, one);
      }
      one.value++;
    },
    text() {
      if (series.size === 0) return "";
      const lines: string[] = [];
      for (const { prefix, value } of series.values()) lines.push(prefix + value);
      return `${metricHeader(name, help, "counter")}${lines.join("\n")}\n`;
    },
  };
}

export interface FieldWhyMetrics {
  /** Counts a checked report's `why` (server/observability/vitalsRoute.ts has checked it fits). */
  observe(labels: WhyLabels, why: VitalsWhy): void;
  exposition(): string;
}

export function createFieldWhyMetrics(): FieldWhyMetrics {
  const lcpPhases = phaseHistogram(WHY_HISTOGRAMS.lcp);
  const inpPhases = phaseHistogram(WHY_HISTOGRAMS.inp);
  const counters = {
    lcp: kindCounter(WHY_COUNTERS.lcp),
    inp: kindCounter(WHY_COUNTERS.inp),
    cls: kindCounter(WHY_COUNTERS.cls),
  };
  return {
    observe(labels, { lcp, inp, cls }) {
      if (lcp) {
        for (const phase of LCP_PHASES) lcpPhases.observe(phase, labels, lcp[phase]);
        counters.lcp.inc(lcp.kind, labels);
      }
      if (inp) {
        for (const phase of INP_PHASES) inpPhases.observe(phase, labels, inp[phase]);
        counters.inp.inc(inp.kind, labels);
      }
      if (cls) counters.cls.inc(cls.kind, labels);
    },
    exposition: () =>
      [lcpPhases, inpPhases, counters.lcp, counters.inp, counters.cls].map((metric) => metric.text()).join(""),
  };
}
