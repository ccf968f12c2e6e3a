/** The browser's share of the tag settings (shared/siteConfig.ts): which tags are on and their script URLs. */
import type { PublicSiteConfig } from "../../shared/siteConfig";
import type { TagSettings } from "./tagSettings";

/** klaviyo.js for the company: `<KLAVIYO_SRC>?company_id=<id>`. */
export function klaviyoScriptUrl(settings: TagSettings): string | null {
  if (!settings.KLAVIYO_COMPANY_ID) return null;
  const url = new URL(settings.KLAVIYO_SRC);
  url.searchParams.set("company_id", settings.KLAVIYO_COMPANY_ID);
  return url.href;
}

/** The GTM container's loader: `<GTM_SRC>?id=<GTM_ID>`. */
export function gtmScriptUrl(settings: TagSettings): string | null {
  if (!settings.GTM_ID) return null;
  const url = new URL(settings.GTM_SRC);
  url.searchParams.set("id", settings.GTM_ID);
  return url.href;
}

/**
 * Null when no tag is configured at all: then the page carries nothing of this. The consent
 * manager is there when a tag that needs consent is (GTM, Klaviyo, the reviews widget) or
 * when Usercentrics is configured; it is Usercentrics when USERCENTRICS_SETTINGS_ID is set.
 */
export function publicSiteConfig(settings: TagSettings): PublicSiteConfig | null {
  const config: PublicSiteConfig = {
    consentManager: null,
    gtmId: settings.GTM_ID ?? null,
    gtmSrc: gtmScriptUrl(settings),
    klaviyoSrc: klaviyoScriptUrl(settings),
    reviewsWidgetSrc: settings.REVIEWS_WIDGET_SRC ?? null,
    privacyPolicySrc: settings.PRIVACY_POLICY_SCRIPT_SRC ?? null,
    usConsentModel: settings.US_CONSENT_MODEL,
  };
  const needsConsent = Boolean(
    config.gtmId || config.klaviyoSrc || config.reviewsWidgetSrc || settings.USERCENTRICS_SETTINGS_ID,
  );
  if (needsConsent) config.consentManager = settings.USERCENTRICS_SETTINGS_ID ? "usercentrics" : "banner";
  return needsConsent || config.privacyPolicySrc ? config : null;
}
