/**
 * `custom_data` as Meta's Conversions API defines it: each parameter with its type (Meta's
 * "Custom Data Parameters"), and which of them each event the site sends may carry (Meta's
 * standard-events reference; the Klaviyo form events are ours). A parameter an event does not
 * take is refused, as is free text that looks like contact details. Every event carries the
 * page it happened on: `page_url`, a page of SITE_URL, and `page_title`.
 */
import { z } from "zod";
import { contactDetailsIn, hasEmailAddress } from "../../shared/contactDetails";

const LIMITS = {
  url: 2048,
  pageTitle: 300,
  text: 500,
  id: 200,
  ids: 50,
  /** The largest conversion value taken (a made-to-measure kitchen is far below it). */
  value: 1e9,
} as const;

/** ISO 4217 codes (Intl knows the current list: `ABC` is three capitals but no currency). */
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** Text a visitor's page may send, never carrying contact details. */
const freeText = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((text, ctx) => {
      const found = contactDetailsIn(text);
      if (found) ctx.addIssue({ code: "custom", message: `looks like ${found}: contact details are never sent` });
    });

/** An identifier (a product's or an order's): letters, digits and `-_.:/`, so no text, address or number with spaces. */
const identifier = z
  .string()
  .min(1)
  .max(LIMITS.id)
  .regex(/^[A-Za-z0-9_.:/-]+$/, "an identifier: letters, digits and -_.:/");
const amount = z.number().finite().min(0).max(LIMITS.value);

/** Meta's custom_data parameters and their types. */
export const META_PARAMETERS = {
  value: amount,
  currency: z
    .string()
    .refine((code) => CURRENCIES.has(code), { error: "an ISO 4217 currency code (three capitals, like GBP)" }),
  content_name: freeText(LIMITS.text),
  content_category: freeText(LIMITS.text),
  content_ids: z.array(identifier).max(LIMITS.ids),
  content_type: z.enum(["product", "product_group"], { error: "product or product_group" }),
  contents: z
    .array(
      z.strictObject({
        id: identifier,
        quantity: z.number().int().min(1).max(10_000).optional(),
        item_price: amount.optional(),
      }),
    )
    .max(LIMITS.ids),
  num_items: z.number().int().min(0).max(10_000),
  order_id: identifier,
  predicted_ltv: amount,
  search_string: freeText(LIMITS.text),
  status: freeText(LIMITS.id),
} as const;
type MetaParameter = keyof typeof META_PARAMETERS;

/**
 * What each event may carry besides the page. ViewContent and Lead: Meta's lists for them.
 * Contact, Schedule and SubmitApplication: Meta lists none; they take the value of a conversion
 * and its naming, which Meta reads on any event. PageView: the page alone.
 */
export const EVENT_PARAMETERS = {
  PageView: [],
  ViewContent: ["content_ids", "content_category", "content_name", "content_type", "contents", "currency", "value"],
  Lead: ["content_category", "content_name", "currency", "value"],
  Contact: ["content_category", "content_name", "currency", "value"],
  Schedule: ["content_category", "content_name", "currency", "value"],
  SubmitApplication: ["content_category", "content_name", "currency", "value"],
} as const satisfies Record<string, readonly MetaParameter[]>;

export type StandardEvent = keyof typeof EVENT_PARAMETERS;
export const STANDARD_EVENTS = Object.keys(EVENT_PARAMETERS) as StandardEvent[];

/**
 * Klaviyo form events (client/klaviyoForms.ts): `klaviyo_form_{formId}` (submit),
 * `klaviyo_form_{formId}_step` (stepSubmit) and `klaviyo_form_{formId}_view` (viewedStep).
 */
export const KLAVIYO_FORM_EVENT = /^klaviyo_form_([A-Za-z0-9]{1,40})(?:_(step|view))?$/;

/** The page every event happened on: a page of the site itself, whatever Host the request named. */
function pageFields(siteOrigin: string) {
  return {
    page_url: z
      .string()
      .max(LIMITS.url)
      .pipe(z.url({ protocol: /^https?$/, error: "an http(s) URL" }))
      .refine((url) => new URL(url).origin === siteOrigin, { error: `a page of this site (${siteOrigin})` })
      .refine((url) => !hasEmailAddress(safeDecode(url)), {
        error: "carries an e-mail address: contact details are never sent",
      }),
    page_title: freeText(LIMITS.pageTitle),
  };
}

const safeDecode = (url: string) => {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
};

/** Meta wants a currency with every value. */
const currencyWithValue = (data: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (data.value !== undefined && data.currency === undefined)
    ctx.addIssue({ code: "custom", path: ["currency"], message: "required with value" });
};

/** The custom_data schema of each event the site sends, for the site at `siteOrigin`. */
export function customDataSchemas(siteOrigin: string) {
  const page = pageFields(siteOrigin);
  const standard = Object.fromEntries(
    STANDARD_EVENTS.map((name) => {
      const parameters: Record<string, z.ZodType> = Object.fromEntries(
        EVENT_PARAMETERS[name].map((key) => [key, META_PARAMETERS[key].optional()]),
      );
      const schema: z.ZodType<Record<string, unknown>> = z
        .strictObject({ ...page, ...parameters })
        .superRefine(currencyWithValue);
      return [name, schema];
    }),
  ) as Record<StandardEvent, z.ZodType<Record<string, unknown>>>;
  const formId = z.string().regex(/^[A-Za-z0-9]{1,40}$/, "a Klaviyo form id");
  // Steps and views name their step's source; a submit does not (client/klaviyoForms.ts).
  const withSource = z.strictObject({ ...page, form_id: formId, step_source: freeText(LIMITS.text).optional() });
  const klaviyo = { submit: z.strictObject({ ...page, form_id: formId }), step: withSource, view: withSource };
  /** The schema for `eventName`, or undefined for a name the relay does not take. */
  return (eventName: string): { schema: z.ZodType<Record<string, unknown>>; formId?: string } | undefined => {
    if (Object.hasOwn(EVENT_PARAMETERS, eventName)) return { schema: standard[eventName as StandardEvent] };
    const form = KLAVIYO_FORM_EVENT.exec(eventName);
    if (form) return { schema: klaviyo[(form[2] as "step" | "view" | undefined) ?? "submit"], formId: form[1] };
    return undefined;
  };
}

/** The parameters `eventName` may carry, for an error message. */
export function parametersOf(eventName: string): string[] {
  const extra: readonly string[] = Object.hasOwn(EVENT_PARAMETERS, eventName)
    ? EVENT_PARAMETERS[eventName as StandardEvent]
    : KLAVIYO_FORM_EVENT.exec(eventName)?.[2]
      ? ["form_id", "step_source"]
      : ["form_id"];
  return ["page_url", "page_title", ...extra];
}
