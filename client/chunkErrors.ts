/**
 * A tab opened before a deploy asks for chunks the new build no longer has: the dynamic import
 * fails. The page is then loaded again (at the URL the visitor was going to), once: a
 * timestamp in sessionStorage guards the reload for 10 s (docs/behaviour.md section 2.10), so a chunk that is really
 * broken ends on the error screen instead of reloading for ever.
 *
 * A failed import is not proof of a deploy: an engine cancels a page's module loads when the
 * visitor navigates away (WebKit does, on the very tap that woke the app), and a phone's
 * connection drops. So the reload happens only when the page is not being left, the server
 * answers 404 for the chunk, and still no navigation has started (decision record 017): a
 * reload never replaces a navigation the visitor started.
 */
import type { RouteObject } from "react-router";
import { appModuleUrls } from "./appModules";
import { isLeaving } from "./leaving";

export { appModuleUrls };

export const RELOAD_GUARD_KEY = "chunk-reload-at";
export const RELOAD_GUARD_TTL_MS = 10_000;

/** The messages browsers give a failed `import()` of a module script (Chromium, Firefox, Safari). */
const CHUNK_LOAD_FAILURE =
  /dynamically imported module|module script failed|error loading dynamically imported|failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/** The module URL a failed import names (Chromium and Firefox do; Safari does not). */
function failedModuleUrl(error: unknown): string | undefined {
  const match = error instanceof Error ? /(https?:\/\/\S+?\.m?js)\b/.exec(error.message) : null;
  return match?.[1];
}

/**
 * Whether the server no longer has the chunk that failed to load: the one the error names, else
 * (Safari names none) any of this build's app modules. A chunk that is there, or a request that
 * fails (the page is being left, the connection dropped), is not a missing chunk.
 */
export async function isChunkMissing(error: unknown): Promise<boolean> {
  const named = failedModuleUrl(error);
  const urls = named ? [named] : appModuleUrls();
  if (!urls.length) return false;
  try {
    const answers = await Promise.all(urls.map((url) => fetch(url, { method: "HEAD", cache: "no-store" })));
    return answers.some((answer) => answer.status === 404 || answer.status === 410);
  } catch {
    return false;
  }
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

/**
 * What a failed chunk load means: `"leaving"` when the page is being left (nothing to do: the
 * visitor's navigation goes on), `"reloading"` when the chunk is really gone and the page is
 * loaded again (at `url`), `"failed"` otherwise (the chunk is there, or the guard is spent).
 */
export async function recoverFromChunkError(error: unknown, url?: string): Promise<"leaving" | "reloading" | "failed"> {
  if (isLeaving()) return "leaving";
  const missing = await isChunkMissing(error);
  // The visitor may have started a navigation while the server was asked.
  if (isLeaving()) return "leaving";
  return missing && reloadForNewChunks(url) ? "reloading" : "failed";
}

/** Until the new document arrives, nothing else should happen: the navigation stays pending. */
const never = <T>() => new Promise<T>(() => {});

/**
 * Wraps every route's `lazy`: a chunk that fails to load reloads the page (at `target()`, the
 * pending navigation's URL) instead of showing an error; once the guard is spent, or when the
 * chunk is there after all, the error goes to the route's error boundary; when the page is being
 * left, nothing happens. Other errors pass through unchanged.
 */
export function reloadOnFailedRouteChunks(routes: RouteObject[], target: () => string | undefined): RouteObject[] {
  for (const route of routes) {
    const lazy = route.lazy;
    if (typeof lazy === "function") {
      route.lazy = (async (...args: unknown[]) => {
        try {
          return await (lazy as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          if (isChunkLoadError(error) && (await recoverFromChunkError(error, target())) !== "failed") return never();
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
 * (the entry makes the next navigation a document load) decides. Nothing when the page is being left.
 */
export function watchFailedChunks(onFailure: () => void): void {
  window.addEventListener("unhandledrejection", (event) => {
    if (!isChunkLoadError(event.reason)) return;
    event.preventDefault();
    if (!isLeaving()) onFailure();
  });
}
