/**
 * Keeps the speculation rules (shared/speculationRules.ts) off the email-marketing pages this
 * tab has visited (client/flaggedPages.ts): their links are marked `data-speculation="off"`,
 * now and as new links appear. Pages the tab has not visited are not known to carry the embed.
 */
import { SPECULATION_OFF } from "../shared/speculationOff";
import { isFlaggedPage, visitedFlaggedPages } from "./flaggedPages";

function markLinks(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    if (link.origin === location.origin && isFlaggedPage(link.pathname))
      link.setAttribute(SPECULATION_OFF.attribute, SPECULATION_OFF.value);
  }
}

/** Starts marking, when the page has speculation rules and the tab has visited a flagged page. */
export function keepSpeculationOffFlaggedPages(): void {
  if (!document.querySelector('script[type="speculationrules"]') || !visitedFlaggedPages()) return;
  markLinks();
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      markLinks();
    });
  }).observe(document.body, { childList: true, subtree: true });
}
