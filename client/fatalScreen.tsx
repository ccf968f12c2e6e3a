/**
 * The not-found screen (docs/behaviour.md section 2.7) as a root of its own, for when the app itself has failed
 * (client/fatalErrors.ts). It is the site's ErrorScreen under a router of its own whose every
 * navigation ("Go Back Home", back, forward) is a document load: the app cannot be trusted now.
 */
import { createRoot, type Root } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { ErrorScreen } from "../views/pages/ErrorScreen";
import { documentLoadsWhere } from "./fullPageLoads";

export const FATAL_ROUTE_ID = "fatal";

export function renderFatalScreen(error: unknown, previous?: Root): void {
  try {
    previous?.unmount();
  } catch {
    /* it may already be torn down by React */
  }
  let container = document.getElementById("root");
  if (!container) {
    // No app root at all: the document is in an unknown state, and the screen takes its place.
    container = document.createElement("div");
    container.id = "root";
    document.body.replaceChildren(container);
  }
  container.replaceChildren();
  // The loader is never run (the error is the route's state from the start): it only makes every
  // later navigation go through the data strategy, which loads the page as a document.
  const router = createBrowserRouter(
    [{ id: FATAL_ROUTE_ID, path: "*", loader: () => null, ErrorBoundary: ErrorScreen }],
    {
      hydrationData: { errors: { [FATAL_ROUTE_ID]: error } },
      dataStrategy: documentLoadsWhere(
        () => true,
        () => router,
      ),
    },
  );
  createRoot(container).render(<RouterProvider router={router} />);
}
