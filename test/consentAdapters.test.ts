/**
 * The consent managers' adapters and Consent Mode (docs/behaviour.md section 4), without a browser: Usercentrics'
 * category states, the built-in banner's cookie, and the signals each choice sends.
 */
import { parseConsentCookie, serializeConsentCookie } from "../shared/consentCookie";
import { consentModeSignals, consentModeUpdate } from "../client/consent/consentMode";
import { honourSignal } from "../shared/privacyRules";
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

  test("the override of Global Privacy Control and the opt-out model's mark round-trip as gpc_opt_in and model", () => {
    const value = serializeConsentCookie(
      { functional: true, marketing: true, gpcOptIn: true, model: "opt-out" },
      1_700_000_000_000,
    );
    expect(JSON.parse(value)).toEqual({
      v: 1,
      functional: true,
      marketing: true,
      ts: 1_700_000_000_000,
      gpc_opt_in: true,
      model: "opt-out",
    });
    expect(parseConsentCookie(value)).toEqual({ functional: true, marketing: true, gpcOptIn: true, model: "opt-out" });
    // Anything else in those fields is no override and no mark.
    expect(parseConsentCookie('{"v":1,"functional":true,"marketing":true,"gpc_opt_in":"yes","model":"x"}')).toEqual({
      functional: true,
      marketing: true,
    });
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

describe("Consent Mode updates per model", () => {
  const state = (functional: boolean, marketing: boolean, model: "opt-in" | "opt-out", gpc = false) =>
    honourSignal({ functional, marketing, decided: true }, { model, gpc });

  test("under the opt-in model every update is the whole choice", () => {
    expect(consentModeUpdate(state(true, true, "opt-in"), new Set())).toEqual(
      consentModeSignals({ functional: true, marketing: true }),
    );
  });

  test("under the opt-out model only what is off is sent, and what this page denied is granted again when turned on", () => {
    expect(consentModeUpdate(state(true, true, "opt-out"), new Set())).toBeNull();
    expect(consentModeUpdate(state(true, true, "opt-out", true), new Set())).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
      personalization_storage: "denied",
    });
    expect(consentModeUpdate(state(true, true, "opt-out"), new Set(["ad_storage", "analytics_storage"]))).toEqual({
      ad_storage: "granted",
      analytics_storage: "granted",
    });
    expect(consentModeUpdate(state(false, true, "opt-out"), new Set())).toEqual({ functionality_storage: "denied" });
  });
});
