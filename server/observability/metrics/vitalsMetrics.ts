/**
 * Core Web Vitals from visitors' browsers (docs/behaviour.md section 7.6): one histogram per
 * metric, in base units (seconds; CLS unitless), whose buckets include Google's "good" and
 * "poor" thresholds, so the share of good views and the p75 can be read at the boundaries that
 * matter. Labels come only from the fixed lists of shared/fieldVitals.ts; refused reports are
 * counted by reason.
 */
import { Counter, Histogram, type Registry } from "prom-client";
import type { VitalName } from "../../../shared/fieldVitals";

export const VITAL_LABELS = ["page_type", "region", "device_class", "navigation_type"] as const;
export type VitalLabel = (typeof VITAL_LABELS)[number];

/** Why a report was refused; each a fixed label value. */
export const REFUSAL_REASONS = ["rate_limited", "origin", "too_large", "encoding", "not_json", "invalid"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

interface VitalSeries {
  name: string;
  help: string;
  /** Google's good/poor thresholds are among them. */
  buckets: number[];
}

export const VITAL_SERIES: Record<VitalName, VitalSeries> = {
  LCP: {
    name: "web_vitals_lcp_seconds",
    help: "Largest Contentful Paint of visitors' page loads (good ≤ 2.5 s, poor > 4 s).",
    buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 15],
  },
  INP: {
    name: "web_vitals_inp_seconds",
    help: "Interaction to Next Paint of visitors' page views, client navigations included (good ≤ 0.2 s, poor > 0.5 s).",
    buckets: [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.8, 1.2, 2, 5],
  },
  CLS: {
    name: "web_vitals_cls",
    help: "Cumulative Layout Shift of visitors' page views, client navigations included (good ≤ 0.1, poor > 0.25).",
    buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  },
  FCP: {
    name: "web_vitals_fcp_seconds",
    help: "First Contentful Paint of visitors' page loads (good ≤ 1.8 s, poor > 3 s).",
    buckets: [0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10],
  },
  TTFB: {
    name: "web_vitals_ttfb_seconds",
    help: "Time to First Byte of visitors' page loads, redirects and connection included (good ≤ 0.8 s, poor > 1.8 s).",
    buckets: [0.1, 0.2, 0.4, 0.6, 0.8, 1.2, 1.8, 3, 5],
  },
};

export interface VitalsMetrics {
  observe(name: VitalName, labels: Record<VitalLabel, string>, value: number): void;
  refuse(reason: RefusalReason): void;
}

export function createVitalsMetrics(registry: Registry): VitalsMetrics {
  const registers = [registry];
  const histograms = Object.fromEntries(
    Object.entries(VITAL_SERIES).map(([vital, series]) => [
      vital,
      new Histogram({ ...series, labelNames: VITAL_LABELS, registers }),
    ]),
  ) as Record<VitalName, Histogram<VitalLabel>>;
  const refused = new Counter({
    name: "web_vitals_reports_refused_total",
    help: "Reports to POST /api/vitals refused, by reason: rate_limited, origin (not the site's), too_large, encoding (compressed), not_json, invalid (outside the schema or the fixed lists).",
    labelNames: ["reason"] as const,
    registers,
  });
  // Every reason from the start at 0, so a rate of refusals is defined before the first one.
  for (const reason of REFUSAL_REASONS) refused.inc({ reason }, 0);
  return {
    observe: (name, labels, value) => histograms[name].observe(labels, value),
    refuse: (reason) => refused.inc({ reason }),
  };
}
