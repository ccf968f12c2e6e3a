/**
 * Klaviyo, through its server API (docs/requests.md, "Klaviyo"): each request becomes one event on
 * the visitor's profile, which the business's flows can start from ("Requested Quote", …); a
 * visitor who ticked "keep me posted" is also subscribed to email marketing on the configured list.
 *
 * Two calls of Klaviyo's API reference, revision KLAVIYO_REVISION, with a private key:
 *
 * - Create Event, `POST /api/events` (JSON:API, a `event` with `properties`, a `metric` by name and
 *   a `profile` by email; answered 202). `unique_id` is the request's id: Klaviyo records only the
 *   first event with a given unique_id for a profile and metric, so a request sent again (a retry
 *   after a timeout, another worker after a crash) is not a second event.
 * - Bulk Subscribe Profiles, `POST /api/profile-subscription-bulk-create-jobs` (a
 *   `profile-subscription-bulk-create-job` with one profile whose
 *   `subscriptions.email.marketing.consent` is `SUBSCRIBED`, and the list as its `list`
 *   relationship; answered 202). Only when the visitor ticked "keep me posted" (the `keep_posted`
 *   field is true) and a list is configured: never otherwise. Subscribing again is harmless.
 *
 * The event goes first; a subscription that fails after it makes the whole send fail, and the
 * retry sends both again (the event dropped by Klaviyo as a repeat). Answers are classified as
 * for the webhook (server/requests/destinations/httpSend.ts): 2xx delivered; 408, 429
 * (Retry-After honoured) and 5xx retried; any other 4xx failed for good, with Klaviyo's error
 * codes, titles and the field they point at.
 *
 * The phone number goes to Klaviyo in E.164, which its profiles require: read by libphonenumber-js
 * as the visitor wrote it, in the form's own region's national format unless it starts with a `+`
 * (the form's hint asks for "(201) 555-0123" on a US page and "01632 960 001" on a UK one), and
 * left out when it cannot be a number there. Should Klaviyo still refuse the number
 * (a number it finds invalid), the event is sent once more without it, so the lead is not lost to
 * its phone number.
 */
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { Region } from "../../../shared/region";
import type { RequestKind } from "../../../shared/requests/requestKinds";
import { KEEP_POSTED_FIELD } from "../../../shared/requests/requestSchema";
import type { NewVisitorRequest } from "../requestStore";
import type { RequestDestinationSender, SendResult } from "./destination";
import { DESTINATION_TIMEOUT_MS, type HttpAnswer, isAnswer, postOnce, resultOf } from "./httpSend";

/** The API revision every call names (Klaviyo's `revision` header). */
export const KLAVIYO_REVISION = "2025-10-15";
export const KLAVIYO_API_URL = "https://a.klaviyo.com";

/** The metric (Klaviyo's event name) of each kind of request: what a flow is triggered by. */
export const KLAVIYO_METRIC: Record<RequestKind, string> = {
  visit: "Requested Showroom Visit",
  consultation: "Requested Video Consultation",
  samples: "Requested Samples",
  quote: "Requested Quote",
};

export interface KlaviyoSettings {
  /** KLAVIYO_PRIVATE_KEY: a private API key with events:write (and, for subscriptions, lists:write, profiles:write, subscriptions:write). */
  privateKey: string;
  /** Default KLAVIYO_API_URL. */
  apiUrl?: string;
  /** KLAVIYO_LIST_ID: the list "keep me posted" subscribes to; without it nobody is subscribed. */
  listId?: string;
  /** Per request (ms); default DESTINATION_TIMEOUT_MS (10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The country whose national format a region's form asks for. */
const COUNTRY_OF: Record<Region, CountryCode> = { uk: "GB", us: "US" };

/** The fields that identify the visitor: on the profile, never among the event's properties. */
const PROFILE_FIELDS = new Set(["name", "email", "phone"]);

/** `phone` in E.164, read in `region`'s national format unless written with a `+`; undefined when it cannot be a number. */
export function e164(phone: unknown, region: Region): string | undefined {
  if (typeof phone !== "string") return undefined;
  const number = parsePhoneNumberFromString(phone, COUNTRY_OF[region]);
  return number?.isPossible() ? number.number : undefined;
}

/** First name and the rest as last name ("Mary Anne Smith" is Mary and Anne Smith): Klaviyo keeps both. */
export function splitName(name: unknown): { first_name?: string; last_name?: string } {
  if (typeof name !== "string") return {};
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return {};
  const [first, ...rest] = words;
  return rest.length ? { first_name: first, last_name: rest.join(" ") } : { first_name: first };
}

function profileAttributes(request: NewVisitorRequest, withPhone: boolean) {
  const phone = withPhone ? e164(request.fields.phone, request.region) : undefined;
  return {
    email: String(request.fields.email),
    ...(phone ? { phone_number: phone } : {}),
    ...splitName(request.fields.name),
  };
}

/** The Create Event body for `request` (Klaviyo's API reference, Create Event). */
export function klaviyoEventBody(request: NewVisitorRequest, { withPhone = true } = {}) {
  const properties: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request.fields))
    if (!PROFILE_FIELDS.has(name) && value !== undefined) properties[name] = value;
  Object.assign(properties, { kind: request.kind, region: request.region, page: request.page });
  return {
    data: {
      type: "event",
      attributes: {
        properties,
        metric: { data: { type: "metric", attributes: { name: KLAVIYO_METRIC[request.kind] } } },
        profile: { data: { type: "profile", attributes: profileAttributes(request, withPhone) } },
        unique_id: request.id,
        time: new Date(request.receivedAt).toISOString(),
      },
    },
  };
}

