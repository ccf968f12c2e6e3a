/**
 * The banner's own words (shared/consentBannerTexts.ts), apart from the settings view's
 * (shared/consentTexts.ts) so that the first layer loads without them: it still names the
 * footer's way back by the name the footer and the settings use, and says what the browser's
 * Global Privacy Control signal does to "Accept all" only where the browser sends it.
 */
import { bannerSignal, noticeText } from "../shared/consentBannerTexts";
import { settingsName, settingsSignal } from "../shared/consentTexts";

test.each(["uk", "us"] as const)("the %s banner names the footer's way back as the footer does", (region) => {
  expect(noticeText({ region })).toContain(`with “${settingsName({ region })}” at the foot of every page.`);
});

test("without the signal the banner says nothing of it; with it, that it is honoured and what Accept all does", () => {
  expect(bannerSignal({ region: "uk", model: "opt-in", gpc: false })).toBeNull();
  expect(bannerSignal({ region: "us", model: "opt-in", gpc: false })).toBeNull();
  for (const region of ["uk", "us"] as const) {
    const context = { region, model: "opt-in" as const, gpc: true };
    // The same words as the settings view's for the same visitor, and what "Accept all" then accepts.
    expect(bannerSignal(context)).toBe(
      `${settingsSignal(context, null)} “Accept all” accepts the other cookies, not marketing.`,
    );
  }
});
