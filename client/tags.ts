/**
 * Consent, third-party tags and tracking in the browser, where the server configured any
 * (shared/siteConfig.ts). The consent manager and the page-view tracking start with the page,
 * before the app wakes (client/entry.tsx), since neither writes into the server's markup; the
 * scripts that do (Klaviyo fills its form placeholder, the widgets their slots) start once the
 * app has hydrated (client/onHydrated.tsx), so hydration never sees their markup.
 */
import { bannerConsent } from "./consent/bannerAdapter";
import { startConsent } from "./consent/consentState";
import { usercentricsConsent } from "./consent/usercentricsAdapter";
import { startKlaviyo } from "./klaviyo";
import { forwardKlaviyoFormEvents } from "./klaviyoForms";
import { startPageScripts } from "./pageScripts";
import { readSiteConfig } from "./siteConfig";
import { trackPageViews, type NavigatingRouter } from "./tracking";

/** What is left to start once the app runs; `router` tells the page-view tracking about client navigations. */
export type AppTags = (router: NavigatingRouter) => void;

/** Starts the page's consent manager and tracking; null when the page has no tags. */
export function startTags(): AppTags | null {
  const config = readSiteConfig();
  if (!config) return null;
  if (config.consentManager) startConsent(config.consentManager === "usercentrics" ? usercentricsConsent : bannerConsent);
  const followNavigations = trackPageViews();
  return (router) => {
    if (config.klaviyoSrc) {
      startKlaviyo(config.klaviyoSrc);
      forwardKlaviyoFormEvents();
    }
    startPageScripts(config);
    followNavigations(router);
  };
}
