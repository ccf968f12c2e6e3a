/**
 * Whether this document is being left: the visitor followed a link, typed an address or closed
 * the tab. Engines then cancel what the page was loading (WebKit drops the app's module loads
 * when a link's navigation starts), and a load that fails for that reason says nothing about the
 * server: it must never be taken for a chunk removed by a deploy (decision record 017).
 *
 * Signals: `beforeunload` (every engine, when a navigation away starts), `pagehide`, and the
 * Navigation API's `navigate` event for a navigation to another document (Chromium, recent
 * Safari and Firefox). A page restored from the back/forward cache, or whose navigation did not
 * happen after all (a download, a 204), is no longer leaving.
 */

let leavingSince: number | null = null;
let watching = false;

/** How long a navigation away may take before this page takes it for one that did not happen. */
const NAVIGATION_SETTLES_MS = 10_000;

interface NavigateEventLike extends Event {
  destination?: { sameDocument?: boolean };
  downloadRequest?: string | null;
}

/** Starts watching; called by the entry as the page loads, so even the first tap is seen. */
export function watchLeaving(): void {
  if (watching) return;
  watching = true;
  const leave = () => void (leavingSince = Date.now());
  window.addEventListener("pagehide", leave, { capture: true });
  window.addEventListener("pageshow", (event) => void (event.persisted && (leavingSince = null)));
  const navigation = (window as { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener("navigate", (event) => {
      const { destination, downloadRequest } = event as NavigateEventLike;
      if (destination && !destination.sameDocument && !downloadRequest) leave();
    });
  } else {
    // Only without the Navigation API (WebKitGTK 2.50, older Safari): a beforeunload listener
    // can keep a page out of some engines' back/forward cache.
    window.addEventListener("beforeunload", leave, { capture: true });
  }
}

/** Whether a navigation away from this document has started (and not visibly failed to happen). */
export function isLeaving(): boolean {
  return leavingSince !== null && Date.now() - leavingSince < NAVIGATION_SETTLES_MS;
}