/** The Bulk Subscribe Profiles body: the visitor's email subscribed to marketing on `listId` (Klaviyo's API reference, Bulk Subscribe Profiles). */
export function klaviyoSubscriptionBody(request: NewVisitorRequest, listId: string) {
  return {
    data: {
      type: "profile-subscription-bulk-create-job",
      attributes: {
        custom_source: "Website request form",
        profiles: {
          data: [
            {
              type: "profile",
              attributes: {
                email: String(request.fields.email),
                subscriptions: { email: { marketing: { consent: "SUBSCRIBED" } } },
              },
            },
          ],
        },
      },
      relationships: { list: { data: { type: "list", id: listId } } },
    },
  };
}

interface KlaviyoError {
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
}

function klaviyoErrors(answer: HttpAnswer): KlaviyoError[] | undefined {
  try {
    const json = JSON.parse(answer.text) as { errors?: unknown };
    return Array.isArray(json.errors) ? (json.errors as KlaviyoError[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Klaviyo's answer as one line: each error's code, title and the field it points at. Its
 * `detail` is left out: it can quote the value it refused (the visitor's email or number).
 */
function describeKlaviyo(call: string) {
  return (answer: HttpAnswer) => {
    const errors = klaviyoErrors(answer);
    const text = errors
      ? errors
          .slice(0, 5)
          .map((e) => {
            const where = e.source?.pointer ?? e.source?.parameter;
            return `${e.code ?? "error"}: ${e.title ?? "no title"}${where ? ` at ${where}` : ""}`;
          })
          .join("; ")
      : answer.text.replace(/\s+/g, " ").trim().slice(0, 200);
    return `Klaviyo ${call}: HTTP ${answer.status}${text ? `: ${text}` : ""}`;
  };
}

/** Whether Klaviyo refused the profile's phone number (a 400 pointing at it). */
const refusedPhone = (answer: HttpAnswer) =>
  answer.status === 400 && (klaviyoErrors(answer) ?? []).some((e) => e.source?.pointer?.endsWith("/phone_number"));

export function createKlaviyoDestination({
  privateKey,
  apiUrl = KLAVIYO_API_URL,
  listId,
  timeoutMs = DESTINATION_TIMEOUT_MS,
  fetch: fetchImpl = fetch,
  now = Date.now,
}: KlaviyoSettings): RequestDestinationSender {
  if (!privateKey) throw new Error("Klaviyo needs a private API key (KLAVIYO_PRIVATE_KEY)");
  const base = apiUrl.replace(/\/+$/, "");
  const headers = {
    Authorization: `Klaviyo-API-Key ${privateKey}`,
    revision: KLAVIYO_REVISION,
    Accept: "application/vnd.api+json",
    "Content-Type": "application/vnd.api+json",
  };
  const post = (path: string, body: unknown, signal: AbortSignal) =>
    postOnce(`${base}${path}`, headers, JSON.stringify(body), { signal, timeoutMs, fetch: fetchImpl });

  return {
    name: "klaviyo",
    async send(request: NewVisitorRequest, signal: AbortSignal): Promise<SendResult> {
      let event = await post("/api/events", klaviyoEventBody(request), signal);
      if (isAnswer(event) && refusedPhone(event) && e164(request.fields.phone, request.region))
        event = await post("/api/events", klaviyoEventBody(request, { withPhone: false }), signal);
      if (!isAnswer(event)) return event;
      const sent = resultOf(event, describeKlaviyo("Create Event"), now());
      if (!sent.ok) return sent;
      // Consent is the visitor's own tick, never inferred: no tick, no subscription.
      if (request.fields[KEEP_POSTED_FIELD] !== true || !listId) return sent;
      const subscribed = await post(
        "/api/profile-subscription-bulk-create-jobs",
        klaviyoSubscriptionBody(request, listId),
        signal,
      );
      if (!isAnswer(subscribed)) return subscribed;
      return resultOf(subscribed, describeKlaviyo("Bulk Subscribe Profiles"), now());
    },
  };
}
