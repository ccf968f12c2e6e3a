import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Menus are native `<details>` (they open and close without JavaScript, by mouse and keyboard).
 * Once hydrated, this closes every open one inside the container on navigation, on Escape
 * (returning focus to its summary), on a click outside, when another one opens, and when focus
 * moves out of it (Tab past its last item), so an open menu never hides the control that has
 * focus (docs/accessibility.md, "Nothing covers focus"). Hydration
 * itself closes nothing: a menu opened by the tap that woke the app stays open (decision record 017).
 */
export function useDismissableDetails<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();

  // The path the menus were last shown on: only a change of it (a navigation) closes them, not the first render.
  const shownOn = useRef(location.pathname);
  useEffect(() => {
    if (shownOn.current === location.pathname) return;
    shownOn.current = location.pathname;
    for (const d of ref.current?.querySelectorAll("details[open]") ?? []) d.removeAttribute("open");
  }, [location.pathname]);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const openOnes = () => [...root.querySelectorAll<HTMLDetailsElement>("details[open]")];
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const open = openOnes();
      if (!open.length) return;
      const innermost = open[open.length - 1];
      innermost.open = false;
      innermost.querySelector("summary")?.focus();
    };
    const onClick = (event: MouseEvent) => {
      for (const d of openOnes()) if (!d.contains(event.target as Node)) d.open = false;
    };
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (!opened.open) return;
      // Only one dropdown of a group of siblings is open at a time.
      for (const d of openOnes()) if (d !== opened && !d.contains(opened) && !opened.contains(d)) d.open = false;
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      // Focus leaving the window (no next element) leaves the menus as they are: the visitor comes back to them.
      if (!next) return;
      for (const d of openOnes()) if (!d.contains(next)) d.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    root.addEventListener("toggle", onToggle, true);
    root.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
      root.removeEventListener("toggle", onToggle, true);
      root.removeEventListener("focusout", onFocusOut);
    };
  }, []);

  return ref;
}
