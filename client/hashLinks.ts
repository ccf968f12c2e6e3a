/**
 * In-page hash links (docs/behaviour.md section 2.5): a click on a link to `#id` on the page being shown (or to the
 * root's hash while on the root) scrolls smoothly to the element, 80 px below the top of the
 * window (the sticky header), and writes the hash with `history.replaceState`: no new
 * history entry. With `prefers-reduced-motion` it jumps. Focus moves to the target, so keyboard
 * and screen-reader users continue from there.
 *
 * The listener runs in the capture phase on the document, before React's own handlers: a
 * router <Link> sees the click as handled (`defaultPrevented`) and does not navigate.
 */
import { hashTarget } from "./scrollHold";

export const HASH_LINK_OFFSET_PX = 80;

const samePath = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

/** The element an anchor's in-page hash points at, or null for any other link or click. */
function inPageTarget(event: MouseEvent): { link: HTMLAnchorElement; target: HTMLElement; hash: string } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download"))
    return null;
  const url = new URL(link.href, location.href);
  if (
    !url.hash ||
    url.origin !== location.origin ||
    !samePath(url.pathname, location.pathname) ||
    url.search !== location.search
  )
    return null;
  const target = hashTarget(url.hash);
  return target ? { link, target, hash: url.hash } : null;
}

/** Moves focus to `target` without a second scroll; an element that takes no focus is given tabindex=-1. */
function focusTarget(target: HTMLElement): void {
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/** Scrolls to `target` with the header offset: smoothly, or at once when motion is reduced. */
export function scrollToInPageTarget(target: HTMLElement): void {
  const top = target.getBoundingClientRect().top + window.scrollY - HASH_LINK_OFFSET_PX;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: Math.max(0, top), behavior: reduce ? "instant" : "smooth" });
}

export function handleInPageHashLinks(): void {
  document.addEventListener(
    "click",
    (event) => {
      const found = inPageTarget(event);
      if (!found) return;
      event.preventDefault();
      // Keeps the router's entry state (its key), so saved scroll positions still match.
      history.replaceState(history.state, "", found.hash);
      scrollToInPageTarget(found.target);
      focusTarget(found.target);
    },
    true,
  );
}
