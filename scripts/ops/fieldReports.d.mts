/** Types of scripts/ops/fieldReports.mjs, for the TypeScript that imports it. */
import type { VitalsReport } from "../../shared/fieldVitals";

export const PAGE_TYPES: { page: string; share: number; lcp: number }[];
export const DEVICES: Record<
  "mobile" | "tablet" | "desktop",
  { share: number; ttfb: number; fcpAfter: number; lcpAfter: number; inp: number; webkit: number }
>;
/** One page view's report, as client/vitals/fieldVitals.ts sends it; `undefined` when it would send none. */
export function drawReport(random?: () => number): VitalsReport | undefined;
/** Posts a report's body to the site's /api/vitals as sendBeacon does; resolves to the answer's status. */
export function postReport(
  siteUrl: string,
  body: string,
  options: { origin?: string; from?: string },
): Promise<number | undefined>;
