/**
 * The app wakes on the visitor's first interaction (decision record 008): until then the page
 * is the server's HTML, whose links, menus (native <details>), carousels (scroll snap) and
 * questions work without it. A pointer moving or pressing, a key, a focus change or a scroll
 * starts the load; a click on one of the app's buttons before it has hydrated is held and
 * replayed once it has, so a tap that woke the app is not lost.
 */

const WAKE_EVENTS = ["pointermove", "pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;

/** Elements whose focus wakes nothing (the consent prompt's, marked `data-no-wake`). */
export const NO_WAKE = "[data-no-wake]";

/** Buttons the app renders: their handlers exist only once it has hydrated. Links and summaries work natively. */
const APP_BUTTON = "#root button";

export interface FirstInteraction {
  /** Wakes the app now, without waiting for the visitor (once, like an interaction). */
  wake(): void;
  /** The wake failed (its load was cancelled): the next interaction tries again. */
  retry(): void;
  /** Call once the app has hydrated: the held clicks are replayed on the same buttons. */
  hydrated(): void;
}

/**
 * Resolves once React has hydrated `element` (it then carries React's props key): each slice is
 * hydrated on its own after the page's frame (views/slices/index.tsx), a frame or a few later.
 * Gives up after about 5 s (300 frames) and resolves anyway.
 */
function whenReactOwns(element: Element): Promise<void> {
  return new Promise((resolve) => {
    let frames = 0;
    const check = () => {
      if (Object.keys(element).some((key) => key.startsWith("__reactProps")) || ++frames > 300) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
}

/**
 * Calls `wake` once, on the first interaction (with its event; none when woken by `wake()`), and
 * holds early clicks on the app's buttons until `hydrated()`.
 */
export function onFirstInteraction(wake: (event?: Event) => void): FirstInteraction {
  let woken = false;
  let held: HTMLElement[] | null = [];
  const start = (event?: Event) => {
    if (woken) return;
    // Focus that the page's own code moves into its consent prompt (client/consent/consentDialog.ts,
    // which loads when the prompt opens, after this listens) is not the visitor's: a visitor's own
    // focus change comes with a key or a pointer, which wake the app.
    if (event?.type === "focusin" && event.target instanceof Element && event.target.closest(NO_WAKE)) return;
    woken = true;
    for (const type of WAKE_EVENTS) window.removeEventListener(type, start, true);
    wake(event);
  };
  const holdClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(APP_BUTTON) : null;
    if (!held || !button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(button);
    start(event);
  };
  const listen = () => {
    for (const type of WAKE_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
  };
  document.addEventListener("click", holdClick, true);
  listen();
  return {
    wake: () => start(),
    retry() {
      if (!woken || !held) return;
      woken = false;
      listen();
    },
    hydrated() {
      const replay = held ?? [];
      held = null;
      document.removeEventListener("click", holdClick, true);
      for (const button of replay) void whenReactOwns(button).then(() => button.isConnected && button.click());
    },
  };
}
