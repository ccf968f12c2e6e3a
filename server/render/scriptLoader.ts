/**
 * Small inline scripts that add script and preload elements. Under a hash-based policy with
 * 'strict-dynamic', an element that a hashed script creates is trusted, where a parser-inserted
 * `<script src>` or `<link rel="modulepreload">` would need a nonce; the loaders themselves are
 * allowed by their hash (server/render/scriptHashes.ts). Every value is JSON with `<` escaped, so no
 * URL can end the script element.
 */
const json = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** Adds a `<script>` with `attributes` (e.g. `src`, `async`, `id`, `data-*`) to the head. */
export function scriptLoader(attributes: Record<string, string>): string {
  return `(function(d,a){var s=d.createElement("script");for(var k in a)s.setAttribute(k,a[k]);d.head.appendChild(s)})(document,${json(attributes)})`;
}

/** Adds `<link rel="modulepreload">` for each URL: fetched and parsed early, run by the entry. */
export function modulePreloader(urls: readonly string[]): string {
  return `(function(d,u){u.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)})})(document,${json(urls)})`;
}

/**
 * Runs the browser entry (and before it, on a page with tags, the tags' entry) as modules; placed
 * at the end of the body, after the markup they read. Not async: they run in this order.
 */
export function moduleLoader(srcs: readonly string[]): string {
  // One entry (a page without tags): the same bytes as ever, so such pages do not change.
  if (srcs.length === 1)
    return `(function(d){var s=d.createElement("script");s.type="module";s.src=${json(srcs[0])};d.body.appendChild(s)})(document)`;
  return `(function(d,u){u.forEach(function(h){var s=d.createElement("script");s.type="module";s.async=false;s.src=h;d.body.appendChild(s)})})(document,${json(srcs)})`;
}
