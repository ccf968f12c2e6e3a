/**
 * Keeps a scroll target in place while the page is still laying out: fonts swapping in, images
 * or embeds above the target taking their height. For a short while after a scroll to a hash
 * or a restored position, every change of the page's size puts the target back; the first
 * sign of the visitor scrolling (wheel, touch, keys, pointer) ends it, as does the time limit.
 */

export const HOLD_MS = 3000;

/** Inputs that mean the visitor is scrolling (or about to) by themselves. */
const USER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * `apply` scrolls to the target; `drifted` tells whether it has moved away since. Returns a
 * function that stops holding (also called on the next navigation).
 */
export function holdScroll(apply: () => void, drifted: () => boolean, durationMs = HOLD_MS): () => void {
  apply();
  let stopped = false;
  const recheck = () => {
    if (!stopped && drifted()) apply();
  };
  const resize = new ResizeObserver(recheck);
  resize.observe(document.body);
  // An image that loads changes the layout even when the body's size stays the same.
  document.addEventListener("load", recheck, true);
  void document.fonts?.ready.then(recheck);
  const stop = () => {
    if (stopped) return;
    stopped = true;
    resize.disconnect();
    clearTimeout(timer);
    document.removeEventListener("load", recheck, true);
    for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
  };
  for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  const timer = setTimeout(stop, durationMs);
  return stop;
}

/** The element a URL hash names, if any (ids are matched decoded, as browsers do). */
export function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* not percent-encoded: use as it is */
  }
  return document.getElementById(id);
}

/** Holds `element` where `scrollIntoView` puts it: under the header, minus its own `scroll-margin-top`. */
export function holdElement(element: HTMLElement): () => void {
  let top = Number.NaN;
  return holdScroll(
    () => {
      element.scrollIntoView({ block: "start" });
      top = element.getBoundingClientRect().top;
    },
    () => element.isConnected && Math.abs(element.getBoundingClientRect().top - top) > 1,
  );
}

/** Holds the window at `y` (a restored position the page may not have been tall enough for at first). */
export function holdPosition(y: number): () => void {
  return holdScroll(
    () => window.scrollTo(0, y),
    () => Math.abs(window.scrollY - y) > 1,
  );
}
