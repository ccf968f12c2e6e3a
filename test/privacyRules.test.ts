/**
 * What a stored choice, the page's consent model and the browser's Global Privacy Control signal
 * add up to (shared/privacyRules.ts), without a browser: the signal as an opt-out under
 * both models, the visitor's override, the record that outlives the signal, and which record
 * counts as an answer where.
 */
import {
  answerOnRecord,
  choiceToStore,
  consentModelFor,
  globalPrivacyControl,
  honourSignal,
  recordSignal,
  reportedConsent,
} from "../shared/privacyRules";

const OPT_IN = { model: "opt-in", gpc: false } as const;
const OPT_IN_GPC = { model: "opt-in", gpc: true } as const;
const OPT_OUT = { model: "opt-out", gpc: false } as const;
const OPT_OUT_GPC = { model: "opt-out", gpc: true } as const;

test("the signal is navigator.globalPrivacyControl being exactly true", () => {
  expect(globalPrivacyControl({ globalPrivacyControl: true })).toBe(true);
  for (const value of [false, undefined, "true", 1])
    expect(globalPrivacyControl({ globalPrivacyControl: value })).toBe(false);
  expect(globalPrivacyControl({})).toBe(false);
  expect(globalPrivacyControl(undefined)).toBe(false);
});

test("the UK is always opt-in; /us follows US_CONSENT_MODEL", () => {
  expect(consentModelFor("uk", "opt-out")).toBe("opt-in");
  expect(consentModelFor("us", "opt-out")).toBe("opt-out");
  expect(consentModelFor("us", "opt-in")).toBe("opt-in");
});

describe("with nothing stored", () => {
  test("the opt-in model has nothing on and awaits an answer; the opt-out model has everything on", () => {
    expect(honourSignal(reportedConsent(null, "opt-in"), OPT_IN)).toEqual({
      functional: false,
      marketing: false,
      gpcOptIn: false,
      decided: false,
      gpc: false,
      model: "opt-in",
    });
    expect(honourSignal(reportedConsent(null, "opt-out"), OPT_OUT)).toMatchObject({
      functional: true,
      marketing: true,
      decided: false,
    });
  });

  test("the signal turns the opt-out model's marketing off, and is recorded so that its absence later is no consent", () => {
    expect(honourSignal(reportedConsent(null, "opt-out"), OPT_OUT_GPC)).toMatchObject({
      functional: true,
      marketing: false,
      gpc: true,
      gpcOptIn: false,
    });
    expect(recordSignal(null, OPT_OUT_GPC)).toEqual({ functional: true, marketing: false, model: "opt-out" });
    // The opt-in model's unanswered visitor has nothing on to opt out of: the banner asks.
    expect(recordSignal(null, OPT_IN_GPC)).toBeNull();
    expect(recordSignal(null, OPT_OUT)).toBeNull();
  });
});

describe("a stored choice", () => {
  test("a marketing yes given before the signal is turned into a no by it; the visitor's override is kept", () => {
    expect(recordSignal({ functional: true, marketing: true }, OPT_IN_GPC)).toEqual({
      functional: true,
      marketing: false,
    });
    expect(recordSignal({ functional: true, marketing: true, model: "opt-out" }, OPT_OUT_GPC)).toEqual({
      functional: true,
      marketing: false,
      model: "opt-out",
    });
    expect(recordSignal({ functional: false, marketing: true, gpcOptIn: true }, OPT_IN_GPC)).toBeNull();
    expect(recordSignal({ functional: true, marketing: false }, OPT_IN_GPC)).toBeNull();
    expect(recordSignal({ functional: true, marketing: true }, OPT_IN)).toBeNull();
  });

  test("marketing is on under the signal only with the override, which is then reported", () => {
    const overridden = reportedConsent({ functional: false, marketing: true, gpcOptIn: true }, "opt-in");
    expect(honourSignal(overridden, OPT_IN_GPC)).toMatchObject({
      marketing: true,
      gpc: true,
      gpcOptIn: true,
      decided: true,
    });
    // Without the signal there is nothing to override.
    expect(honourSignal(overridden, OPT_IN)).toMatchObject({ marketing: true, gpc: false, gpcOptIn: false });
    expect(honourSignal(reportedConsent({ functional: true, marketing: true }, "opt-in"), OPT_IN_GPC)).toMatchObject({
      functional: true,
      marketing: false,
      gpcOptIn: false,
    });
  });

  test("a record made under the opt-out model answers the opt-out model only; an opt-in answer counts everywhere", () => {
    const usRecord = { functional: true, marketing: true, model: "opt-out" } as const;
    expect(answerOnRecord(usRecord, "opt-out")).toBe(usRecord);
    expect(answerOnRecord(usRecord, "opt-in")).toBeNull();
    const answer = { functional: false, marketing: false };
    expect(answerOnRecord(answer, "opt-in")).toBe(answer);
    expect(answerOnRecord(answer, "opt-out")).toBe(answer);
  });
});

describe("a choice made on the page", () => {
  test("under the signal, Accept all stores everything but marketing; the settings' override stores marketing with gpc_opt_in", () => {
    expect(choiceToStore({ functional: true, marketing: true }, OPT_IN_GPC)).toEqual({
      functional: true,
      marketing: false,
    });
    expect(choiceToStore({ functional: false, marketing: true, gpcOptIn: true }, OPT_IN_GPC)).toEqual({
      functional: false,
      marketing: true,
      gpcOptIn: true,
    });
  });

  test("without the signal an override means nothing and is not stored; the opt-out model marks its records", () => {
    expect(choiceToStore({ functional: true, marketing: true, gpcOptIn: true }, OPT_IN)).toEqual({
      functional: true,
      marketing: true,
    });
    expect(choiceToStore({ functional: true, marketing: false }, OPT_OUT)).toEqual({
      functional: true,
      marketing: false,
      model: "opt-out",
    });
    expect(choiceToStore({ functional: false, marketing: false, gpcOptIn: true }, OPT_OUT_GPC)).toEqual({
      functional: false,
      marketing: false,
      model: "opt-out",
    });
  });
});
