/**
 * Which Google Consent Mode signals each optional consent category holds, for the head's
 * defaults (server/tags/tagHead.ts) and the browser's updates (client/consent/consentMode.ts)
 * alike: analytics, personalization and the three ad signals follow marketing (the category a
 * Global Privacy Control signal opts out of), functionality follows functional, and security
 * is always granted.
 */

export const MARKETING_SIGNALS = [
  "ad_storage",
  "ad_user_data",
  "ad_personalization",
  "analytics_storage",
  "personalization_storage",
] as const;

export const FUNCTIONAL_SIGNALS = ["functionality_storage"] as const;

export type ConsentSignalName =
  | (typeof MARKETING_SIGNALS)[number]
  | (typeof FUNCTIONAL_SIGNALS)[number]
  | "security_storage";
