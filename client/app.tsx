/**
 * The app (docs/behaviour.md section 2.2), loaded by the entry on the visitor's first interaction: resolve the lazy
 * routes of the page, then hydrate the server's markup (or mount fresh: client/startup.tsx).
 * Also started here: scrolling and in-page hash links, full page loads where the app must not
 * navigate by itself, new-version checks, chunk-error reloads, fatal-error handling and, once
 * idle, preloading.
 */
import { StrictMode } from "react";
import { createBrowserRouter, type DataRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createRoutes } from "../views/routes";
import { featuresOf, SiteFeaturesContext } from "../views/siteFeatures";
import { reloadOnFailedRouteChunks, watchFailedChunks } from "./chunkErrors";
import { withClientRoot } from "./clientRoot";
import { clientLoaders } from "./dataLoader";
import { reportError, reportRouteError, showFatalError, watchStartup } from "./fatalErrors";
import { documentLoadsWhere } from "./fullPageLoads";
import { isFlaggedPage, recordEmailMarketingPages } from "./fullReloadPages";
import { handleInPageHashLinks } from "./hashLinks";
import { adoptHydrationData } from "./hydrationData";
import { assumeNewVersion, isNewVersionAvailable, watchForNewVersion } from "./newVersion";
import { OnHydrated } from "./onHydrated";
import { readSiteConfig } from "./siteConfig";
import { mountApp, pendingUrl, preloadWhenIdle, resolveLazyMatches, withSetupError } from "./startup";
import { isLeaving } from "./leaving";
import { yieldToMain } from "./yieldToMain";
import { DRAFT_HELD, DRAFT_HELD_FLAG, END_HELD, PREVIEW_LISTENING } from "../shared/previewDraftHold";
import type { HeldPreviewEvent } from "./preview";

/**
 * On a preview: the toolbar's last event while the app was loading (held by the page's own
 * script: shared/previewDraftHold.ts); from now on the app listens, and nothing is held.
 */
function takeHeldEvent(): HeldPreviewEvent {
  const flags = window as unknown as Record<string, number | undefined>;
  const held = flags[DRAFT_HELD_FLAG];
  flags[DRAFT_HELD_FLAG] = PREVIEW_LISTENING;
  return held === DRAFT_HELD ? "draft" : held === END_HELD ? "end" : undefined;
}

/** How long a failed start-up waits before it is reported, to tell a cancelled load from a fault. */
const SETUP_ERROR_REPORT_DELAY_MS = 1_000;

/** Visited pages with the email-marketing embed, and every page once a new build is out, load as documents. */
const loadsAsDocument = (url: URL) => isNewVersionAvailable() || isFlaggedPage(url.pathname);

export interface AppStart {
  /**
   * Hands the router, once hydrated, to what follows client navigations: the page-view tracking
   * (client/tags.ts, if the page has tags) and the field vitals (client/vitals/fieldVitals.ts).
   */
  followNavigations: (router: DataRouter) => void;
  /** Called once the server's markup has been hydrated. */
  onHydrated: () => void;
}

async function start({ followNavigations, onHydrated }: AppStart): Promise<void> {
  const endStartupWatch = watchStartup();
  watchFailedChunks(assumeNewVersion);
  let current: DataRouter | undefined;
  const routes = withClientRoot(
    reloadOnFailedRouteChunks(createRoutes(clientLoaders), () => pendingUrl(current)),
    { router: () => current, onFirstRender: endStartupWatch },
  );
  adoptHydrationData();
  const setupError = await resolveLazyMatches(routes);
  // Each stage of the wake a task of its own: the page's modules were evaluated just now.
  await yieldToMain();
  const router = createBrowserRouter(routes, {
    hydrationData: setupError ? withSetupError(routes, setupError) : undefined,
    dataStrategy: documentLoadsWhere(loadsAsDocument, () => current),
  });
  current = router;
  // A page module whose load the visitor's own navigation cancelled is no fault (decision record
  // 017); an engine may cancel it before the page says it is being left, so the report waits a moment.
  if (setupError) setTimeout(() => isLeaving() || reportError("startup", setupError), SETUP_ERROR_REPORT_DELAY_MS);
  // Pages rendered in preview only (other pages never load this code): the preview toolbar's
  // events refresh the page's data. Listened for before the page hydrates, as an event the page
  // does not take over makes the toolbar reload the page; if the module cannot load, that reload
  // is what the editor gets.
  if (document.documentElement.hasAttribute("data-preview"))
    await import("./preview").then(
      ({ startPreview }) => startPreview(router, takeHeldEvent()),
      (error: unknown) => reportError("startup", error),
    );
  await yieldToMain();
  const hydrated = () => {
    followNavigations(router);
    onHydrated();
  };
  mountApp(
    <StrictMode>
      <SiteFeaturesContext value={featuresOf(readSiteConfig())}>
        <RouterProvider router={router} onError={reportRouteError} />
      </SiteFeaturesContext>
      <OnHydrated run={hydrated} />
    </StrictMode>,
    { fresh: setupError !== null },
  );
  recordEmailMarketingPages(router);
  handleInPageHashLinks();
  watchForNewVersion();
  preloadWhenIdle(router, loadsAsDocument);
}

export function startApp(options: AppStart): void {
  start(options).catch((error: unknown) => showFatalError(error, "startup"));
}
