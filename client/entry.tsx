/**
 * Browser entry (docs/behaviour.md section 2.1, decision records 008 and 017): what every page runs as it loads, kept
 * small. The consent manager, the page-view tracking, Klaviyo and the widgets start at once; the
 * app itself (client/app.tsx and the page's modules) is fetched once the page is idle, with
 * React and the router evaluated then (client/appRuntime.ts), and runs on the visitor's first
 * interaction, in short tasks, or at once where the page needs it to show something (a
 * preview). The built-in consent banner is plain DOM (client/consent/consentDialog.ts) and
 * opens without the app. Whether the page is being left is watched from the start
 * (client/leaving.ts): a load the visitor's own navigation cancels is not a missing chunk.
 */
import { afterPress } from "./afterPress";
import { appModuleUrls } from "./appModules";
import { onFirstInteraction } from "./firstInteraction";
import { canPrefetch } from "./connection";
import { modulePreload, type ModuleUse } from "./modulePreload";
import { watchLeaving } from "./leaving";
import { readSiteConfig } from "./siteConfig";
import { keepSpeculationOffFlaggedPages } from "./speculation";
import { watchInteractions } from "./vitals/earlyInteractions";
import type { FieldVitals } from "./vitals/fieldVitals";
import { whenLoadedAndIdle } from "./whenIdle";
import { yieldToMain } from "./yieldToMain";
import "../views/styles/site.css";

/** A performance mark where the idle fetch of the app begins: what loaded before it is what every page view costs. */
const APP_PREFETCH_MARK = "app-prefetch";
/** A performance mark where the wake's own work begins: after the waking press has been painted. */
const APP_WAKE_MARK = "app-wake";

watchLeaving();
// From the start, so the interaction that wakes the app counts in the page's INP (decision record 026).
const interactions = watchInteractions();
keepSpeculationOffFlaggedPages();

/** The app's and the page's modules, named by the server (`<meta name="app-modules">`): fetched beside the app, not after it. */
function preloadPageModules(use: ModuleUse): void {
  for (const href of appModuleUrls()) void modulePreload(href, use);
}

// Once the page has loaded and the main thread is idle, the app's modules are fetched at low
// priority, and React (library code that touches nothing on the page) is evaluated: the first
// interaction then waits for no network, and its wake has no task too long for a phone
// (decision record 017). Nothing of the app runs before it.
let woken = false;
let vitals: Promise<FieldVitals | null> | undefined;
/**
 * The tags, where the page has any, were started with the page by their own entry
 * (client/tagsEntry.ts): the same module, already loaded, so importing it loads nothing. Read
 * with the tags' and the app's own reader, so that it rides in the chunk all three load rather
 * than in one file more before interaction on a page with tags (docs/development.md, "The
 * JavaScript budget").
 */
const pageTags = () => readSiteConfig() && import("./tagsEntry");
/**
 * The field measure of speed (client/vitals/fieldVitals.ts): loaded with the idle fetch of the
 * app, after its mark (so, like the app, it is not counted before interaction), or on the wake,
 * whichever is first; for a visitor who saves data, only on the wake. It is handed the consent
 * the tags hold, where there are tags.
 */
const startVitals = () =>
  (vitals ??= import("./vitals/fieldVitals")
    .then(async ({ startFieldVitals }) => startFieldVitals(interactions, (await pageTags())?.currentConsent))
    .catch(() => null));
whenLoadedAndIdle(() => {
  if (!canPrefetch() || woken) return;
  performance.mark(APP_PREFETCH_MARK);
  preloadPageModules("idle");
  whenLoadedAndIdle(() => void startVitals());
  void import("./appRuntime").then(({ warmUp }) => whenLoadedAndIdle(warmUp)).catch(() => {});
});

const interaction = onFirstInteraction((event) => void wakeApp(event));

/** The wake, from the visitor's first interaction (`trigger`) to the hydrated app. */
async function wakeApp(trigger?: Event): Promise<void> {
  woken = true;
  // What a failed wake does (client/chunkErrors.ts, client/clientLog.ts): not needed before the
  // first interaction, so loaded with the wake (the app imports both too, so they are fetched
  // anyway), not with the page (budgets.json, docs/behaviour.md section 7.5). Should they fail to
  // load as well, the page stays the server's, whose links load documents.
  const recovery = Promise.all([import("./chunkErrors"), import("./clientLog")]);
  recovery.catch(() => {});
  // Out of the interaction's own event handler, and for a press (a tap, a key: it wakes on its way
  // down) after its click or key-up and the paint that shows what it did, which the work below
  // would hold back (client/afterPress.ts). Called in the handler, so an end that comes at once is seen.
  await afterPress(trigger);
  performance.mark(APP_WAKE_MARK);
  // Module preloads are parsed and compiled as they are added (tens of milliseconds at 4× CPU
  // for the app's modules), so they too wait for the press.
  preloadPageModules("now");
  void startVitals();
  // In stages, each a task of its own (decision record 017): React (done while idle, unless the
  // visitor was quicker), the date formatter, the app's other modules, then its start.
  import("./appRuntime")
    .then(async ({ warmUp }) => {
      await yieldToMain();
      warmUp();
      await yieldToMain();
    })
    .then(() => import("./app"))
    .then(async ({ startApp }) => {
      await yieldToMain();
      startApp({
        followNavigations: (router) => {
          void pageTags()?.then(({ startedTags }) => startedTags()?.(router));
          void startVitals().then((started) => started?.follow(router));
        },
        onHydrated: () => interaction.hydrated(),
      });
    })
    .catch(async (error: unknown) => {
      const [{ isChunkLoadError, recoverFromChunkError }, { reportClientError }] = await recovery;
      // A build deployed since this page was served no longer has the app's chunks: load the page
      // again, once. A load cancelled by the visitor's own navigation is not that (decision record 017):
      // the navigation goes on; should it not happen after all, the next interaction wakes the app.
      const outcome = isChunkLoadError(error) ? await recoverFromChunkError(error) : "failed";
      if (outcome === "leaving") interaction.retry();
      else if (outcome === "failed") reportClientError("startup", error);
    })
    .catch(() => {});
}

// At once where only the app can show the page as it should be: a preview (the toolbar
// refreshes it), a document without markup (a cached error shell) and a link to a place in the
// page (the app lands it under the header and holds it there while late content loads).
if (
  document.documentElement.hasAttribute("data-preview") ||
  !document.getElementById("root")?.firstElementChild ||
  location.hash
) {
  interaction.wake();
}
