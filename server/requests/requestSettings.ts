/**
 * Settings of visitors' requests (docs/configuration.md, "Requests"): where they are delivered,
 * how many a client may send, how long they are kept. Validated at start-up with the rest of the
 * configuration (server/config.ts). Requests are stored in the outbox's store (OUTBOX_STORE,
 * DATA_DIR, FIRESTORE_PROJECT_ID). With no destination configured they go to the local inbox.
 */
import { z } from "zod";
import { secret } from "../secretSetting";

export const requestSettingsShape = {
  /** The business's CRM: each request is POSTed there as signed JSON (docs/requests.md, "The webhook"). */
  REQUESTS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: "an absolute http(s) URL" }).optional(),
  /** The shared secret of the webhook's HMAC-SHA256 signature; required with REQUESTS_WEBHOOK_URL. */
  REQUESTS_WEBHOOK_SECRET: secret(32).optional(),
  /** Klaviyo's private API key (pk_…): with it each request is also a Klaviyo event on the visitor's profile. */
  KLAVIYO_PRIVATE_KEY: z
    .string()
    .regex(/^pk_[A-Za-z0-9_]{10,}$/, "a Klaviyo private API key (pk_…)")
    .optional(),
  /** The Klaviyo list a visitor who ticked "keep me posted" is subscribed to; without it nobody is subscribed. */
  KLAVIYO_LIST_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{4,40}$/, "a Klaviyo list id")
    .optional(),
  /** Klaviyo's API origin (a stand-in in tests). */
  KLAVIYO_API_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://a.klaviyo.com"),
  /**
   * Where the local inbox writes one JSON file per request, when neither the webhook nor Klaviyo is
   * configured (default `DATA_DIR/inbox`).
   */
  REQUESTS_INBOX_DIR: z.string().min(1).optional(),
  /** Requests each client may send a minute, per instance; more get 429 (the deploy's nginx has its own limit). */
  REQUESTS_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Requests every client together may send a minute, per instance; more get 429 (reason `busy`). */
  REQUESTS_RATE_LIMIT_ALL: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /**
   * Refused posts an instance answers a minute with the form's whole page again (a render); past
   * it, with a plain page of the errors (server/requests/refusedPageBudget.ts). 0: always plain.
   */
  REQUESTS_REFUSED_PAGES_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(120),
  /** Days a delivered request is kept before it is deleted. */
  REQUESTS_RETENTION_DAYS: z.coerce.number().min(0).max(3650).default(30),
  /** Days a request a destination refused for good is kept (for the business to act on) before it is deleted. */
  REQUESTS_FAILED_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(90),
};

type RequestEnv = { [K in keyof typeof requestSettingsShape]?: unknown } & Record<string, unknown>;

/** Half a webhook configuration is a mistake, not "webhook off". */
export function checkRequestSettings(env: RequestEnv, ctx: z.RefinementCtx): void {
  if (env.REQUESTS_WEBHOOK_URL && !env.REQUESTS_WEBHOOK_SECRET)
    ctx.addIssue({
      code: "custom",
      path: ["REQUESTS_WEBHOOK_SECRET"],
      message: "required when REQUESTS_WEBHOOK_URL is set",
    });
  if (env.REQUESTS_WEBHOOK_SECRET && !env.REQUESTS_WEBHOOK_URL)
    ctx.addIssue({
      code: "custom",
      path: ["REQUESTS_WEBHOOK_URL"],
      message: "required when REQUESTS_WEBHOOK_SECRET is set",
    });
  if (env.KLAVIYO_LIST_ID && !env.KLAVIYO_PRIVATE_KEY)
    ctx.addIssue({ code: "custom", path: ["KLAVIYO_PRIVATE_KEY"], message: "required when KLAVIYO_LIST_ID is set" });
}
