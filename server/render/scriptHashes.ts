/**
 * The `sha256-` sources of the inline scripts the document shell writes (its head, the tags,
 * the entry's loader), for a Content-Security-Policy that a cache may keep (decision record 004),
 * and the check that React's part of a page has none of its own: the policy allows what the
 * shell wrote and nothing else, so a script that found its way into the markup (an injection)
 * would not run, and its page is not kept (docs/behaviour.md section 6.1). Data blocks (`application/json`,
 * `application/ld+json`, …) are not run and need none.
 */
import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Types the browser runs (or that CSP governs like scripts): classic, module, speculation rules, import maps. */
const EXECUTABLE_TYPES = new Set([
  "",
  "text/javascript",
  "application/javascript",
  "module",
  "speculationrules",
  "importmap",
]);

const attributeOf = (attributes: string, name: string): string | undefined =>
  new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(attributes)
    ?.slice(1)
    .find((v) => v !== undefined);
const hasAttribute = (attributes: string, name: string): boolean =>
  new RegExp(`(?:^|\\s)${name}(?:\\s*=|\\s|$)`, "i").test(attributes);

/** `'sha256-…'` of one script's text, exactly as it stands between its tags. */
export const sha256Source = (text: string): string =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The hash sources of every inline script the browser would run in `html` (shell markup), each once, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (hasAttribute(attributes, "src")) continue;
    const type = (attributeOf(attributes, "type") ?? "").trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(sha256Source(text));
  }
  return [...hashes];
}

const OPENING_TAG = /<script\b([^>]*)>/gi;

/**
 * How many inline scripts the browser would run in `markup` (React's part of a page): should be
 * none. One native pattern search over the markup's text.
 */
export function executableInlineScripts(markup: string): number {
  let found = 0;
  for (const [, attributes] of markup.matchAll(OPENING_TAG)) {
    if (hasAttribute(attributes, "src")) continue;
    if (EXECUTABLE_TYPES.has((attributeOf(attributes, "type") ?? "").trim().toLowerCase())) found++;
  }
  return found;
}
