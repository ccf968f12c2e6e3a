/**
 * The tags' part of the document head, first thing after the viewport (spec §4): the Google
 * Consent Mode default (everything denied but security) before any tag can load, the public
 * configuration for the browser, then the Usercentrics loader (when it is the consent manager)
 * and the Tag Manager loader (when GTM_ID is set).
 */
import { SITE_CONFIG_ELEMENT_ID } from "../../shared/siteConfig";
import { serializeJsonLd } from "../../shared/structuredData";
import { scriptLoader } from "../render/scriptLoader";
import { gtmScriptUrl, publicSiteConfig } from "./publicConfig";
import type { TagSettings } from "./tagSettings";

/** Consent Mode v2 default; the browser sends `update` as soon as it knows the visitor's choice (client/consentMode.ts). */
export const CONSENT_DEFAULT = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
  functionality_storage: "denied",
  personalization_storage: "denied",
  security_storage: "granted",
  wait_for_update: 500,
} as const;

// gtag() must push the `arguments` object itself: that is what Tag Manager reads as a command.
const CONSENT_DEFAULT_SCRIPT =
  "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}" +
  `gtag("consent","default",${JSON.stringify(CONSENT_DEFAULT)});`;
const GTM_START_SCRIPT = 'dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});';

/**
 * The tags' head; undefined when no tag is configured (the head then has none of this). No
 * nonce: the same bytes serve every visitor, so the inline scripts are allowed by their hash
 * (server/render/scriptHashes.ts) and the CMP and Tag Manager scripts are added by a hashed loader,
 * which 'strict-dynamic' trusts.
 */
export function createTagHead(settings: TagSettings): string | undefined {
  const config = publicSiteConfig(settings);
  if (!config) return undefined;
  const gtmSrc = gtmScriptUrl(settings);
  const inline = CONSENT_DEFAULT_SCRIPT + (gtmSrc ? GTM_START_SCRIPT : "");
  const json = serializeJsonLd({ ...config });
  const cmp =
    config.consentManager === "usercentrics"
      ? {
          id: "usercentrics-cmp",
          src: settings.USERCENTRICS_SRC,
          "data-settings-id": settings.USERCENTRICS_SETTINGS_ID!,
          async: "",
        }
      : null;
  return [
    `<script>${inline}</script>`,
    `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${json}</script>`,
    cmp ? `<script>${scriptLoader(cmp)}</script>` : "",
    gtmSrc ? `<script>${scriptLoader({ src: gtmSrc, async: "" })}</script>` : "",
  ].join("");
}
