/**
 * Preview in the browser, loaded (as its own chunk) only on pages the server rendered in
 * preview (`<html data-preview>`), and started before they hydrate (client/app.tsx). The Prismic
 * toolbar, or its embedded stand-in, fires (docs/prismic.md, "Previews inside Prismic's editor"):
 *  - `prismicPreviewUpdate` (detail.ref: the new token; the toolbar has updated the cookie):
 *    the current page's loaders run again through the data endpoint, which reads the cookie,
 *    so the drafts change in place, without a reload. A burst of refs ends on the last one: each
 *    revalidation interrupts the one before, whose answer is dropped (test/browser/embeddedPreview.test.ts);
 *  - `prismicPreviewStart` (a preview this page does not show yet, as @prismicio/next takes it):
 *    the same, in place, where the page was answered 200; a page that was an error (a document
 *    never published) cannot become the draft in place, so it is loaded again, once per page and
 *    ref (a marker in sessionStorage: a second start for the same page and ref only warns);
 *  - `prismicPreviewEnd`: at the top, the page is loaded again through `/preview/exit`, which
 *    clears the cookie, so it shows published content without the toolbar. In the editor's frame
 *    the exit is fetched and the data read again in place: a published page may not be framed
 *    (frame-ancestors 'none'), so loading one there would show the browser's refusal.
 * All are cancelled (`preventDefault`), which tells the toolbar not to reload by itself.
 * Client-side navigation needs nothing: its loaders call the data endpoint with the cookie.
 */
import type { createBrowserRouter } from "react-router";

type Router = ReturnType<typeof createBrowserRouter>;

export const PREVIEW_EXIT_PATH = "/preview/exit";
/** sessionStorage: the page and ref a preview start last loaded the page again for. */
export const PREVIEW_START_RELOAD_KEY = "prismic-preview-start-reload";

/** Whether the page in this window was answered with an error (where the engine says), or the router holds one. */
function pageIsAnError(router: Router): boolean {
  const entry = performance.getEntriesByType("navigation")[0] as { responseStatus?: number } | undefined;
  const status = entry?.responseStatus;
  if (status !== undefined && status >= 400) return true;
  return router.state.errors !== null && Object.keys(router.state.errors).length > 0;
}

/** Loads the page again for a preview start, unless this page and ref did so already (no reload loop). */
function reloadOnce(ref: string): void {
  const mark = `${location.pathname}${location.search} ${ref}`;
  let last: string | null = null;
  try {
    last = sessionStorage.getItem(PREVIEW_START_RELOAD_KEY);
    sessionStorage.setItem(PREVIEW_START_RELOAD_KEY, mark);
  } catch {
    // No storage (a frame whose storage the browser blocks): never reload, only say why.
    last = mark;
  }
  if (last === mark) {
    console.warn(
      "Prismic preview: this page is still not the draft after loading it again for the preview; the browser may not be sending the preview cookie (docs/prismic.md).",
    );
    return;
  }
  location.reload();
}

/** The toolbar's last event while the app was loading, held for it (shared/previewDraftHold.ts). */
export type HeldPreviewEvent = "draft" | "end" | undefined;

/** `held`: what the toolbar said while the app was loading, done now as its handler below would have. */
export function startPreview(router: Router, held?: HeldPreviewEvent): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const framed = window.self !== window.top;

  window.addEventListener(
    "prismicPreviewUpdate",
    (event) => {
      event.preventDefault();
      void router.revalidate();
    },
    { signal },
  );
  window.addEventListener(
    "prismicPreviewStart",
    (event) => {
      event.preventDefault();
      const ref = (event as CustomEvent<{ ref?: unknown } | null>).detail?.ref;
      if (pageIsAnError(router)) reloadOnce(typeof ref === "string" ? ref : "");
      else void router.revalidate();
    },
    { signal },
  );
  window.addEventListener(
    "prismicPreviewEnd",
    (event) => {
      event.preventDefault();
      const here = location.pathname + location.search + location.hash;
      const exit = `${PREVIEW_EXIT_PATH}?to=${encodeURIComponent(here)}`;
      if (!framed) return location.assign(exit);
      void fetch(exit, { credentials: "same-origin", redirect: "manual", signal }).then(
        () => router.revalidate(),
        () => router.revalidate(),
      );
    },
    { signal },
  );
  // A held start on an error page reloads once, as its handler does; any other held draft re-reads.
  if (held === "draft") {
    if (pageIsAnError(router)) reloadOnce("");
    else void router.revalidate();
  } else if (held === "end") window.dispatchEvent(new CustomEvent("prismicPreviewEnd", { cancelable: true }));
  return () => controller.abort();
}
