/**
 * The one set of rules a request must pass (docs/requests.md), in the browser for inline errors
 * and on the server, which is the authority. Messages follow GOV.UK's error-message pattern: they
 * say what to do, beside the field and in the summary, in the order of the form.
 */
import { z } from "zod";
import type { Region } from "../region";
import type { RequestKind } from "./requestKinds";
import {
  BUDGETS,
  DAYS,
  type Option,
  ROOM_SIZES,
  ROOMS,
  SHOWROOMS,
  TIMEFRAMES,
  TIMES_OF_DAY,
  US_STATES,
} from "./requestOptions";

/** A form's body is a few short fields and at most five sample names: anything longer is not the form. */
export const MAX_REQUEST_BYTES = 8 * 1024;
/** Fields a body may carry (each day and each sample is one); more is not the form. */
export const MAX_REQUEST_FIELDS = 40;
export const MAX_SAMPLES = 5;
export const MAX_MESSAGE_LENGTH = 2000;

/** Left empty by people, filled by robots that fill every field (hidden from people and screen readers). */
export const HONEYPOT_FIELD = "website";
/** When the form was shown (ms since the epoch): a request sent sooner after it than a person can type is a robot's. */
export const SHOWN_AT_FIELD = "shown_at";
/** The separate, unticked marketing opt-in ("keep me posted"). */
export const KEEP_POSTED_FIELD = "keep_posted";

/** Fields that may be sent more than once (a value each). */
const LIST_FIELDS = new Set(["days", "samples"]);

/** The body's fields: one value each, or a list for the fields that are lists; `undefined` when a one-value field came twice. */
export function formFields(entries: Iterable<[string, string]>): Record<string, string | string[]> | undefined {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of entries) {
    if (LIST_FIELDS.has(name)) {
      const list = (fields[name] as string[] | undefined) ?? [];
      list.push(value);
      fields[name] = list;
    } else if (Object.hasOwn(fields, name)) return undefined;
    else fields[name] = value;
  }
  return fields;
}

const trimmed = (max: number, empty: string, tooLong: string) =>
  z
    .string({ error: empty })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, empty).max(max, tooLong));

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.string().max(max, tooLong).optional());

const oneOf = (options: readonly Option[], message: string) =>
  z.string({ error: message }).refine((value) => options.some((option) => option.value === value), message);

const EMAIL = /^[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]{2,}$/;
// A UK postcode (with or without its space) and a US ZIP or ZIP+4.
const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i;
const US_ZIP = /^\d{5}(-\d{4})?$/;
// Digits with the spaces, brackets, dots and dashes people write them with; an optional leading +.
const PHONE = /^\+?[\d\s().-]{7,25}$/;

const contact = (region: Region) => ({
  name: trimmed(100, "Enter your name", "Your name must be 100 characters or fewer"),
  email: trimmed(254, "Enter your email address", "Your email address must be 254 characters or fewer").pipe(
    z.string().regex(EMAIL, "Enter an email address in the correct format, like name@example.com"),
  ),
  phone: optionalText(25, "Your phone number must be 25 characters or fewer").pipe(
    z
      .string()
      .regex(
        PHONE,
        region === "us"
          ? "Enter a phone number, like (201) 555-0123"
          : "Enter a phone number, like 01632 960 001 or +44 1632 960 001",
      )
      .optional(),
  ),
  message: optionalText(
    MAX_MESSAGE_LENGTH,
    `Your message must be ${MAX_MESSAGE_LENGTH.toLocaleString("en")} characters or fewer`,
  ),
  [KEEP_POSTED_FIELD]: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});

const days = z
  .array(z.string(), { error: "Choose at least one day" })
  .min(1, "Choose at least one day")
  .refine((list) => list.every((day) => DAYS.some((option) => option.value === day)), "Choose days from the list")
  .transform((list) => DAYS.map((day) => day.value).filter((day) => list.includes(day)));
const timeOfDay = oneOf(TIMES_OF_DAY, "Choose a time of day");

const address = (region: Region) => ({
  address_line1: trimmed(100, "Enter the first line of your address", "The first line must be 100 characters or fewer"),
  address_line2: optionalText(100, "The second line must be 100 characters or fewer"),
  town: trimmed(
    60,
    region === "us" ? "Enter your city" : "Enter your town or city",
    "Your town must be 60 characters or fewer",
  ),
  ...(region === "us"
    ? {
        state: oneOf(US_STATES, "Choose your state"),
        zip: trimmed(10, "Enter your ZIP code", "Enter a ZIP code, like 10001").pipe(
          z.string().regex(US_ZIP, "Enter a ZIP code, like 10001 or 10001-0001"),
        ),
      }
    : {
        postcode: trimmed(8, "Enter your postcode", "Enter a real postcode, like BA11 1AA").pipe(
          z
            .string()
            .regex(UK_POSTCODE, "Enter a real postcode, like BA11 1AA")
            .transform((code) => code.toUpperCase().replace(/^(.+?)\s*(\d[A-Z]{2})$/, "$1 $2")),
        ),
      }),
});

const kindFields = (kind: RequestKind, region: Region) => {
  switch (kind) {
    case "visit":
      return { showroom: oneOf(SHOWROOMS, "Choose a showroom"), days, time_of_day: timeOfDay };
    case "consultation":
      return { days, time_of_day: timeOfDay };
    case "samples":
      return {
        samples: z
          .array(z.string().max(80, "Choose samples from the list"), { error: "Choose at least one sample" })
          .min(1, "Choose at least one sample")
          .transform((list) => [...new Set(list)])
          .pipe(z.array(z.string()).max(MAX_SAMPLES, `Choose up to ${MAX_SAMPLES} samples`)),
        ...address(region),
      };
    case "quote":
      return {
        room: oneOf(ROOMS, "Choose the room"),
        room_size: oneOf(ROOM_SIZES[region], "Choose the rough size of the room"),
        budget: oneOf(BUDGETS[region], "Choose a budget"),
        timeframe: oneOf(TIMEFRAMES, "Choose when you would like it done"),
      };
  }
};

/** The schema of one kind of request in one region. The kind's own fields come first, as the form shows them. */
const buildSchema = (kind: RequestKind, region: Region) =>
  z.object({ ...kindFields(kind, region), ...contact(region) });
const schemas = new Map<string, ReturnType<typeof buildSchema>>();

export function requestSchema(kind: RequestKind, region: Region) {
  // Built once per kind and region: building it cost more than checking a form with it.
  const key = `${kind} ${region}`;
  let schema = schemas.get(key);
  if (!schema) {
    schema = buildSchema(kind, region);
    schemas.set(key, schema);
  }
  return schema;
}

/** The fields of an accepted request, as the business receives them. */
export type RequestFields = Record<string, string | string[] | boolean | undefined>;

export interface FieldError {
  field: string;
  message: string;
}

export type RequestCheck = { ok: true; fields: RequestFields } | { ok: false; errors: FieldError[] };

/** Checks a form's fields; on failure, one message per field (its first), in the form's order. */
export function checkRequest(kind: RequestKind, region: Region, body: Record<string, string | string[]>): RequestCheck {
  const schema = requestSchema(kind, region);
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, fields: parsed.data as RequestFields };
  const order = Object.keys(schema.shape);
  const first = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (!first.has(field)) first.set(field, issue.message);
  }
  const errors = [...first].map(([field, message]) => ({ field, message }));
  errors.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  return { ok: false, errors };
}
