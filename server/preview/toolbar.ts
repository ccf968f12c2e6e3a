/**
 * The preview toolbar (docs/behaviour.md section 3.4): while a page is rendered in preview it loads the Prismic
 * toolbar script of the repository, with the page's CSP nonce. Its source is the setting
 * PRISMIC_TOOLBAR_SRC: by default Prismic's own script in hosted mode
 * (`https://static.cdn.prismic.io/prismic.js?new=true&repo=<name>`), and in embedded mode a
 * local stand-in (toolbarStandIn.ts, served at /preview/toolbar.js) that shows a bar with an
 * Exit link and fires the same browser events as the real toolbar (`prismicPreviewUpdate`,
 * `prismicPreviewEnd`).
 */
import * as prismic from "@prismicio/client";

/** The embedded-mode stand-in, served by the preview route. */
export const TOOLBAR_STAND_IN_SRC = "/preview/toolbar.js";

/** What the real toolbar talks to: its script and assets on the CDN, its frame and API on the repository host. */
export const PRISMIC_TOOLBAR_SOURCES: readonly string[] = ["https://*.prismic.io", "https://static.cdn.prismic.io"];

/** An https URL, or a path on this site (one leading `/`, no backslash or white space). */
export function isToolbarSrc(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return !/[\s\\]/.test(value);
  return URL.canParse(value) && new URL(value).protocol === "https:";
}

/** The default PRISMIC_TOOLBAR_SRC: Prismic's toolbar for the hosted repository, else the stand-in. */
export function defaultToolbarSrc(repositoryName: string | undefined): string {
  return repositoryName ? prismic.getToolbarSrc(repositoryName) : TOOLBAR_STAND_IN_SRC;
}

/**
 * The CSP sources a preview response adds to connect-src, frame-src and img-src: none for a
 * stand-in on this site; Prismic's hosts for a toolbar elsewhere, plus that script's own
 * origin when it is not one of them.
 */
export function previewCspSources(toolbarSrc: string): string[] {
  if (toolbarSrc.startsWith("/")) return [];
  const origin = new URL(toolbarSrc).origin;
  const onPrismic = /(^|\.)prismic\.io$/.test(new URL(toolbarSrc).hostname);
  return onPrismic ? [...PRISMIC_TOOLBAR_SOURCES] : [...PRISMIC_TOOLBAR_SOURCES, origin];
}
