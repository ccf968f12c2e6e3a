/**
 * Speculation rules (`<script type="speculationrules">`): documents that open at once. When a
 * visitor hovers a link to a page of this site (about 200 ms) or presses on it, the browser
 * prefetches that page's document, so the click that follows, before the app has woken (or
 * wherever a link is a document load), starts from the response already in hand; the page
 * cache makes the extra requests cheap. Prefetch, not prerender: a prerendered page would run
 * its scripts (consent, a PageView for a page nobody opened) before anyone looked at it.
 *
 * Never speculated: links to other sites (the rules only match this origin's paths), the
 * server's own endpoints (previews, the data and region endpoints, the API, health, metrics,
 * media, assets), links that open elsewhere or download, and links marked
 * `data-speculation="off"` (the entry marks links to the email-marketing pages this tab has
 * visited: client/speculation.ts). Pages rendered in preview carry no rules at all.
 *
 * The rules are one fixed string, the same bytes in every page: the Content Security Policy
 * allows them by their hash, like every inline script of a page (server/render/scriptHashes.ts).
 */
import { DATA_PREFIX } from "./dataEndpoint";
import { REGION_CHOICE_PREFIX } from "./regionChoice";
import { SPECULATION_OFF } from "./speculationOff";

/** Paths that are endpoints, not pages (URL patterns, as the rules' `href_matches` takes them). */
export const NEVER_SPECULATED = [
  "/preview",
  "/preview/*",
  "/api/*",
  `${DATA_PREFIX}/*`,
  `${REGION_CHOICE_PREFIX}/*`,
  "/slice-simulator",
  "/sitemap*",
  "/robots.txt",
  "/healthz",
  "/readyz",
  "/metrics",
  "/builds/*",
  "/media/*",
  "/assets/*",
] as const;

/** The attribute and value that keep a link out of the rules (shared/speculationOff.ts). */
export { SPECULATION_OFF };

const rules = {
  prefetch: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: [...NEVER_SPECULATED] } },
          {
            not: {
              selector_matches: `[${SPECULATION_OFF.attribute}="${SPECULATION_OFF.value}"], [target="_blank"], [download], [rel~="nofollow"]`,
            },
          },
        ],
      },
      eagerness: "moderate",
    },
  ],
};

/** The rules' JSON, as it goes into every page (and no `<` in it, so it cannot end its script element). */
export const SPECULATION_RULES_JSON = JSON.stringify(rules);
