/**
 * The requests a visitor can make of the business (docs/requests.md): a showroom visit (gb), a
 * video consultation (us, which has no showroom), free samples by post, and a quote. Each is a
 * plain form that posts to the site itself, whatever third party is or is not loaded.
 */
import { type Locale, localizePath } from "../locales";
import type { Region } from "../region";

export const REQUEST_KINDS = ["visit", "consultation", "samples", "quote"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Which requests each region offers: the US has no showroom to visit, so it books a video call. */
export const KINDS_BY_REGION: Record<Region, readonly RequestKind[]> = {
  uk: ["visit", "samples", "quote"],
  us: ["consultation", "samples", "quote"],
};

export const isRequestKind = (value: unknown): value is RequestKind =>
  typeof value === "string" && (REQUEST_KINDS as readonly string[]).includes(value);

export const offersKind = (region: Region, kind: RequestKind) => KINDS_BY_REGION[region].includes(kind);

/** Where every request form posts: `/requests/{kind}` (and under `/us`). A GET there shows the form on its own. */
export const REQUESTS_PREFIX = "/requests";
export const requestPath = (kind: RequestKind, locale: Locale) => localizePath(`${REQUESTS_PREFIX}/${kind}`, locale);
/** The confirmation a request is answered with (post/redirect/get): the same page for everyone, cacheable. */
export const requestSentPath = (kind: RequestKind, locale: Locale) =>
  localizePath(`${REQUESTS_PREFIX}/${kind}/sent`, locale);

/**
 * Meta's standard event each accepted request counts as (docs/tracking.md, "Requests"): booking a
 * visit or a call is Meta's `Schedule`; a quote is the business's sales lead, `Lead`; free samples
 * posted to a visitor are an application for a product, `SubmitApplication`, kept apart from
 * `Lead` so the two can be bid on separately.
 */
export const META_EVENT_OF: Record<RequestKind, "Schedule" | "Lead" | "SubmitApplication"> = {
  visit: "Schedule",
  consultation: "Schedule",
  samples: "SubmitApplication",
  quote: "Lead",
};

/** The words the site uses when content gives none: the form's own page, the confirmation. */
export interface KindTexts {
  /** The form's heading on its own page and in the slice when the editor left it empty. */
  title: string;
  submit: string;
  /** The confirmation page's heading. */
  sentTitle: string;
  /** What happens next, on the confirmation page. */
  next: readonly string[];
}

export const KIND_TEXTS: Record<RequestKind, KindTexts> = {
  visit: {
    title: "Book a showroom visit",
    submit: "Request my visit",
    sentTitle: "Your visit request is with us",
    next: [
      "A designer will call or email you within one working day to agree a time that suits you.",
      "Nothing is booked until we have confirmed it with you, and you can change your mind at any point.",
    ],
  },
  consultation: {
    title: "Book a video consultation",
    submit: "Request my consultation",
    sentTitle: "Your consultation request is with us",
    next: [
      "A designer will email you within one working day with times for a video call and a link to join it.",
      "The call is free, takes about 45 minutes, and there is no obligation.",
    ],
  },
  samples: {
    title: "Order free samples",
    submit: "Send my samples",
    sentTitle: "Your samples are on their way",
    next: [
      "We post samples within two working days. They are free, and you do not need to return them.",
      "If a finish is out of stock we will email you before sending a close alternative.",
    ],
  },
  quote: {
    title: "Request a quote",
    submit: "Request my quote",
    sentTitle: "Your quote request is with us",
    next: [
      "A designer will look at your details and contact you within two working days to talk through your room.",
      "Your quote is free, and we will never pass your details to anyone else.",
    ],
  },
};
