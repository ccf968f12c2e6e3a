/**
 * Core Web Vitals from visitors' browsers (docs/behaviour.md section 7.6): one histogram per
 * metric, in base units (seconds; CLS unitless), whose buckets include Google's "good" and
 * "poor" thresholds, so the share of good views and the p75 can be read at the boundaries that
 * matter. Labels come only from the fixed lists of shared/fieldVitals.ts; refused reports are
 * counted by reason.
 */
import { textHistogram } from "./textHistogram";
import { Counter, type Registry } from "prom-client";
import { VITAL_NAMES, type VitalName } from "../../../shared/fieldVitals";
import type { VitalsWhy } from "../../../shared/vitals/phases";
import { createFieldWhyMetrics, type WhyLabels } from "./fieldWhyMetrics";

export const VITAL_LABELS = ["page_type", "region", "device_class", "navigation_type"] as const;
export type VitalLabel = (typeof VITAL_LABELS)[number];

/** Why a report was refused; each a fixed label value. */
export const REFUSAL_REASONS = [
  "rate_limited",
  "origin",
  "too_large",
  "encoding",
  "not_json",
  "invalid",
  "client_limit",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

interface VitalSeries {
  name: string;
  help: string;
  /**
   * Google's good and poor thresholds, and one bound past poor, so that a p75 past poor reads as
   * past it (histogram_quantile answers the highest finite bound for a rank in +Inf) and the
   * label space stays small (docs/operations.md, "Field speed").
   */
  buckets: number[];
}

export const VITAL_SERIES: Record<VitalName, VitalSeries> = {
  LCP: {
    name: "web_vitals_lcp_seconds",
    help: "Largest Contentful Paint of visitors' page loads (good ≤ 2.5 s, poor > 4 s).",
    buckets: [2.5, 4, 8],
  },
  INP: {
    name: "web_vitals_inp_seconds",
    help: "Interaction to Next Paint of visitors' page views, client navigations included (good ≤ 0.2 s, poor > 0.5 s).",
    buckets: [0.2, 0.5, 1],
  },
  CLS: {
    name: "web_vitals_cls",
    help: "Cumulative Layout Shift of visitors' page views, client navigations included (good ≤ 0.1, poor > 0.25).",
    buckets: [0.1, 0.25, 0.5],
  },
  FCP: {
    name: "web_vitals_fcp_seconds",
    help: "First Contentful Paint of visitors' page loads (good ≤ 1.8 s, poor > 3 s).",
    buckets: [1.8, 3, 6],
  },
  TTFB: {
    name: "web_vitals_ttfb_seconds",
    help: "Time to First Byte of visitors' page loads, redirects and connection included (good ≤ 0.8 s, poor > 1.8 s).",
    buckets: [0.8, 1.8, 4],
  },
};

export interface VitalsMetrics {
  observe(name: VitalName, labels: Record<VitalLabel, string>, value: number): void;
  refuse(reason: RefusalReason): void;
  /** A client's first counted view of a page type in a region within the hour. */
  client(labels: Pick<Record<VitalLabel, string>, "page_type" | "region">): void;
  /** Why a counted page view was slow: its phases and kinds of element (server/observability/metrics/fieldWhyMetrics.ts). */
  explain?(labels: WhyLabels, why: VitalsWhy): void;
  /** The histograms in Prometheus' text format, appended to the registry's by GET /metrics. */
  exposition(): string;
}

const escapeLabel = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/** A vital's histogram: its label values make the key, escaped once for a new series. */
function vitalHistogram({ name, help, buckets }: VitalSeries) {
  const histogram = textHistogram(name, help, buckets);
  return {
    observe: (labels: Record<VitalLabel, string>, value: number) =>
      histogram.observe(
        `${labels.page_type}\u0000${labels.region}\u0000${labels.device_class}\u0000${labels.navigation_type}`,
        () => VITAL_LABELS.map((label) => `${label}="${escapeLabel(labels[label])}"`).join(","),
        value,
      ),
    text: histogram.text,
  };
}

export function createVitalsMetrics(registry: Registry): VitalsMetrics {
  const registers = [registry];
  const histograms = Object.fromEntries(
    Object.entries(VITAL_SERIES).map(([vital, series]) => [vital, vitalHistogram(series)]),
  ) as Record<VitalName, ReturnType<typeof vitalHistogram>>;
  const refused = new Counter({
    name: "web_vitals_reports_refused_total",
    help: "Reports to POST /api/vitals refused, by reason: rate_limited, origin (not the site's), too_large, encoding (compressed), not_json, invalid (outside the schema, the fixed lists or a page view's order of times), client_limit (answered 204: past the few page views an hour one client is counted for).",
    labelNames: ["reason"] as const,
    registers,
  });
  const clients = new Counter({
    name: "web_vitals_clients_total",
    help: "Clients counted in the field histograms, once per page type and region an hour each (per instance): what the field alerts ask several of, so that one client cannot fire or hide them.",
    labelNames: ["page_type", "region"] as const,
    registers,
  });
  // Every reason from the start at 0, so a rate of refusals is defined before the first one.
  for (const reason of REFUSAL_REASONS) refused.inc({ reason }, 0);
  const why = createFieldWhyMetrics();
  return {
    observe: (name, labels, value) => histograms[name].observe(labels, value),
    refuse: (reason) => refused.inc({ reason }),
    client: (labels) => clients.inc(labels),
    explain: (labels, reasons) => why.observe(labels, reasons),
    exposition: () =>
      VITAL_NAMES.map((name) => histograms[name].text())
        .filter(Boolean)
        .join("") + why.exposition(),
  };
}
