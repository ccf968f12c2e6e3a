/**
 * The browser's share of the tag settings (server/tags/publicConfig.ts): the script URLs with
 * their ids, and which consent manager a page needs: none without a tag, the built-in banner for
 * a tag that needs consent, Usercentrics when it is configured.
 */
import { gtmScriptUrl, klaviyoScriptUrl, publicSiteConfig } from "../server/tags/publicConfig";
import { DEFAULT_TAG_SOURCES, type TagSettings } from "../server/tags/tagSettings";

const settings = (fields: Partial<TagSettings> = {}): TagSettings => ({
  ...DEFAULT_TAG_SOURCES,
  US_CONSENT_MODEL: "opt-in",
  ...fields,
});

test("script URLs carry their id, only when it is set", () => {
  expect(gtmScriptUrl(settings({ GTM_ID: "GTM-ABC123" }))).toBe(
    "https://www.googletagmanager.com/gtm.js?id=GTM-ABC123",
  );
  expect(gtmScriptUrl(settings())).toBeNull();
  expect(klaviyoScriptUrl(settings({ KLAVIYO_COMPANY_ID: "AbC123" }))).toBe(
    "https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AbC123",
  );
  expect(klaviyoScriptUrl(settings())).toBeNull();
});

test("an id replaces one already in a stand-in's URL", () => {
  expect(gtmScriptUrl(settings({ GTM_ID: "GTM-NEW", GTM_SRC: "http://127.0.0.1:9/gtm.js?id=GTM-OLD&x=1" }))).toBe(
    "http://127.0.0.1:9/gtm.js?id=GTM-NEW&x=1",
  );
});

test("no tag configured: nothing for the page", () => {
  expect(publicSiteConfig(settings())).toBeNull();
});

test.each([
  ["Tag Manager", { GTM_ID: "GTM-ABC123" }],
  ["Klaviyo", { KLAVIYO_COMPANY_ID: "AbC123" }],
  ["the reviews widget", { REVIEWS_WIDGET_SRC: "https://widget.reviews.example/w.js" }],
])("%s needs consent: the built-in banner", (_case, fields) => {
  expect(publicSiteConfig(settings(fields))?.consentManager).toBe("banner");
});

test("Usercentrics configured: Usercentrics, even with no tag", () => {
  expect(publicSiteConfig(settings({ USERCENTRICS_SETTINGS_ID: "abcd1234" }))).toMatchObject({
    consentManager: "usercentrics",
  });
  expect(publicSiteConfig(settings({ USERCENTRICS_SETTINGS_ID: "abcd1234", GTM_ID: "GTM-A" }))?.consentManager).toBe(
    "usercentrics",
  );
});

test("the privacy-policy generator alone needs no consent manager", () => {
  expect(publicSiteConfig(settings({ PRIVACY_POLICY_SCRIPT_SRC: "https://policies.example/embed.js" }))).toEqual({
    consentManager: null,
    gtmId: null,
    gtmSrc: null,
    usConsentModel: "opt-in",
    klaviyoSrc: null,
    reviewsWidgetSrc: null,
    privacyPolicySrc: "https://policies.example/embed.js",
  });
});

test("everything configured", () => {
  expect(
    publicSiteConfig(
      settings({
        GTM_ID: "GTM-ABC123",
        KLAVIYO_COMPANY_ID: "AbC123",
        REVIEWS_WIDGET_SRC: "https://widget.reviews.example/w.js",
        PRIVACY_POLICY_SCRIPT_SRC: "https://policies.example/embed.js",
      }),
    ),
  ).toEqual({
    consentManager: "banner",
    gtmId: "GTM-ABC123",
    gtmSrc: "https://www.googletagmanager.com/gtm.js?id=GTM-ABC123",
    usConsentModel: "opt-in",
    klaviyoSrc: "https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AbC123",
    reviewsWidgetSrc: "https://widget.reviews.example/w.js",
    privacyPolicySrc: "https://policies.example/embed.js",
  });
});
