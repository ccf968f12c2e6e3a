/**
 * Consent, third-party tags and tracking in the browser, where the server configured any
 * (shared/siteConfig.ts). Everything starts with the page, before the app wakes, from the tags'
 * own entry (client/tagsEntry.ts), which only pages with tags load: the consent manager (with the page's consent model and the browser's
 * Global Privacy Control signal: shared/privacyRules.ts), Tag Manager when the head left
 * it out, the page-view tracking, Klaviyo (its 3000 ms fallback counts from the page's start)
 * with its form events (and, where the KlaviyoForm slice is, the switch to its form once drawn:
 * client/klaviyoFallback.ts), and the page's widgets. The
 * elements Klaviyo and the widgets fill are ones React leaves alone (views/parts/ScriptSlot.tsx,
 * the footer's form): hydration and client navigations never see or undo their markup.
 */
import { connectConsentPrompt } from "../shared/consentPrompt";
import { regionFromPath } from "../shared/region";
import { bannerConsent } from "./consent/bannerAdapter";
import { currentConsent, startConsent } from "./consent/consentState";
import { consentModelFor, globalPrivacyControl } from "../shared/privacyRules";
import { openSettingsFromLinks } from "./consent/privacyChoicesOnPage";
import { startKlaviyo } from "./klaviyo";
import { forwardKlaviyoFormEvents } from "./klaviyoForms";
import { startPageScripts } from "./pageScripts";
import { readSiteConfig } from "./siteConfig";
import { startTagManager } from "./tagManager";
import { track, trackPageViews, type NavigatingRouter } from "./tracking";

/** What is left to hand over once the app runs: `router` tells the page-view tracking about client navigations. */
export type AppTags = (router: NavigatingRouter) => void;

/** What `startTags` returned: the entry hands the app's router to it once the app runs. */
let started: AppTags | null = null;
export const startedTags = (): AppTags | null => started;

/** Starts the page's consent manager, tracking, Klaviyo and widgets; null when the page has no tags. */
export function startTags(): AppTags | null {
  const config = readSiteConfig();
  if (!config) return null;
  // Consent Mode's update comes first: every tag below reads the state it reports.
  if (config.consentManager) {
    const gpc = globalPrivacyControl();
    const region = regionFromPath(location.pathname);
    if (config.consentManager === "usercentrics")
      // Usercentrics asks under its own settings (configure its US framework to match US_CONSENT_MODEL).
      // Its adapter loads only on its sites: its reports are asynchronous anyway (the CMP's own
      // script loads async), and it reads the CMP whether that is up already or announces itself later.
      void import("./consent/usercentricsAdapter")
        .then(({ usercentricsConsent }) =>
          startConsent(usercentricsConsent(connectConsentPrompt), { model: "opt-in", gpc }),
        )
        .catch((error: unknown) => console.warn("consent: the Usercentrics adapter did not load", error));
    else {
      const model = consentModelFor(region, config.usConsentModel);
      startConsent(bannerConsent({ region, model, gpc }), { model, gpc });
    }
    openSettingsFromLinks();
  }
  if (config.gtmSrc) startTagManager(config.gtmSrc);
  const followNavigations = trackPageViews();
  if (config.klaviyoSrc) {
    forwardKlaviyoFormEvents();
    const requested = startKlaviyo(config.klaviyoSrc);
    // The KlaviyoForm slice's switch to Klaviyo's form, loaded only by a page that has the slice
    // (docs/requests.md, "Klaviyo's own forms"); should it not load, the site's own form stays.
    if (document.querySelector("[data-klaviyo-fallback]"))
      void import("./klaviyoFallback").then(({ watchKlaviyoForms }) => watchKlaviyoForms(requested)).catch(() => {});
  }
  startPageScripts(config);
  started = (router) => {
    followNavigations(router);
    // Requests sent with script count as conversions: loaded with the app, never before it.
    // `track` and the consent handed over, so the tracking's and the consent's code stay in the
    // tags' own chunk (docs/development.md, "The JavaScript budget").
    void import("./requestConversions").then(({ trackRequestConversions }) =>
      trackRequestConversions(track, currentConsent),
    );
  };
  return started;
}
