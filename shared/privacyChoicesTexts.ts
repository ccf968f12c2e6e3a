/**
 * What the privacy choices page says (views/pages/PrivacyChoicesPage.tsx, its head in
 * server/render/pageHeads.ts), per region and consent model. Apart from shared/consentTexts.ts,
 * whose texts the banner shows before the app loads: the page's own texts are the app's and the
 * server's, and stay out of the JavaScript every page runs before interaction (budgets.json,
 * docs/behaviour.md section 7.5).
 */
import type { PromptContext } from "./consentPrompt";
import { settingsName } from "./consentTexts";

/** The privacy choices page's summary (its meta description), per region. */
export const privacyChoicesDescription = (region: PromptContext["region"]): string =>
  region === "us"
    ? "Opt out of the sale and sharing of your personal information and targeted advertising, and choose the cookies we may use."
    : "Choose the cookies Hartley & Reed may use in your browser: necessary, functional, and marketing and analytics.";

/**
 * What the privacy choices page says above its form (views/pages/PrivacyChoicesPage.tsx): how the
 * choice is kept and where else it is made. Under the opt-out model the US page says what is on
 * until the visitor opts out.
 */
export function privacyChoicesIntro({ region, model }: Pick<PromptContext, "region" | "model">): string[] {
  const kept =
    "Your choice is kept in this browser for 180 days in a cookie named “consent”, and applies to every page of this site. " +
    `You can change it here at any time, or with “${settingsName({ region })}” at the foot of every page.`;
  if (region === "us" && model === "opt-out")
    return [
      "We and partners such as Google and Meta use cookies to measure visits and our advertising, which US state laws " +
        "may count as a “sale” or “sharing” of personal information. They are on unless you opt out: untick “Sale, " +
        "sharing and targeted advertising” and save, or choose “Reject all”.",
      kept,
    ];
  return [
    "We use necessary cookies to run this site. With your consent we also use functional cookies for embedded " +
      "features, and marketing cookies to measure visits and our advertising. Nothing optional is used until you say yes.",
    kept,
  ];
}

/** The page's Global Privacy Control paragraph: the page is the same for every browser, so it says what happens when the signal is sent. */
export const privacyChoicesSignalText = (region: PromptContext["region"]): string =>
  region === "us"
    ? "If your browser sends Global Privacy Control, we honour it as an opt-out of sale, sharing and targeted advertising, " +
      "whatever you choose with “Accept all”. Ticking “Sale, sharing and targeted advertising” and saving overrides that signal for this site."
    : "If your browser sends Global Privacy Control, we honour it: marketing cookies stay off, whatever you choose with " +
      "“Accept all”. Ticking “Marketing and analytics” and saving overrides that signal for this site.";

/** Shown on the page after the form was sent (`?saved=1`), where it takes the focus. */
export const privacyChoicesSaved = "Your choices are saved for this browser.";
/** What the page's title says first after the form was sent: "Choices saved – Cookie settings | …". */
export const privacyChoicesSavedTitle = "Choices saved";

/** On a site whose consent manager is the hosted one (Usercentrics): its settings need script, so the page says so. */
export const privacyChoicesHosted =
  "Your choices are made in our consent manager’s settings, which need JavaScript: turn it on and use the button below.";
