/**
 * The opt-out notice's words (shared/optOutNoticeTexts.ts): the footer's way back by its name,
 * and the Global Privacy Control line only where the browser sends the signal.
 */
import { settingsName } from "../shared/consentTexts";
import { optOutNoticeSignal, optOutNoticeText } from "../shared/optOutNoticeTexts";

test("the notice names the footer's way back as the footer does", () => {
  expect(optOutNoticeText).toContain(`“${settingsName({ region: "us" })}” at the foot of every page.`);
});

test("the signal line shows only with the signal, and says it is honoured", () => {
  expect(optOutNoticeSignal(false)).toBeNull();
  expect(optOutNoticeSignal(true)).toBe(
    "Global Privacy Control detected and honoured: we do not sell or share your personal information.",
  );
});
