/** Browser entry: resolve the lazy routes of the first page, then hydrate the server's markup. */
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createRoutes } from "../views/routes";
import { clientLoaders } from "./dataLoader";
import "../views/styles/site.css";

async function start(): Promise<void> {
  const routes = createRoutes(clientLoaders);
  // Without this the router would render a fallback first and the markup would not match.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const lazy = m.route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(m.route, { ...(await lazy()), lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes);
  hydrateRoot(
    document.getElementById("root")!,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  // Pages rendered in preview only: the preview toolbar's events refresh the page's data.
  if (document.documentElement.hasAttribute("data-preview")) {
    void import("./preview").then(({ startPreview }) => startPreview(router));
  }
}

void start();
