/**
 * The public configuration the browser gets (configuration is read once on the server, docs/architecture.md): which tags are on and where their
 * scripts are. The server writes it as JSON into `<script type="application/json" id="site-config">`
 * (server/tags/tagHead.ts); client/siteConfig.ts reads it. Public values only, never a secret.
 */

export const SITE_CONFIG_ELEMENT_ID = "site-config";

/** Who asks the visitor: the built-in banner, or the hosted Usercentrics CMP (its loader is in the head). */
export type ConsentManagerKind = "banner" | "usercentrics";

/**
 * How consent works where it applies (US_CONSENT_MODEL, docs/configuration.md): `opt-in` asks
 * first and runs nothing optional before a yes (the UK and the EEA always); `opt-out` runs the
 * tags by default, with a notice and "Your Privacy Choices" to opt out (the US, when chosen).
 * The browser's Global Privacy Control signal is an opt-out under both.
 */
export type ConsentModel = "opt-in" | "opt-out";

export interface PublicSiteConfig {
  /** null when no tag needs consent: then nothing asks and nothing that needs consent runs. */
  consentManager: ConsentManagerKind | null;
  /** The Tag Manager container; its loader is in the head, after the consent default. */
  gtmId: string | null;
  /**
   * Tag Manager's script (`<GTM_SRC>?id=<GTM_ID>`): the head's loader leaves it out for a browser
   * sending Global Privacy Control, and the browser loads it only if the visitor then turns
   * marketing on over the signal (client/tagManager.ts).
   */
  gtmSrc: string | null;
  /** klaviyo.js with the public company id, loaded once with marketing consent (or by the 3 s fallback). */
  klaviyoSrc: string | null;
  /** Loaded with functional consent on pages that have a `reviews` script slot. */
  reviewsWidgetSrc: string | null;
  /** Loaded on pages that have a `privacy-policy` script slot (necessary: the policy itself). */
  privacyPolicySrc: string | null;
  /** The consent model of the `/us` pages (US_CONSENT_MODEL); every other page is `opt-in`. */
  usConsentModel: ConsentModel;
}
