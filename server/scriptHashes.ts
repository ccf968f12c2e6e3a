/**
 * The `sha256-` sources of a document's inline scripts, for a Content-Security-Policy that a
 * cache may keep (decision record 004): whatever inline scripts the shell, the tags or any
 * other part of the page emits are found here, so each is allowed by construction and nothing
 * else is. Data blocks (`application/json`, `application/ld+json`, …) are not run and need none.
 */
import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Types the browser runs (or that CSP governs like scripts): classic, module, speculation rules, import maps. */
const EXECUTABLE_TYPES = new Set(["", "text/javascript", "application/javascript", "module", "speculationrules", "importmap"]);

const attributeOf = (attributes: string, name: string): string | undefined =>
  new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attributes)?.slice(1).find((v) => v !== undefined);
const hasAttribute = (attributes: string, name: string): boolean => new RegExp(`(?:^|\\s)${name}(?:\\s*=|\\s|$)`, "i").test(attributes);

/** `'sha256-…'` of one script's text, exactly as it stands between its tags. */
export const sha256Source = (text: string): string => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The hash sources of every inline script the browser would run in `html`, each once, in document order. */
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
