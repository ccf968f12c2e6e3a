/**
 * The tags' part of the document head, first thing after the viewport (docs/behaviour.md section 4.2): the Google
 * Consent Mode defaults before any tag can load, the public configuration for the browser, then
 * the Usercentrics loader (when it is the consent manager) and the Tag Manager loader (when
 * GTM_ID is set). The same bytes serve every visitor: what differs per visitor (where they are,
 * their browser's Global Privacy Control signal) is read by Consent Mode and by these scripts in
 * the browser, never by the server (docs/decisions/024-privacy-signals-and-regional-consent.md).
 */
import { MARKETING_SIGNALS } from "../../shared/consentSignals";
import { SITE_CONFIG_ELEMENT_ID } from "../../shared/siteConfig";
import { serializeJsonLd } from "../../shared/structuredData";
import { scriptLoader } from "../render/scriptLoader";
import { gtmScriptUrl, publicSiteConfig } from "./publicConfig";
import type { TagSettings } from "./tagSettings";

/**
 * Consent Mode v2's global default: everything denied but security, for the UK, the EEA and
 * everywhere no region-specific default names; the browser sends `update` as soon as it knows
 * the visitor's choice (client/consent/consentMode.ts).
 */
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

/**
 * With US_CONSENT_MODEL=opt-out, the region-specific default of visitors in the US (Consent
 * Mode's `region` parameter, ISO 3166-1/2 codes, Google's geolocation): everything granted, but
 * for a browser sending Global Privacy Control, where the marketing category's signals (the ad
 * signals among them) stay denied: the head's script checks `navigator.globalPrivacyControl`
 * before any tag.
 */
export const US_OPT_OUT_DEFAULT = {
  ad_storage: "granted",
  ad_user_data: "granted",
  ad_personalization: "granted",
  analytics_storage: "granted",
  functionality_storage: "granted",
  personalization_storage: "granted",
  security_storage: "granted",
  wait_for_update: 500,
  region: ["US"],
} as const;

/** True in a browser sending Global Privacy Control (Firefox with the setting on, Brave, DuckDuckGo, extensions). */
const GPC = "navigator.globalPrivacyControl===true";

// gtag() must push the `arguments` object itself: that is what Tag Manager reads as a command.
const GTAG = "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}";
const consentDefault = `gtag("consent","default",${JSON.stringify(CONSENT_DEFAULT)});`;
const usOptOutDefault =
  `(function(g){var d=${JSON.stringify(US_OPT_OUT_DEFAULT)};` +
  `if(g)${JSON.stringify(MARKETING_SIGNALS)}.forEach(function(k){d[k]="denied"});` +
  `gtag("consent","default",d)})(${GPC});`;
// Tag Manager (which carries Meta's Pixel) is a marketing tag: a browser sending GPC never gets
// it from the head; the browser adds it if the visitor turns marketing on over the signal.
const GTM_START_SCRIPT = `if(!(${GPC}))dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});`;

/** The head's first script: the Consent Mode defaults (and Tag Manager's start). */
export function consentDefaultScript(settings: Pick<TagSettings, "US_CONSENT_MODEL" | "GTM_ID">): string {
  return (
    GTAG +
    consentDefault +
    (settings.US_CONSENT_MODEL === "opt-out" ? usOptOutDefault : "") +
    (settings.GTM_ID ? GTM_START_SCRIPT : "")
  );
}

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
    `<script>${consentDefaultScript(settings)}</script>`,
    `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${json}</script>`,
    cmp ? `<script>${scriptLoader(cmp)}</script>` : "",
    gtmSrc ? `<script>${GPC}||${scriptLoader({ src: gtmSrc, async: "" })}</script>` : "",
  ].join("");
}
