/** The carousel's arithmetic, free of the DOM so it can be tested on the server. */

/** Where the track is: the slide nearest its start, and whether it can scroll either way. */
export interface CarouselPosition {
  index: number;
  atStart: boolean;
  atEnd: boolean;
}

/** Scroll distances under a pixel are rounding, not position. */
const EPSILON = 1;

/** Before measuring (and on the server): at the first slide; the end too when there is one slide or none. */
export function initialPosition(count: number): CarouselPosition {
  return { index: 0, atStart: true, atEnd: count <= 1 };
}

/** Keeps a slide index inside 0 … count − 1. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

/** "n of N", the label of slide `index` (zero-based). */
export function slideLabel(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}

/** The slide an arrow, Home or End key moves to, or null for any other key (leave it to the browser). */
export function keyTarget(key: string, current: number, count: number): number | null {
  switch (key) {
    case "ArrowRight":
      return clampIndex(current + 1, count);
    case "ArrowLeft":
      return clampIndex(current - 1, count);
    case "Home":
      return 0;
    case "End":
      return clampIndex(count - 1, count);
    default:
      return null;
  }
}

/** The index of the slide whose start is nearest the scroll position. */
export function nearestIndex(slideStarts: readonly number[], scrollLeft: number): number {
  let best = 0;
  for (let i = 1; i < slideStarts.length; i++) {
    if (Math.abs(slideStarts[i] - scrollLeft) < Math.abs(slideStarts[best] - scrollLeft)) best = i;
  }
  return best;
}

/**
 * Position from the track's measurements. At the end of the scroll the last slide counts as
 * current even when it cannot reach the start (several slides fit in view).
 */
export function positionFromScroll(
  slideStarts: readonly number[],
  scrollLeft: number,
  scrollWidth: number,
  clientWidth: number,
): CarouselPosition {
  const count = slideStarts.length;
  const atStart = scrollLeft <= EPSILON;
  const atEnd = scrollLeft + clientWidth >= scrollWidth - EPSILON;
  const index = atEnd && count > 0 ? count - 1 : atStart ? 0 : nearestIndex(slideStarts, scrollLeft);
  return { index, atStart, atEnd };
}
