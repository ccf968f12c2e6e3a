/** Adding our own module and script elements in the browser, with the page's CSP nonce. */

/** The page's nonce: the attribute reads empty once parsed, the property keeps it. */
export const pageNonce = (): string | undefined => document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

/**
 * When a module fetched ahead will be used: `now` (the wake imports it at once), `soon` (a
 * hovered or focused link) or `idle` (the idle fetch, a link merely seen: maybe never).
 */
export type ModuleUse = "now" | "soon" | "idle";

/**
 * Gets the module at `href` ready; resolves when it has loaded or failed.
 *
 * Used `now`: `<link rel="modulepreload">`, fetched and parsed beside the import that follows.
 * Otherwise a `fetch` into the HTTP cache (our assets are immutable), where the module load finds
 * it later, at low priority when `idle`. Not a modulepreload link there: WebKit (and Firefox for
 * preloads) warn in the console about every preload not used within a few seconds, and a module
 * fetched ahead may be used minutes later, or never (decision record 017).
 */
export function modulePreload(href: string, use: ModuleUse = "now"): Promise<void> {
  if (use !== "now") {
    const init = { credentials: "same-origin", priority: use === "idle" ? "low" : "auto" } as RequestInit;
    // Settles once the whole body is in (the preloader's queue counts requests in flight).
    return fetch(href, init)
      .then((response) => response.arrayBuffer())
      .then(
        () => undefined,
        () => undefined,
      );
  }
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    const nonce = pageNonce();
    if (nonce) link.nonce = nonce;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}
