/**
 * What the built-in banner's settings view and the privacy choices page say, per region, consent
 * model and Global Privacy Control signal (docs/tracking-privacy.md, "In the browser"). Where the
 * choices are shown and the browser sends the signal, they say that it is detected and honoured;
 * the settings view on /us also says when it is not detected. The first layer's words (banner and
 * opt-out notice) are shared/consentNoticeTexts.ts, which loads before the visitor taps anything.
 */
import type { ConsentChoice, PromptContext } from "./consentPrompt";

export type CategoryId = "necessary" | "functional" | "marketing";

export interface Category {
  id: CategoryId;
  label: string;
  text: string;
}

const TOOLS = "Measure visits and our advertising (Google Tag Manager, Meta) and run the email sign-up (Klaviyo).";

/** One switch per category; on /us the marketing switch is the opt-out of sale and sharing. */
export function categoriesFor({ region, gpc }: PromptContext): Category[] {
  const overrides = gpc
    ? " Off while your browser sends Global Privacy Control; turning it on here overrides that signal for this site."
    : "";
  const marketing: Category =
    region === "us"
      ? {
          id: "marketing",
          label: "Sale, sharing and targeted advertising",
          text: `${TOOLS} US state laws may count this as a “sale” or “sharing” of your personal information: switch it off to opt out.${overrides}`,
        }
      : { id: "marketing", label: "Marketing and analytics", text: `${TOOLS}${overrides}` };
  return [
    { id: "necessary", label: "Necessary", text: "Keep the site working and remember this choice. Always on." },
    { id: "functional", label: "Functional", text: "Embedded features, such as the reviews widget." },
    marketing,
  ];
}

/** The footer's way back (the first layer names it too: shared/consentNoticeTexts.ts `noticeText`). */
export const settingsName = ({ region }: Pick<PromptContext, "region">): string =>
  region === "us" ? "Your Privacy Choices" : "Cookie settings";

export const settingsTitle = ({ region }: Pick<PromptContext, "region">): string =>
  region === "us" ? "Your privacy choices" : "Cookie settings";
export const settingsText = ({ region }: Pick<PromptContext, "region">): string =>
  region === "us"
    ? "Choose what we may do with your information. Necessary cookies are always on."
    : "Choose the cookies we may use. Necessary cookies are always on.";

/**
 * The settings view's Global Privacy Control line: whenever the browser sends the signal (with
 * the visitor's override of it, where marketing is on by their choice), and on /us also when it
 * does not; null where there is nothing to say.
 */
export function settingsSignal({ region, gpc }: PromptContext, current: ConsentChoice | null): string | null {
  if (!gpc)
    return region === "us"
      ? "Global Privacy Control: not detected. If your browser sends this opt-out preference signal, we honour it."
      : null;
  if (current?.marketing && current.gpcOptIn)
    return "Global Privacy Control detected. You turned marketing on for this site, which overrides your browser’s opt-out preference signal.";
  return region === "us"
    ? "Global Privacy Control detected and honoured: we do not sell or share your personal information or use it for targeted advertising."
    : "Global Privacy Control detected and honoured: your browser’s opt-out preference signal keeps marketing cookies off.";
}
