/**
 * Why a page view was slow (decision record 026, docs/operations.md "Field speed"): the phases
 * LCP and INP split into, as web-vitals' attribution build measures them, and the kinds of element
 * involved (shared/vitals/elementKinds.ts). Phase names are the label values of the phase
 * histograms and the keys a report carries them under, in seconds.
 */
import type { ElementKind } from "./elementKinds";

/** LCP: the first byte, the wait before the image's request, its download, then until painted. */
export const LCP_PHASES = ["ttfb", "load_delay", "load_duration", "render_delay"] as const;
export type LcpPhase = (typeof LCP_PHASES)[number];

/** INP: until the handlers ran, the handlers, then until the next paint. */
export const INP_PHASES = ["input_delay", "processing", "presentation"] as const;
export type InpPhase = (typeof INP_PHASES)[number];

/**
 * How far a page view's phases may add up from its metric, in seconds: each phase is rounded to
 * the millisecond (LCP's four exactly partition it); INP's are web-vitals' over the interaction's
 * frame, whose end is clamped after its handlers, and Event Timing rounds durations to 8 ms.
 */
export const PHASE_SUM_TOLERANCE = { lcp: 0.005, inp: 0.02 } as const;

/** A report's optional `why`: each part only beside its metric, the phases adding up to it. */
export interface VitalsWhy {
  lcp?: Record<LcpPhase, number> & { kind: ElementKind };
  inp?: Record<InpPhase, number> & { kind: ElementKind };
  cls?: { kind: ElementKind };
}
