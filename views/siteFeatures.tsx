/**
 * Which third-party features this deployment has (its settings: KLAVIYO_COMPANY_ID,
 * REVIEWS_WIDGET_SRC, PRIVACY_POLICY_SCRIPT_SRC, the consent manager and US_CONSENT_MODEL): the views render a widget's element only
 * where its script will come, and a quiet fallback otherwise. The server provides it from its
 * configuration, the browser from the page's public configuration (shared/siteConfig.ts), so
 * both render the same markup.
 */
import { createContext, useContext } from "react";
import type { ConsentManagerKind, ConsentModel, PublicSiteConfig } from "../shared/siteConfig";

export interface SiteFeatures {
  /** Klaviyo is configured: the footer has its sign-up form's placeholder. */
  klaviyo: boolean;
  /** The reviews widget's script is configured. */
  reviews: boolean;
  /** The privacy-policy generator's script is configured. */
  privacyPolicy: boolean;
  /**
   * Who asks for consent (null: no tag needs it, so there is nothing to choose): the footer links
   * to the privacy choices page, whose form the built-in banner's cookie answers.
   */
  consentManager: ConsentManagerKind | null;
  /** US_CONSENT_MODEL: what the `/us` privacy choices page offers and starts from. */
  usConsentModel: ConsentModel;
}

export const NO_FEATURES: SiteFeatures = {
  klaviyo: false,
  reviews: false,
  privacyPolicy: false,
  consentManager: null,
  usConsentModel: "opt-in",
};

/** The features a page's public configuration announces (null: a page without tags has none). */
export const featuresOf = (config: PublicSiteConfig | null): SiteFeatures => ({
  klaviyo: Boolean(config?.klaviyoSrc),
  reviews: Boolean(config?.reviewsWidgetSrc),
  privacyPolicy: Boolean(config?.privacyPolicySrc),
  consentManager: config?.consentManager ?? null,
  usConsentModel: config?.usConsentModel ?? "opt-in",
});

export const SiteFeaturesContext = createContext<SiteFeatures>(NO_FEATURES);

export const useSiteFeatures = (): SiteFeatures => useContext(SiteFeaturesContext);
