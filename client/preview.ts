/**
 * Preview in the browser, loaded (as its own chunk) only on pages the server rendered in
 * preview (`<html data-preview>`), and started before they hydrate (client/app.tsx). The Prismic
 * toolbar, or its embedded stand-in, fires:
 *  - `prismicPreviewUpdate` (detail.ref: the new token; the toolbar has updated the cookie):
 *    the current page's loaders run again through the data endpoint, which reads the cookie,
 *    so the drafts change in place, without a reload;
 *  - `prismicPreviewEnd`: the page is loaded again through `/preview/exit`, which clears the
 *    cookie, so it shows published content.
 * Both are cancelled (`preventDefault`), which tells the toolbar not to reload by itself.
 * Client-side navigation needs nothing: its loaders call the data endpoint with the cookie.
 */
import type { createBrowserRouter } from "react-router";

type Router = ReturnType<typeof createBrowserRouter>;

export const PREVIEW_EXIT_PATH = "/preview/exit";

/** `draftPushedBefore`: a draft came while the app was loading (held by client/entry.tsx). */
export function startPreview(router: Router, draftPushedBefore = false): () => void {
  const controller = new AbortController();
  const { signal } = controller;

  window.addEventListener(
    "prismicPreviewUpdate",
    (event) => {
      event.preventDefault();
      void router.revalidate();
    },
    { signal },
  );
  window.addEventListener(
    "prismicPreviewEnd",
    (event) => {
      event.preventDefault();
      const here = location.pathname + location.search + location.hash;
      location.assign(`${PREVIEW_EXIT_PATH}?to=${encodeURIComponent(here)}`);
    },
    { signal },
  );
  if (draftPushedBefore) void router.revalidate();
  return () => controller.abort();
}
