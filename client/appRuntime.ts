/**
 * The libraries the app runs on: React, react-dom and the router. Evaluated on their own, while
 * the page is idle (client/entry.tsx), or as the first stage of the wake when the visitor acts
 * before that: on a phone their evaluation alone is a long task, which the wake must not have
 * (decision record 017). They touch nothing on the page; the CommonJS bodies (React, react-dom)
 * run when first required, which is here. The router is an ES module package that declares no
 * side effects, so a bare `import "react-router"` is dropped by the bundler (and the router
 * would be evaluated with the app, in the wake): the bindings the app starts with are
 * re-exported instead, which makes this module import, and so evaluate, the router's chunk.
 */
import "react";
import "react-dom/client";

export { createBrowserRouter } from "react-router";
export { RouterProvider } from "react-router/dom";
import { formatterFor } from "../views/parts/formatDate";

/**
 * Creates the page language's date formatter ahead of the render that needs it: the first
 * `Intl.DateTimeFormat` of a language loads its locale data, about 50 ms on a phone, which a
 * page with dates (the journal) would otherwise spend inside hydration. Touches nothing on the page.
 */
export function warmUp(): void {
  formatterFor(document.documentElement.lang || "en-GB");
}
