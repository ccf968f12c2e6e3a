/**
 * Consent, third-party tags and tracking in the browser, where the server configured any
 * (shared/siteConfig.ts). They start after hydration (client/onHydrated.tsx); the consent
 * manager starts first, since the tags read its state as they start.
 */
import { bannerConsent } from "./consent/bannerAdapter";
import { startConsent } from "./consent/consentState";
import { usercentricsConsent } from "./consent/usercentricsAdapter";
import { startKlaviyo } from "./klaviyo";
import { forwardKlaviyoFormEvents } from "./klaviyoForms";
import { startPageScripts } from "./pageScripts";
import { readSiteConfig } from "./siteConfig";
import { trackPageViews, type NavigatingRouter } from "./tracking";

/** The start of the page's tags, or null when it has none; `router` tells the page-view tracking about client navigations. */
export function configuredTags(): ((router: NavigatingRouter) => void) | null {
  const config = readSiteConfig();
  if (!config) return null;
  return (router) => {
    if (config.consentManager) startConsent(config.consentManager === "usercentrics" ? usercentricsConsent : bannerConsent);
    if (config.klaviyoSrc) {
      startKlaviyo(config.klaviyoSrc);
      forwardKlaviyoFormEvents();
    }
    startPageScripts(config);
    trackPageViews(router);
  };
}
