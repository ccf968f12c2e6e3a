/**
 * Whether React has hydrated the whole page; runs in the page, so it stands alone (no imports).
 *
 * React marks each element it has hydrated (or mounted) with its fiber key. The app hydrates in
 * slices (decision record 017): the shell first, from the header down to the footer, then each
 * slice of the page, a Suspense boundary of its own (views/parts/SliceZone.tsx) that the server
 * marks with a `<!--$-->` comment. So the header's key says only that hydration
 * has begun; the page is hydrated once the footer and the first element of every boundary have
 * theirs too.
 */
export function pageHydrated(): boolean {
  const hasFiber = (node: Node | null) => !!node && Object.keys(node).some((k) => k.startsWith("__reactFiber"));
  if (!hasFiber(document.querySelector(".site-header, .not-found"))) return false;
  const footer = document.querySelector(".site-footer");
  if (footer && !hasFiber(footer)) return false;
  const comments = document.createTreeWalker(document.getElementById("root") ?? document.body, NodeFilter.SHOW_COMMENT);
  for (let marker = comments.nextNode(); marker; marker = comments.nextNode()) {
    if ((marker as Comment).data !== "$") continue;
    let node = marker.nextSibling;
    // The boundary's first element; a boundary with none (a slice that rendered nothing) has nothing to check.
    while (
      node &&
      node.nodeType !== Node.ELEMENT_NODE &&
      !(node.nodeType === Node.COMMENT_NODE && (node as Comment).data === "/$")
    )
      node = node.nextSibling;
    if (node && node.nodeType === Node.ELEMENT_NODE && !hasFiber(node)) return false;
  }
  return true;
}

/** Whether React has begun hydrating (or has mounted) the page: the header, or the not-found screen, carries its fiber key. Runs in the page. */
export function hydrationBegun(): boolean {
  const el = document.querySelector(".site-header, .not-found");
  return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
}

/**
 * Whether the document's scripts have run, so the entry module listens for the first interaction
 * (client/firstInteraction.ts): module scripts run before DOMContentLoaded, after readyState turns
 * "interactive". A key pressed before is not seen, and the app would never wake. Runs in the page.
 */
export function scriptsRan(): boolean {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  return document.readyState === "complete" || (navigation?.domContentLoadedEventEnd ?? 0) > 0;
}
