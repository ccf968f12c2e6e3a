/**
 * What the opt-in model's banner, the consent prompt's first layer, says per region and Global
 * Privacy Control signal (docs/tracking-privacy.md, "In the browser"). The opt-out model's notice
 * has its own words (shared/optOutNoticeTexts.ts), the settings view too (shared/consentTexts.ts):
 * each loads with its own view, the first layer's before the visitor taps anything and the
 * settings' only once asked for (budgets.json, docs/development.md "The JavaScript budget"), so
 * none of these files imports another.
 */
import type { PromptContext } from "./consentPrompt";

/** The opt-in banner's first layer; it names the footer's way back (shared/consentTexts.ts `settingsName`). */
export const noticeTitle = "Cookies on this site";
export const noticeText = ({ region }: Pick<PromptContext, "region">): string =>
  "We use necessary cookies to run this site. With your consent we also use functional cookies for embedded " +
  "features, and marketing cookies to measure visits and our advertising. You can change your choice at any time " +
  `with “${region === "us" ? "Your Privacy Choices" : "Cookie settings"}” at the foot of every page.`;

/**
 * The banner's Global Privacy Control line, when the browser sends the signal, with what "Accept
 * all" then does; null without it. The banner opens only where the visitor has not answered on
 * this page's model, so there is no marketing override of the signal to mention here (the
 * settings view says it: shared/consentTexts.ts `settingsSignal`).
 */
export function bannerSignal({ region, gpc }: PromptContext): string | null {
  if (!gpc) return null;
  return `${
    region === "us"
      ? "Global Privacy Control detected and honoured: we do not sell or share your personal information or use it for targeted advertising."
      : "Global Privacy Control detected and honoured: your browser’s opt-out preference signal keeps marketing cookies off."
  } “Accept all” accepts the other cookies, not marketing.`;
}
