/** Adding our own module and script elements in the browser, with the page's CSP nonce. */

/** The page's nonce: the attribute reads empty once parsed, the property keeps it. */
export const pageNonce = (): string | undefined => document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

/**
 * Adds `<link rel="modulepreload">` for `href` (fetched and parsed, not run); resolves when it
 * has loaded or failed. `low`: behind everything the page itself needs.
 */
export function modulePreload(href: string, priority?: "low"): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    if (priority) link.fetchPriority = priority;
    const nonce = pageNonce();
    if (nonce) link.nonce = nonce;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}
