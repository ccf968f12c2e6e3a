/**
 * The `sha256-` sources of the inline scripts the document shell writes (its head, the tags,
 * the entry's loader), for a Content-Security-Policy that a cache may keep (decision record 004),
 * and the check that React's part of a page has none of its own: the policy allows what the
 * shell wrote and nothing else, so a script that found its way into the markup (an injection)
 * would not run, and its page is not kept (issue 23). Data blocks (`application/json`,
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

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const SCRIPT_NAME = [0x73, 0x63, 0x72, 0x69, 0x70, 0x74]; // "script", matched case-insensitively
const isWordByte = (b: number | undefined) =>
  b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f);

/**
 * How many inline scripts the browser would run in `markup` (React's part of a page): should be
 * none. Read in place, byte by byte from each `<`, as `<script\b[^>]*>` would match case-insensitively;
 * only an opening tag's attributes are decoded (as latin1: every ASCII byte where it is).
 */
export function executableInlineScripts(markup: Buffer): number {
  let found = 0;
  for (let at = markup.indexOf(LESS_THAN); at !== -1; at = markup.indexOf(LESS_THAN, at + 1)) {
    if (!SCRIPT_NAME.every((byte, i) => (markup[at + 1 + i] | 0x20) === byte)) continue;
    const afterName = at + 1 + SCRIPT_NAME.length;
    if (isWordByte(markup[afterName])) continue;
    const end = markup.indexOf(GREATER_THAN, afterName);
    if (end === -1) break;
    const attributes = markup.toString("latin1", afterName, end);
    // The next tag starts after this one ends, as the pattern's matches never overlap.
    at = end;
    if (hasAttribute(attributes, "src")) continue;
    if (EXECUTABLE_TYPES.has((attributeOf(attributes, "type") ?? "").trim().toLowerCase())) found++;
  }
  return found;
}
