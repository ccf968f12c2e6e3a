/**
 * Browser entry (spec §4, decision record 008): what every page runs as it loads, kept small.
 * The consent manager and the page-view tracking start at once; the app itself (React, the
 * router and the page's modules: client/app.tsx) loads on the visitor's first interaction, or
 * at once where the page needs it to show something (a preview). The built-in consent banner
 * is plain DOM (client/consent/consentDialog.ts) and opens without the app.
 */
import { isChunkLoadError, reloadForNewChunks } from "./chunkErrors";
import { reportClientError } from "./clientLog";
import { onFirstInteraction } from "./firstInteraction";
import { modulePreload } from "./modulePreload";
import { keepSpeculationOffFlaggedPages } from "./speculation";
import { startTags } from "./tags";
import "../views/styles/site.css";

const tags = startTags();
keepSpeculationOffFlaggedPages();

/** The page's own modules, named by the server (`<meta name="app-modules">`): fetched beside the app, not after it. */
function preloadPageModules(): void {
  const urls = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(" ").filter(Boolean) ?? [];
  for (const href of urls) void modulePreload(href);
}

const interaction = onFirstInteraction(() => {
  preloadPageModules();
  import("./app")
    .then(({ startApp }) => startApp({ tags, onHydrated: () => interaction.hydrated() }))
    .catch((error: unknown) => {
      // A build deployed since this page was served no longer has the app's chunks: load the page again, once.
      if (isChunkLoadError(error) && reloadForNewChunks()) return;
      reportClientError("startup", error);
    });
});

// At once where only the app can show the page as it should be: a preview (the toolbar
// refreshes it), a document without markup (a cached error shell) and a link to a place in the
// page (the app lands it under the header and holds it there while late content loads).
if (document.documentElement.hasAttribute("data-preview") || !document.getElementById("root")?.firstElementChild || location.hash) {
  interaction.wake();
}
