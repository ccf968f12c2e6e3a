/**
 * When the wake's work may start (docs/browsers-wake.md, decision record 026): a press (a finger
 * or button going down, a key) is only the start of an interaction. Its click or key-up comes
 * next, and the interaction's latency, what INP counts, runs to the paint after its slowest
 * event. Work started at the press, such as evaluating the app's modules (tens of milliseconds
 * each on a phone), would sit between the press and its click and hold back that paint. So the
 * wake waits for the press to end and for the frame that shows its result; other wakes (a focus
 * change, a scroll, a pointer moving) have nothing after them to hold back and go on at once.
 */

/** The events that end each kind of press: one of them, whichever comes first. */
const PRESS_ENDS: Readonly<Record<string, readonly string[]>> = {
  pointerdown: ["click", "pointercancel"],
  touchstart: ["click", "touchcancel"],
  keydown: ["keyup"],
};

/** A press held longer than this (a long press, a finger resting) no longer holds the wake back. */
export const LONGEST_PRESS_MS = 1000;

/**
 * After the frame that follows now: a task queued from an animation frame runs once that frame
 * has been painted. A hidden page paints no frames: then a short timer instead.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/** Resolves once the press `event` began has ended (at once for anything but a press). */
function pressEnded(event: Event | undefined): Promise<void> {
  const ends = event ? PRESS_ENDS[event.type] : undefined;
  if (!ends) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const type of ends) window.removeEventListener(type, done, true);
      resolve();
    };
    const timer = setTimeout(done, LONGEST_PRESS_MS);
    for (const type of ends) window.addEventListener(type, done, { capture: true, passive: true });
  });
}

/** Resolves once the interaction `event` began has been handled and painted. */
export async function afterPress(event: Event | undefined): Promise<void> {
  await pressEnded(event);
  await afterNextPaint();
}
