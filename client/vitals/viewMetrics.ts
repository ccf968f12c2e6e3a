/**
 * INP and CLS of one page view among several in a document (docs/behaviour.md section 7.6):
 * after a client navigation, `web-vitals` (which measures the whole document) cannot tell
 * one view's interactions and shifts from another's, so they are counted here from the entries
 * of the view's own span of time, by web-vitals' own rules: INP is the longest interaction
 * (the 98th percentile from 50 interactions on), CLS the largest session window of shifts
 * without recent input (gaps under 1 s, at most 5 s long).
 */
import type { InteractionEntry } from "./earlyInteractions";

export interface Span {
  from: number;
  to: number;
}

const within = (time: number, span: Span) => time >= span.from && time < span.to;

/**
 * The view's INP in milliseconds, or undefined when the visitor did not interact. `interactions`
 * is how many the view had by the engine's own count (`performance.interactionCount`, where there
 * is one): the percentile is taken over all of them, as web-vitals does, and interactions that
 * all ended under the observer's 16 ms threshold (so left no entry) make an INP of 0, not none,
 * so a quick view still counts among the views.
 */
export function interactionToNextPaint(
  entries: readonly InteractionEntry[],
  span: Span,
  interactions?: number,
): number | undefined {
  const longest = new Map<number, number>();
  for (const entry of entries) {
    if (!within(entry.startTime, span)) continue;
    longest.set(entry.interactionId, Math.max(longest.get(entry.interactionId) ?? 0, entry.duration));
  }
  const count = Math.max(longest.size, interactions ?? 0);
  if (count === 0) return undefined;
  if (longest.size === 0) return 0;
  const latencies = [...longest.values()].sort((a, b) => b - a);
  return latencies[Math.min(latencies.length - 1, Math.floor(count / 50))];
}

export interface ShiftEntry {
  startTime: number;
  value: number;
  hadRecentInput: boolean;
}

/** The view's CLS: its largest session window of unexpected layout shifts (0 when none). */
export function cumulativeLayoutShift(shifts: readonly ShiftEntry[], span: Span): number {
  let largest = 0;
  let session = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (shift.hadRecentInput || !within(shift.startTime, span)) continue;
    if (session && shift.startTime - last < 1000 && shift.startTime - first < 5000) session += shift.value;
    else {
      session = shift.value;
      first = shift.startTime;
    }
    last = shift.startTime;
    largest = Math.max(largest, session);
  }
  return largest;
}
