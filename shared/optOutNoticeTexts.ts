/**
 * What the opt-out model's notice (client/consent/optOutNotice.ts), its first layer, says
 * (docs/tracking-privacy.md, "In the browser"): apart from the banner's and the settings' words
 * (shared/consentBannerTexts.ts, shared/consentTexts.ts), since each loads with its own view.
 */

export const optOutNoticeTitle = "Your privacy choices";
export const optOutNoticeText =
  "We and partners such as Google and Meta use cookies to measure visits and our advertising, which US state " +
  "laws may count as a “sale” or “sharing” of personal information. Opt out here, or at any time with “Your " +
  "Privacy Choices” at the foot of every page.";

/**
 * The notice's Global Privacy Control line when the browser sends the signal; null without it.
 * The notice shows only before an answer under this model, so never with a marketing override.
 */
export const optOutNoticeSignal = (gpc: boolean): string | null =>
  gpc ? "Global Privacy Control detected and honoured: we do not sell or share your personal information." : null;
