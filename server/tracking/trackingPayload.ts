/**
 * The body the browser posts to /api/meta-capi (spec §3 "Tracking payload", §7.1), checked with
 * a schema: known fields only, every size bounded, `event_name` from an allow-list or the
 * Klaviyo form-event pattern. A failure names the first bad field.
 */
import { z } from "zod";

/** Meta standard events the site sends. */
export const STANDARD_EVENTS = ["PageView", "ViewContent", "Lead", "Contact", "Schedule", "SubmitApplication"] as const;

/**
 * Klaviyo form events, as agreed with the browser side: `klaviyo_form_{formId}` (submit),
 * `klaviyo_form_{formId}_step` (stepSubmit, with `custom_data.step_source`) and
 * `klaviyo_form_{formId}_view` (viewedStep).
 */
export const KLAVIYO_FORM_EVENT = /^klaviyo_form_[A-Za-z0-9]+(?:_(?:step|view))?$/;

export const LIMITS = {
  eventName: 64,
  url: 2048,
  pageTitle: 300,
  fbp: 255,
  fbclid: 500,
  customDataKeys: 20,
  customDataKey: 40,
  customDataString: 500,
} as const;

const CUSTOM_DATA_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

const scalar = z.union([z.string().max(LIMITS.customDataString), z.number().finite(), z.boolean(), z.null()], {
  error: `a string (up to ${LIMITS.customDataString} characters), number, boolean or null`,
});

const customData = z
  .object({
    page_url: z
      .string()
      .max(LIMITS.url)
      .pipe(z.url({ protocol: /^https?$/, error: "an http(s) URL" })),
    page_title: z.string().max(LIMITS.pageTitle),
  })
  .catchall(scalar)
  .superRefine((data, ctx) => {
    const keys = Object.keys(data);
    if (keys.length > LIMITS.customDataKeys) {
      // Stryker disable next-line StringLiteral: zod keeps a custom issue's code as given; only the message reaches the answer
      ctx.addIssue({ code: "custom", message: `at most ${LIMITS.customDataKeys} fields` });
      return;
    }
    for (const key of keys) {
      if (key.length > LIMITS.customDataKey || !CUSTOM_DATA_KEY.test(key)) {
        // Stryker disable next-line StringLiteral: zod keeps a custom issue's code as given; only the path and message reach the answer
        ctx.addIssue({ code: "custom", path: [key], message: `a field name of letters, digits and _ (up to ${LIMITS.customDataKey})` });
      }
    }
  });

export const trackingPayloadSchema = z
  .object({
    event_name: z
      .string()
      .max(LIMITS.eventName)
      .refine((name) => (STANDARD_EVENTS as readonly string[]).includes(name) || KLAVIYO_FORM_EVENT.test(name), {
        error: `one of ${STANDARD_EVENTS.join(", ")}, or klaviyo_form_{formId}[_step|_view]`,
      }),
    region: z.enum(["us", "uk"], { error: "us or uk" }),
    /** The _fbp cookie: fb.{subdomain index}.{creation ms}.{random}. */
    fbp: z
      .string()
      .max(LIMITS.fbp)
      .regex(/^fb\.\d\.\d{1,16}\.[A-Za-z0-9._-]{1,200}$/, "an _fbp cookie value (fb.1.{ms}.{number})")
      .optional(),
    /** fbclid from the landing URL; kept exactly as given (Meta rejects a re-cased one). */
    fbclid: z
      .string()
      .max(LIMITS.fbclid)
      .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, _ and -")
      .optional(),
    custom_data: customData,
    /** The browser pixel's eventID for the same event, so Meta deduplicates the two. */
    event_id: z.uuid({ error: "a UUID" }).optional(),
  })
  .strict();

export type TrackingPayload = z.infer<typeof trackingPayloadSchema>;

export interface PayloadProblem {
  /** Dotted path of the bad field (`custom_data.page_url`), or `body` for the body as a whole. */
  field: string;
  error: string;
}

export type ParsedPayload = { ok: true; payload: TrackingPayload } | { ok: false; problem: PayloadProblem };

/** Checks a parsed JSON body; on failure names the first bad field. */
export function parseTrackingPayload(body: unknown): ParsedPayload {
  const result = trackingPayloadSchema.safeParse(body);
  if (result.success) return { ok: true, payload: result.data };
  const issue = result.error.issues[0];
  const path = issue.path.map(String);
  // An unknown field is reported by its own name, not by its parent's.
  // Stryker disable next-line StringLiteral: only the top level refuses unknown keys (custom_data takes any), so the path joined is empty
  if (issue.code === "unrecognized_keys") return problem([...path, issue.keys[0]].join("."), "unknown field");
  if (!path.length) return problem("body", "a JSON object");
  // Stryker disable next-line ConditionalExpression,Regex: only zod's invalid_type message ends in "received undefined"
  const missing = issue.code === "invalid_type" && / received undefined$/.test(issue.message);
  return problem(path.join("."), missing ? "required" : issue.message);
}

const problem = (field: string, error: string): ParsedPayload => ({ ok: false, problem: { field, error: `${field}: ${error}` } });
