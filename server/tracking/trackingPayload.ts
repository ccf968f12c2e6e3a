/**
 * The body the browser posts to /api/meta-capi (docs/behaviour.md section 5.1), checked with
 * a schema: known fields only, every size bounded, `event_name` a standard event the site sends
 * or a Klaviyo form event, and `custom_data` the parameters Meta defines for that event, with
 * their types, on a page of SITE_URL (server/tracking/metaCustomData.ts). A failure names the
 * first bad field.
 */
import { z } from "zod";
import { FBP_VALUE } from "./clickCookies";
import { customDataSchemas, KLAVIYO_FORM_EVENT, parametersOf, STANDARD_EVENTS } from "./metaCustomData";

const LIMITS = {
  eventName: 64,
  fbp: 255,
  fbclid: 500,
} as const;

const envelope = z.strictObject({
  event_name: z
    .string()
    .max(LIMITS.eventName)
    .refine((name) => (STANDARD_EVENTS as readonly string[]).includes(name) || KLAVIYO_FORM_EVENT.test(name), {
      error: `one of ${STANDARD_EVENTS.join(", ")}, or klaviyo_form_{formId}[_step|_view]`,
    }),
  region: z.enum(["us", "uk"], { error: "us or uk" }),
  /** The _fbp cookie: fb.{subdomain index}.{creation ms}.{random}. */
  fbp: z.string().max(LIMITS.fbp).regex(FBP_VALUE, "an _fbp cookie value (fb.1.{ms}.{number})").optional(),
  /** fbclid from the landing URL; kept exactly as given (Meta rejects a re-cased one). */
  fbclid: z
    .string()
    .max(LIMITS.fbclid)
    .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, _ and -")
    .optional(),
  /** Checked against the event's own parameters once event_name is known. */
  custom_data: z.looseObject({}),
  /** The browser pixel's eventID for the same event, so Meta deduplicates the two. */
  event_id: z.uuid({ error: "a UUID" }).optional(),
  /**
   * True when the browser sends Global Privacy Control and the visitor turned marketing on in the
   * settings after being told that it overrides that signal (server/tracking/gpcSignal.ts).
   */
  gpc_opt_in: z.boolean({ error: "true or false" }).optional(),
});

export type CustomDataValue = string | number | string[] | Array<Record<string, string | number>>;

export type TrackingPayload = Omit<z.infer<typeof envelope>, "custom_data"> & {
  custom_data: { page_url: string; page_title: string } & Record<string, CustomDataValue>;
};

export interface PayloadProblem {
  /** Dotted path of the bad field (`custom_data.page_url`), or `body` for the body as a whole. */
  field: string;
  error: string;
}

export type ParsedPayload = { ok: true; payload: TrackingPayload } | { ok: false; problem: PayloadProblem };

/** The check of a parsed JSON body for the site at `siteUrl`; on failure it names the first bad field. */
export function trackingPayloadParser(siteUrl: string): (body: unknown) => ParsedPayload {
  const schemaOf = customDataSchemas(new URL(siteUrl).origin);
  return (body) => {
    const outer = envelope.safeParse(body);
    if (!outer.success) return fromIssue(outer.error.issues[0], []);
    const { event_name: eventName, custom_data: data } = outer.data;
    const { schema, formId } = schemaOf(eventName)!;
    const inner = schema.safeParse(data);
    if (!inner.success) {
      const issue = inner.error.issues[0];
      if (issue.code === "unrecognized_keys")
        return problem(
          `custom_data.${issue.keys[0]}`,
          `not a parameter of ${eventName} events (${parametersOf(eventName).join(", ")})`,
        );
      return fromIssue(issue, ["custom_data"]);
    }
    if (formId !== undefined && inner.data.form_id !== formId)
      return problem("custom_data.form_id", `the form id of the event name (${formId})`);
    return { ok: true, payload: { ...outer.data, custom_data: inner.data as TrackingPayload["custom_data"] } };
  };
}

/** Checks `body` as posted to the site at `siteUrl` (one-off: the relay keeps a parser). */
export const parseTrackingPayload = (body: unknown, siteUrl: string): ParsedPayload =>
  trackingPayloadParser(siteUrl)(body);

function fromIssue(issue: z.core.$ZodIssue, prefix: string[]): ParsedPayload {
  const path = [...prefix, ...issue.path.map(String)];
  // An unknown field is reported by its own name, not by its parent's.
  if (issue.code === "unrecognized_keys") return problem([...path, issue.keys[0]].join("."), "unknown field");
  if (!path.length) return problem("body", "a JSON object");
  // Stryker disable next-line ConditionalExpression,Regex: only zod's invalid_type message ends in "received undefined"
  const missing = issue.code === "invalid_type" && / received undefined$/.test(issue.message);
  return problem(path.join("."), missing ? "required" : issue.message);
}

const problem = (field: string, error: string): ParsedPayload => ({
  ok: false,
  problem: { field, error: `${field}: ${error}` },
});
