/**
 * The document around the React root. React renders `#root` (streamed); the server writes
 * the head, which it knows before rendering because the loaders have already run.
 */
import type { Locale } from "../shared/locales";
import type { PageHead } from "../shared/pageHead";
import { headTags } from "./headTags";
import { escapeHtml } from "./html";
import { SPECULATION_RULES_JSON } from "../shared/speculationRules";

export interface ShellOptions {
  locale: Locale;
  title: string;
  /** The page's full head; null on error pages, which get no canonical and `noindex`. */
  head: PageHead | null;
  nonce: string;
  css: string[];
  fonts: string[];
  entry: string;
  /** Modules to preload with the entry (its static imports). */
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
}

export function documentStart(o: ShellOptions): string {
  const n = escapeHtml(o.nonce);
  return [
    "<!doctype html>",
    `<html lang="${o.locale.language}"${o.toolbarSrc ? " data-preview" : ""}>`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    o.tagHead ?? "",
    `<title>${escapeHtml(o.title)}</title>`,
    o.head?.description ? `<meta name="description" content="${escapeHtml(o.head.description)}">` : "",
    o.noindex ? '<meta name="robots" content="noindex">' : "",
    o.head && !o.noindex ? headTags(o.head, o.locale, o.nonce) : "",
    '<meta name="theme-color" content="#14213d">',
    o.build ? `<meta name="build-id" content="${escapeHtml(o.build.id)}" data-check-interval="${o.build.checkIntervalMs}">` : "",
    ...o.fonts.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="font" type="font/woff2" crossorigin>`),
    ...o.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<link rel="modulepreload" href="${escapeHtml(o.entry)}" nonce="${n}">`,
    ...o.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" nonce="${n}">`),
    o.appModules.length ? `<meta name="app-modules" content="${escapeHtml(o.appModules.join(" "))}">` : "",
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    o.speculationRules ? `<script type="speculationrules" nonce="${n}">${SPECULATION_RULES_JSON}</script>` : "",
    o.toolbarSrc ? `<script async src="${escapeHtml(o.toolbarSrc)}" nonce="${n}"></script>` : "",
    "</head>",
    "<body>",
    '<div id="root">',
  ].join("");
}

export const DOCUMENT_END = "</div></body></html>";
