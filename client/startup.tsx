/**
 * App start-up (docs/behaviour.md section 2.2): the lazy routes of the first page are resolved before the router
 * exists (otherwise it renders a fallback first and the markup does not match); a failure
 * there is recorded in the router's error payload, so the page's error boundary shows the
 * error screen; the app then hydrates the server's markup, or mounts fresh when there is none
 * (a cached error shell) or when it cannot match it (after a set-up error). Preloading starts
 * once the page is idle.
 */
import { startTransition, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createPath, matchRoutes, type DataRouter, type HydrationState, type RouteObject } from "react-router";
import { pageModuleFiles } from "../views/pageModules";
import { CLIENT_ROOT_ID } from "./clientRoot";
import { canPrefetch } from "./connection";
import { whenLoadedAndIdle } from "./whenIdle";
import { dataUrl, isPrefetched, prefetchData } from "./dataLoader";
import { modulePreload } from "./modulePreload";
import { rootErrorHandlers, setAppRoot } from "./fatalErrors";
import { currentBuildId } from "./newVersion";

/** Resolves the lazy routes matching the current URL; returns the error if one fails, else null. */
export async function resolveLazyMatches(routes: RouteObject[]): Promise<unknown> {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  try {
    await Promise.all(
      lazyMatches.map(async (m) => {
        const lazy = m.route.lazy as () => Promise<Record<string, unknown>>;
        Object.assign(m.route, { ...(await lazy()), lazy: undefined });
      }),
    );
    return null;
  } catch (error) {
    return error ?? new Error("Start-up failed");
  }
}

/** The server's hydration payload with `error` recorded at the deepest matched error boundary. */
export function withSetupError(routes: RouteObject[], error: unknown): HydrationState {
  const payload = (window as { __staticRouterHydrationData?: HydrationState }).__staticRouterHydrationData;
  const matches = matchRoutes(routes, window.location) ?? [];
  const boundary = matches.findLast((m) => m.route.ErrorBoundary)?.route.id ?? CLIENT_ROOT_ID;
  return { ...payload, errors: { ...payload?.errors, [boundary]: error } };
}

/**
 * Hydrates `#root` when the server rendered into it, else renders into it from scratch. The
 * hydration is a transition: React works through it in slices of a few milliseconds, yielding
 * to the browser between them, so it is never one long task on a phone (decision record 017);
 * an interaction meanwhile hydrates its own part first.
 */
export function mountApp(app: ReactNode, { fresh }: { fresh: boolean }): void {
  const container = document.getElementById("root")!;
  if (!fresh && container.firstElementChild) {
    startTransition(() => setAppRoot(hydrateRoot(container, app, rootErrorHandlers)));
    return;
  }
  container.replaceChildren();
  const root = createRoot(container, rootErrorHandlers);
  root.render(app);
  setAppRoot(root);
}

/** The URL the router is navigating to, if it is. */
export function pendingUrl(router: DataRouter | undefined): string | undefined {
  const to = router?.state.navigation.location;
  return to ? new URL(createPath(to), location.href).href : undefined;
}

/**
 * Starts preloading (client/preload.ts, a chunk of its own) once the page has loaded and is
 * idle; on save-data or 2G not even the preloader is downloaded.
 */
export function preloadWhenIdle(router: DataRouter, loadsAsDocument: (url: URL) => boolean): void {
  whenLoadedAndIdle(() => {
    if (!canPrefetch()) return;
    const data = { url: dataUrl, isPrefetched, prefetch: prefetchData };
    const deps = {
      buildId: currentBuildId(),
      pageFiles: pageModuleFiles,
      data,
      loadsAsDocument,
      canPrefetch,
      modulePreload,
    };
    void import("./preload").then(({ startPreloading }) => startPreloading(router, deps));
  });
}
