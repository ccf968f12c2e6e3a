import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Navigations quicker than this show no bar at all. */
export const SHOW_AFTER_MS = 100;
const TICK_MS = 200;
/** How long the full bar stays once the page has arrived. */
const DONE_MS = 250;

/** Progress values are percentages: anything else is brought into 0..100 (docs/behaviour.md section 2.9). */
export function clampProgress(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}

/** Creeps towards 90 % while the page loads; it never claims to be done before it is. */
export const nextProgress = (value: number): number => clampProgress(value + (90 - value) * 0.12);

/**
 * A thin bar (4 px, docs/behaviour.md section 2.9) in the accent colour across the top of the window while a client
 * navigation takes longer than about 100 ms. Its width is an SVG rect's `width` attribute:
 * the CSP allows no `style` attribute. Announced as a progress bar with its value.
 */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const [value, setValue] = useState<number | null>(null);

  useEffect(() => {
    if (busy) {
      const show = setTimeout(() => setValue(10), SHOW_AFTER_MS);
      const tick = setInterval(() => setValue((v) => (v === null ? v : nextProgress(v))), TICK_MS);
      return () => {
        clearTimeout(show);
        clearInterval(tick);
      };
    }
    setValue((v) => (v === null ? null : 100));
    const hide = setTimeout(() => setValue(null), DONE_MS);
    return () => clearTimeout(hide);
  }, [busy]);

  if (value === null) return null;
  const now = Math.round(clampProgress(value));
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label="Loading page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={now}
    >
      <svg viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect className="progress-bar__value" width={now} height={4} />
      </svg>
    </div>
  );
}
