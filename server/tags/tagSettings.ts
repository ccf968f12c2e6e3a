/**
 * The settings of the third-party tags (docs/behaviour.md section 4): each tag is configured by one
 * setting and left out when it is unset; the script URLs default to production and are only
 * changed to point at local stand-ins (tests) or a proxy. Part of the schema in server/config.ts.
 */
import { z } from "zod";

/** A Tag Manager id (docs/behaviour.md section 4.3): GTM- followed by upper-case letters or digits. */
export const GTM_ID = /^GTM-[A-Z0-9]+$/;

export const DEFAULT_TAG_SOURCES = {
  GTM_SRC: "https://www.googletagmanager.com/gtm.js",
  KLAVIYO_SRC: "https://static.klaviyo.com/onsite/js/klaviyo.js",
  USERCENTRICS_SRC: "https://web.cmp.usercentrics.eu/ui/loader.js",
} as const;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An https URL; plain http only on this machine (local stand-ins). No credentials, no fragment. */
export function isScriptUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
  return secure && !url.username && !url.password && !url.hash;
}

const scriptUrl = z.string().refine(isScriptUrl, "an https URL (http only on localhost or 127.0.0.1)");

export const tagSettingsShape = {
  /** Google Tag Manager container; GTM is left out without it. */
  GTM_ID: z.string().regex(GTM_ID, "a Google Tag Manager id: GTM- followed by upper-case letters or digits").optional(),
  GTM_SRC: scriptUrl.default(DEFAULT_TAG_SOURCES.GTM_SRC),
  /** Klaviyo's public company id (its 6-character public API key); Klaviyo is left out without it. */
  KLAVIYO_COMPANY_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{6}$/, "Klaviyo's public company id: 6 letters or digits")
    .optional(),
  KLAVIYO_SRC: scriptUrl.default(DEFAULT_TAG_SOURCES.KLAVIYO_SRC),
  /** Usercentrics settings id: selects the hosted consent manager instead of the built-in banner. */
  USERCENTRICS_SETTINGS_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, "a Usercentrics settings id: letters, digits, - and _")
    .optional(),
  USERCENTRICS_SRC: scriptUrl.default(DEFAULT_TAG_SOURCES.USERCENTRICS_SRC),
  /** The reviews widget's script, loaded on pages that have a reviews slot. */
  REVIEWS_WIDGET_SRC: scriptUrl.optional(),
  /** The privacy-policy generator's script, loaded on pages that have a privacy-policy slot. */
  PRIVACY_POLICY_SCRIPT_SRC: scriptUrl.optional(),
  /**
   * The consent model of the US (shared/siteConfig.ts, docs/configuration.md): `opt-in` asks
   * first, as in the UK; `opt-out` runs the tags by default on /us with a notice and "Your
   * Privacy Choices", and grants Consent Mode's defaults to visitors in the US. Global Privacy
   * Control is an opt-out under both.
   */
  US_CONSENT_MODEL: z
    .enum(["opt-in", "opt-out"], "opt-in (ask first, the default) or opt-out (tags by default, with a notice)")
    .default("opt-in"),
};

export type TagSettings = z.infer<z.ZodObject<typeof tagSettingsShape>>;
