/**
 * The document around the React root. React renders `#root` (streamed); the server writes
 * the head, which it knows before rendering because the loaders have already run.
 */
import type { Locale } from "../../shared/locales";
import type { PageHead } from "../../shared/pageHead";
import { headTags } from "./headTags";
import { escapeHtml } from "./html";
import { moduleLoader, modulePreloader, scriptLoader } from "./scriptLoader";
import { inlineScriptHashes, sha256Source } from "./scriptHashes";
import { SPECULATION_RULES_JSON } from "../../shared/speculationRules";
import { PREVIEW_DRAFT_HOLD_SCRIPT } from "../../shared/previewDraftHold";

export interface ShellOptions {
  locale: Locale;
  title: string;
  /** The page's full head; null on error pages, which get no canonical and `noindex`. */
  head: PageHead | null;
  /**
   * A preview's per-request nonce, for its toolbar script; pages every visitor shares have none
   * (their inline scripts are allowed by hash: decision record 004).
   */
  nonce?: string;
  css: string[];
  fonts: string[];
  entry: string;
  /** Modules to preload with the entry (its static imports, and the tags' entry's on a page with tags). */
  preloads: string[];
  /** What the app loads when it wakes (decision record 008): named in a meta tag, fetched only then. */
  appModules: string[];
  noindex: boolean;
  /**
   * Preview only: the preview toolbar script (loaded with the nonce). It also marks the document
   * `data-preview`, which makes the browser entry load its preview module (client/preview.ts).
   */
  toolbarSrc?: string;
  /** Speculation rules (shared/speculationRules.ts): on every page but those rendered in preview. */
  speculationRules?: boolean;
  /** The tags' head (server/tags/tagHead.ts): Consent Mode default, public config, CMP and GTM loaders; first in the head. */
  tagHead?: string;
  /**
   * The client build the page was rendered with, and how often the browser checks
   * /builds/latest.json for a newer one (client/newVersion.ts reads the meta tag).
   */
  build?: { id: string; checkIntervalMs: number };
  /** Development builds only: the development client (client/dev/devClient.ts) and the build's code fingerprint. */
  devClient?: { src: string; code: string };
}

/** The document's start, and the `sha256-` sources of the inline scripts it runs (document order, each once). */
export interface DocumentStart {
  html: string;
  scriptHashes: string[];
}

export function documentStart(o: ShellOptions): DocumentStart {
  const nonce = o.nonce ? ` nonce="${escapeHtml(o.nonce)}"` : "";
  // The executable inline scripts, kept as they are written, so their hashes come from here
  // rather than from scanning the page.
  const preloader = modulePreloader([o.entry, ...o.preloads]);
  const devLoader = o.devClient
    ? scriptLoader({ type: "module", src: o.devClient.src, "data-dev-code": o.devClient.code })
    : undefined;
  const html = [
    "<!doctype html>",
    `<html lang="${o.locale.language}"${o.toolbarSrc ? " data-preview" : ""}>`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    o.tagHead ?? "",
    `<title>${escapeHtml(o.title)}</title>`,
    o.head?.description ? `<meta name="description" content="${escapeHtml(o.head.description)}">` : "",
    o.noindex ? '<meta name="robots" content="noindex">' : "",
    o.head && !o.noindex ? headTags(o.head, o.locale) : "",
    '<meta name="theme-color" content="#14213d">',
    o.build
      ? `<meta name="build-id" content="${escapeHtml(o.build.id)}" data-check-interval="${o.build.checkIntervalMs}">`
      : "",
    ...o.fonts.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="font" type="font/woff2" crossorigin>`),
    ...o.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    // Added by a hashed script: 'strict-dynamic' trusts what it creates, no nonce needed.
    `<script>${preloader}</script>`,
    o.appModules.length ? `<meta name="app-modules" content="${escapeHtml(o.appModules.join(" "))}">` : "",
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    // The same bytes on every page: allowed by their hash, like every inline script.
    o.speculationRules ? `<script type="speculationrules">${SPECULATION_RULES_JSON}</script>` : "",
    // Before the toolbar: a draft pushed while the app loads is held, not a reload (shared/previewDraftHold.ts).
    o.toolbarSrc ? `<script${nonce}>${PREVIEW_DRAFT_HOLD_SCRIPT}</script>` : "",
    o.toolbarSrc ? `<script async src="${escapeHtml(o.toolbarSrc)}"${nonce}></script>` : "",
    // Development only: the development client, added by a hashed loader like every other module.
    devLoader === undefined ? "" : `<script>${devLoader}</script>`,
    "</head>",
    "<body>",
    '<div id="root">',
  ].join("");
  const hashes = [
    ...(o.tagHead ? inlineScriptHashes(o.tagHead) : []),
    sha256Source(preloader),
    ...(o.speculationRules ? [sha256Source(SPECULATION_RULES_JSON)] : []),
    ...(devLoader === undefined ? [] : [sha256Source(devLoader)]),
  ];
  return { html, scriptHashes: [...new Set(hashes)] };
}

export const DOCUMENT_END = "</div></body></html>";

/** Element id of the hydration data: JSON the browser reads (client/hydrationData.ts), never runs. */
export const HYDRATION_DATA_ID = "router-hydration";

/**
 * What follows React's markup in a page every visitor shares: the router's hydration data as a
 * non-executable JSON script, and the hashed loader of the browser entry. It follows `#root`'s
 * closing tag. `scriptSafeJson` must be unable to end its element (server/render/hydrationScript.ts
 * escapes `<`, U+2028 and U+2029 as it writes the JSON).
 */
export function documentTail(scriptSafeJson: string, entries: readonly string[]): string {
  return `<script type="application/json" id="${HYDRATION_DATA_ID}">${scriptSafeJson}</script><script>${tailScript(entries)}</script>`;
}

/**
 * The one script `documentTail` runs (the rest of the tail is data): its hash goes in the page's
 * policy. `entries`: the browser entry, after the tags' entry on a page with tags
 * (server/http/assets.ts `pageEntries`).
 */
export const tailScript = (entries: readonly string[]): string => moduleLoader(entries);
