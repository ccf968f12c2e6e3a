import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useRouteHead } from "./HeadSync";

/** Whether a page has been shown in this document: the first one is the document load itself. */
let shownOnce = false;

/** The page's main heading (given tabindex=-1 to take focus), or `main` when it has none. */
function mainHeading(): HTMLElement | null {
  const main = document.getElementById("main");
  const heading = main?.querySelector<HTMLElement>("h1") ?? main;
  if (heading && heading.tabIndex < 0 && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  return heading ?? null;
}

/**
 * Tells screen-reader users that a client navigation changed the page, as a document load would
 * (docs/behaviour.md section 2.11; Next.js's route announcer, GOV.UK's focus on the heading): the new title is read
 * into a polite live region, which the server renders empty so that it exists before anything is
 * put in it, and focus moves to the new page's `h1` (or `main`). A navigation to a hash leaves
 * focus to its target (client/hashLinks.ts, client/scroll.tsx); the first page announces nothing.
 */
export function RouteAnnouncer() {
  const location = useLocation();
  const title = useRouteHead()?.title;
  const [message, setMessage] = useState("");
  const lastKey = useRef(location.key);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (a new location key) is the only trigger; the title and hash are read as they are then
  useEffect(() => {
    if (!shownOnce) {
      shownOnce = true;
      lastKey.current = location.key;
      return;
    }
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    setMessage(title ?? document.title);
    if (location.hash) return;
    mainHeading()?.focus({ preventScroll: true });
  }, [location.key]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {message}
    </p>
  );
}
