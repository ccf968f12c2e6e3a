/**
 * Some navigations must leave the single-page app and load a new document: a visited page with
 * the email-marketing embed (client/fullReloadPages.ts) and any navigation once a newer build is
 * deployed (client/newVersion.ts). The router's data strategy sees every navigation before its
 * loaders run: there the new document is requested instead, keeping the history right
 * (a push adds an entry, a replace replaces it, back/forward reloads the entry it landed on).
 */
import { createPath, type DataRouter, type DataStrategyFunction, type DataStrategyResult } from "react-router";

/** What React Router does without a data strategy: run the loaders that need to run. */
const runLoaders: DataStrategyFunction = async ({ matches }) => {
  const toLoad = matches.filter((m) => m.shouldCallHandler());
  const results = await Promise.all(toLoad.map((m) => m.resolve()));
  return Object.fromEntries(results.map((result, i): [string, DataStrategyResult] => [toLoad[i].route.id, result]));
};

/**
 * A data strategy that turns navigations to a URL for which `needsDocumentLoad` holds into
 * document loads. `router()` gives the router, whose pending location keeps the hash.
 */
export function documentLoadsWhere(
  needsDocumentLoad: (url: URL) => boolean,
  router: () => DataRouter | undefined,
): DataStrategyFunction {
  return (args) => {
    if (args.unstable_initiator !== "navigation") return runLoaders(args);
    const pending = router()?.state.navigation.location;
    const url = new URL(pending ? createPath(pending) : args.request.url, location.href);
    if (!needsDocumentLoad(url)) return runLoaders(args);
    const type = args.unstable_navigationType;
    // On back/forward the address bar already shows the entry: load it again in place.
    if (type === "POP" || (type === null && url.href === location.href)) location.reload();
    else if (type === "REPLACE") location.replace(url.href);
    else location.assign(url.href);
    // The current page stays as it is until the new document replaces it.
    return new Promise(() => {});
  };
}
