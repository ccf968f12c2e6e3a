/**
 * The opt-out notice sits over the foot of the window without blocking the page, so the page
 * keeps that much room for it (docs/accessibility.md, "Nothing covers focus"): the body gains as
 * much space at its end and the window as much scroll padding, so the last controls can scroll
 * clear of it, and a control that takes focus under it (by Tab, or by a script) is scrolled up
 * until it shows, never above the sticky header. While the phone menu is open the notice is hidden
 * (it yields to the menu, which takes the window below the header), so nothing is scrolled for it.
 */

/** Air between a focused control and the notice's top edge: the focus ring is 6 px out. */
const AIR = 12;

/** Starts keeping room for `notice` (in the page); returns what stops it. */
export function keepRoomFor(notice: HTMLElement): () => void {
  const root = document.documentElement;
  const measure = () => {
    const space = Math.max(0, Math.ceil(window.innerHeight - notice.getBoundingClientRect().top));
    root.style.setProperty("--consent-notice-space", `${space}px`);
  };
  const resized = new ResizeObserver(measure);
  resized.observe(notice);
  window.addEventListener("resize", measure);

  const clearFocus = (target: Element) => {
    if (document.activeElement !== target || notice.contains(target)) return;
    // Hidden while the phone menu is open (views/styles/chrome.css): it covers nothing then, and the page stays put.
    if (getComputedStyle(notice).visibility === "hidden") return;
    const box = target.getBoundingClientRect();
    const noticeTop = notice.getBoundingClientRect().top;
    if (box.bottom + AIR <= noticeTop || box.top >= window.innerHeight) return;
    const headerBottom = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
    // Its bottom clear of the notice, but its top never pushed under the header (a tall control shows its top).
    const by = Math.min(box.bottom + AIR - noticeTop, box.top - headerBottom - AIR);
    if (by > 0) window.scrollBy(0, by);
  };
  // After the browser's own scroll into view, which follows the focus event.
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as Element;
    requestAnimationFrame(() => clearFocus(target));
  };
  document.addEventListener("focusin", onFocusIn);
  measure();
  return () => {
    resized.disconnect();
    window.removeEventListener("resize", measure);
    document.removeEventListener("focusin", onFocusIn);
    root.style.removeProperty("--consent-notice-space");
  };
}
