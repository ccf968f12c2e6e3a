/**
 * Fatal errors in the browser (docs/behaviour.md section 2.8): an error that React cannot contain, or that one of
 * our own scripts throws before the first render has finished, replaces the page with the
 * not-found screen (client/fatalScreen.tsx) and is reported to the server's log
 * (client/clientLog.ts). The start-up watch ends once the first render has resolved; React's
 * own handlers stay. (Both modules are small and share everything with the entry: as lazy
 * chunks they made the first load larger, not smaller.)
 */
import type { Root, RootOptions } from "react-dom/client";
import { isRouteErrorResponse } from "react-router";
import { isChunkLoadError } from "./chunkErrors";
import { reportClientError, type ClientErrorKind } from "./clientLog";
import { renderFatalScreen } from "./fatalScreen";

let appRoot: Root | undefined;
let fatalShown = false;

/** The React root of the app, which the fatal screen replaces. */
export function setAppRoot(root: Root): void {
  appRoot = root;
}

export const reportError = (kind: ClientErrorKind, error: unknown): void => reportClientError(kind, error);

/** Reports `error` and switches the page to the not-found screen (once). */
export function showFatalError(error: unknown, kind: ClientErrorKind = "uncaught"): void {
  reportError(kind, error);
  if (fatalShown) return;
  fatalShown = true;
  const previous = appRoot;
  appRoot = undefined;
  renderFatalScreen(error, previous);
}

/** An error event from one of the site's own scripts (third-party tags are not ours to judge). */
const isOwnScript = (filename: string | undefined) => !!filename && filename.startsWith(`${location.origin}/assets/`);

/** Until the returned function is called (after the first render), our scripts' errors are fatal. */
export function watchStartup(): () => void {
  const onError = (event: ErrorEvent) => {
    if (isOwnScript(event.filename)) showFatalError(event.error ?? new Error(event.message), "startup");
  };
  window.addEventListener("error", onError);
  return () => window.removeEventListener("error", onError);
}

/** For createRoot/hydrateRoot: an uncaught render error is fatal; a recovered one (a hydration mismatch) is only reported. */
export const rootErrorHandlers: RootOptions = {
  onUncaughtError: (error) => showFatalError(error, "uncaught"),
  onRecoverableError: (error) => reportError("recoverable", error),
};

/** The visitor's connection, not the site: an aborted or failed fetch. */
const isNetworkFailure = (error: unknown) =>
  (error instanceof DOMException && error.name === "AbortError") ||
  (error instanceof TypeError && /fetch|network/i.test(error.message));

/**
 * For <RouterProvider onError>: errors the router's boundaries caught (they already show the
 * error screen). Route responses (404, 503) are answers, not faults, a failed chunk reloads
 * the page (client/chunkErrors.ts) and a lost connection is the visitor's: none is reported.
 */
export function reportRouteError(error: unknown, info: { errorInfo?: unknown }): void {
  if (isRouteErrorResponse(error) || isChunkLoadError(error) || isNetworkFailure(error)) return;
  reportError(info.errorInfo ? "render" : "script", error);
}
