/**
 * The browser's root route, around the routes of views/routes.tsx: scroll handling
 * (client/scroll.tsx) and the navigation progress bar, which only matter in the browser. It
 * renders no markup of its own, so the server's HTML still hydrates as it is.
 */
import { useEffect } from "react";
import { Outlet, type DataRouter, type RouteObject } from "react-router";
import { ErrorScreen } from "../views/pages/ErrorScreen";
import { ProgressBar } from "../views/parts/ProgressBar";
import { ScrollManager } from "./scroll";

export const CLIENT_ROOT_ID = "client-root";

interface ClientRootOptions {
  router: () => DataRouter | undefined;
  /** Called once the first render is committed (docs/behaviour.md section 2.2: the start-up error handler goes then). */
  onFirstRender: () => void;
}

function ClientRoot({ router, onFirstRender }: ClientRootOptions) {
  // The callback never changes: this runs once, after the first commit.
  useEffect(onFirstRender, [onFirstRender]);
  return (
    <>
      <ScrollManager router={router} />
      <ProgressBar />
      <Outlet />
    </>
  );
}

export function withClientRoot(routes: RouteObject[], options: ClientRootOptions): RouteObject[] {
  return [{ id: CLIENT_ROOT_ID, element: <ClientRoot {...options} />, ErrorBoundary: ErrorScreen, children: routes }];
}
