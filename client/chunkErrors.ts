/**
 * A tab opened before a deploy asks for chunks the new build no longer has: the dynamic import
 * fails. The page is then loaded again (at the URL the visitor was going to), once: a
 * timestamp in sessionStorage guards the reload for 10 s (spec §9), so a chunk that is really
 * broken ends on the error screen instead of reloading for ever.
 */
import type { RouteObject } from "react-router";

export const RELOAD_GUARD_KEY = "chunk-reload-at";
export const RELOAD_GUARD_TTL_MS = 10_000;

/** The messages browsers give a failed `import()` of a module script (Chromium, Firefox, Safari). */
const CHUNK_LOAD_FAILURE = /dynamically imported module|module script failed|error loading dynamically imported|failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/**
 * Loads `url` (default: this page) as a new document unless that was already done in the last
 * 10 s. Returns whether it did; without sessionStorage it never does, as it could not stop a loop.
 */
export function reloadForNewChunks(url?: string): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY));
    if (last && Date.now() - last < RELOAD_GUARD_TTL_MS) return false;
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  if (url && url !== location.href) location.assign(url);
  else location.reload();
  return true;
}

/** Until the new document arrives, nothing else should happen: the navigation stays pending. */
const never = <T>() => new Promise<T>(() => {});

/**
 * Wraps every route's `lazy`: a chunk that fails to load reloads the page (at `target()`, the
 * pending navigation's URL) instead of showing an error; once the guard is spent, the error
 * goes to the route's error boundary. Other errors pass through unchanged.
 */
export function reloadOnFailedRouteChunks(routes: RouteObject[], target: () => string | undefined): RouteObject[] {
  for (const route of routes) {
    const lazy = route.lazy;
    if (typeof lazy === "function") {
      route.lazy = (async (...args: unknown[]) => {
        try {
          return await (lazy as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          if (isChunkLoadError(error) && reloadForNewChunks(target())) return never();
          throw error;
        }
      }) as typeof route.lazy;
    }
    if (route.children) reloadOnFailedRouteChunks(route.children, target);
  }
  return routes;
}

/**
 * Any other dynamic import that fails the same way (a feature's chunk, such as the preloader)
 * means the same thing, but the page is not reloaded under the visitor's eyes: `onFailure`
 * (the entry makes the next navigation a document load) decides.
 */
export function watchFailedChunks(onFailure: () => void): void {
  window.addEventListener("unhandledrejection", (event) => {
    if (!isChunkLoadError(event.reason)) return;
    event.preventDefault();
    onFailure();
  });
}
