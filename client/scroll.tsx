/**
 * Scrolling on navigation (docs/behaviour.md section 2.4). React Router's <ScrollRestoration> scrolls a new route
 * to the top, a URL with a hash to its element (`scrollIntoView`, which honours the element's
 * `scroll-margin-top` and the page's `scroll-padding-top`) and back/forward to the position
 * saved for that history entry, once the entry's data has been fetched again. On top of it:
 *  - the hash of the first page load is scrolled to after hydration, too;
 *  - for a short while, late layout (images, fonts, embeds) cannot push the target away
 *    (client/scrollHold.ts), unless the visitor starts scrolling.
 */
import { useLayoutEffect, useRef } from "react";
import { ScrollRestoration, useLocation, type DataRouter } from "react-router";
import { hashTarget, holdElement, holdPosition } from "./scrollHold";

/** A reload or a return from another site: the browser restores its own position then. */
function browserRestoresPosition(): boolean {
  const entry = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === "reload" || entry?.type === "back_forward";
}

export function ScrollManager({ router }: { router: () => DataRouter | undefined }) {
  const location = useLocation();
  const firstRender = useRef(true);

  // Runs after <ScrollRestoration>'s own layout effect (a child's effects run first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (a new location.key, even to the same URL), reading that navigation's hash and restore position
  useLayoutEffect(() => {
    const first = firstRender.current;
    firstRender.current = false;
    const restore = router()?.state.restoreScrollPosition;
    if (!first && typeof restore === "number") return holdPosition(restore);
    if (restore === false && !first) return undefined;
    if (first && browserRestoresPosition()) return undefined;
    const target = hashTarget(location.hash);
    return target ? holdElement(target) : undefined;
  }, [location.key]);

  return <ScrollRestoration />;
}
