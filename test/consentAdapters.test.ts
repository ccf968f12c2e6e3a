/**
 * The consent managers' adapters and Consent Mode (docs/behaviour.md §4), without a browser: Usercentrics'
 * category states, the built-in banner's cookie, and the signals each choice sends.
 */
import { parseConsentCookie, serializeConsentCookie } from "../client/consent/bannerAdapter";
import { consentModeSignals } from "../client/consent/consentMode";
import { consentFromUsercentrics } from "../client/consent/usercentricsAdapter";

describe("Usercentrics", () => {
  const details = (functional: string, marketing: string, required = false) =>
    ({
      consent: { required },
      categories: {
        essential: { state: "ALL_ACCEPTED" },
        functional: { state: functional },
        marketing: { state: marketing },
      },
    }) as never;

  test.each([
    ["ALL_ACCEPTED", true],
    ["SOME_ACCEPTED", true],
    ["ALL_DENIED", false],
  ])("a category %s counts as granted: %s", (state, granted) => {
    expect(consentFromUsercentrics(details(state, state))).toEqual({
      functional: granted,
      marketing: granted,
      decided: true,
    });
  });

  test("functional and marketing are read apart", () => {
    expect(consentFromUsercentrics(details("ALL_DENIED", "SOME_ACCEPTED"))).toEqual({
      functional: false,
      marketing: true,
      decided: true,
    });
  });

  test("a visitor who has not answered yet is undecided; missing categories are denied", () => {
    expect(consentFromUsercentrics(details("ALL_ACCEPTED", "ALL_ACCEPTED", true)).decided).toBe(false);
    expect(consentFromUsercentrics({ consent: { required: false } })).toEqual({
      functional: false,
      marketing: false,
      decided: true,
    });
  });
});

describe("the built-in banner's cookie", () => {
  test("a choice round-trips with version 1 and a time stamp", () => {
    const value = serializeConsentCookie({ functional: true, marketing: false }, 1_700_000_000_000);
    expect(JSON.parse(value)).toEqual({ v: 1, functional: true, marketing: false, ts: 1_700_000_000_000 });
    expect(parseConsentCookie(value)).toEqual({ functional: true, marketing: false });
  });

  test.each([
    null,
    "",
    "yes",
    "{",
    '{"v":2,"functional":true,"marketing":true}',
    '{"v":1,"functional":"true","marketing":true}',
    "null",
  ])("%j is no choice: the banner asks again", (value) => expect(parseConsentCookie(value)).toBeNull());
});

describe("Consent Mode signals", () => {
  test("analytics, personalization and the ad signals follow marketing; functionality follows functional; security is always granted", () => {
    expect(consentModeSignals({ functional: true, marketing: false })).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
      personalization_storage: "denied",
      functionality_storage: "granted",
      security_storage: "granted",
    });
    expect(consentModeSignals({ functional: false, marketing: true })).toEqual({
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      analytics_storage: "granted",
      personalization_storage: "granted",
      functionality_storage: "denied",
      security_storage: "granted",
    });
  });
});
