/**
 * A page view's `why` from web-vitals' attribution (shared/vitals/phases.ts, decision record 026):
 * LCP's four phases and INP's three in seconds to the millisecond, and the kinds of element, as
 * the endpoint checks them (shared/vitals/whySchema.ts). A part that would not fit its metric (an
 * INP that is the early observer's, not web-vitals' interaction) is left out, not sent to be refused.
 */
import type { INPMetricWithAttribution, LCPMetricWithAttribution } from "web-vitals/attribution";
import {
  CLS_SOURCE_KINDS,
  type ElementKind,
  INP_CONTROL_KINDS,
  LCP_ELEMENT_KINDS,
} from "../../shared/vitals/elementKinds";
import { PHASE_SUM_TOLERANCE, type VitalsWhy } from "../../shared/vitals/phases";

/** Milliseconds to seconds at the millisecond, never below 0. */
const seconds = (ms: number) => Math.max(0, Math.round(ms)) / 1000;

/**
 * The attribution's target as a kind the metric allows (shared/vitals/elementKinds.ts): ours
 * (generateTarget), or `other` for anything else, such as the `#id` web-vitals builds for an LCP
 * element already removed, which never leaves the page.
 */
export const kindOfTarget = (target: string | undefined, allowed: readonly ElementKind[]): ElementKind =>
  allowed.includes(target as ElementKind) ? (target as ElementKind) : "other";

/** The kind of a CLS attribution's largest shift source. */
export const shiftKind = (target: string | undefined) => kindOfTarget(target, CLS_SOURCE_KINDS);

const addsUpTo = (phases: number[], value: number, tolerance: number) =>
  Math.abs(phases.reduce((a, b) => a + b, 0) - value) <= tolerance;

/** LCP's phases and element kind; the phases rescaled to `lcp` (seconds) if rounding moved them apart. */
export function lcpWhy({ attribution: a }: LCPMetricWithAttribution, lcp: number): NonNullable<VitalsWhy["lcp"]> {
  const part = {
    ttfb: seconds(a.timeToFirstByte),
    load_delay: seconds(a.resourceLoadDelay),
    load_duration: seconds(a.resourceLoadDuration),
    render_delay: seconds(a.elementRenderDelay),
    kind: kindOfTarget(a.target, LCP_ELEMENT_KINDS),
  };
  // The render delay is what remains: the four phases then add up to the LCP sent.
  if (!addsUpTo([part.ttfb, part.load_delay, part.load_duration, part.render_delay], lcp, PHASE_SUM_TOLERANCE.lcp))
    part.render_delay = Math.max(0, Math.round((lcp - part.ttfb - part.load_delay - part.load_duration) * 1000) / 1000);
  return part;
}

/** INP's phases and control kind, if web-vitals' interaction is the view's INP (`inp`, seconds). */
export function inpWhy({ attribution: a }: INPMetricWithAttribution, inp: number): VitalsWhy["inp"] {
  const part = {
    input_delay: seconds(a.inputDelay),
    processing: seconds(a.processingDuration),
    presentation: seconds(a.presentationDelay),
    kind: kindOfTarget(a.interactionTarget, INP_CONTROL_KINDS),
  };
  return addsUpTo([part.input_delay, part.processing, part.presentation], inp, PHASE_SUM_TOLERANCE.inp)
    ? part
    : undefined;
}
