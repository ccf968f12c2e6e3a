/**
 * Settings of the tracking relay's privacy signals and click cookies (docs/configuration.md,
 * docs/tracking-privacy.md), validated at start-up with the rest of the configuration
 * (server/config.ts, which also checks TRACKING_COOKIE_DOMAIN against SITE_URL).
 */
import { z } from "zod";
import { cookieDomainProblem } from "./clickCookies";

/** The day the site began honouring Global Privacy Control: `lastUpdate` of /.well-known/gpc.json. */
export const GPC_POLICY_DATE = "2026-11-26";

/** A calendar date written YYYY-MM-DD that exists (ISO 8601: no 2026-02-30). */
const calendarDate = z.iso.date({ error: "a date that exists, written YYYY-MM-DD" });

export const trackingSettingsShape = {
  /**
   * What the relay does with an event from a browser that sends `Sec-GPC: 1` without the
   * visitor's explicit opt-in (`gpc_opt_in`): `drop` it (default: nothing reaches Meta), or send
   * it with Meta's Limited Data Use (`ldu`).
   */
  TRACKING_GPC: z.enum(["drop", "ldu"], "drop or ldu").default("drop"),
  /**
   * The Domain of the `_fbc`/`_fbp` cookies the relay writes; default: the registrable domain of
   * SITE_URL (host-only for localhost and IP addresses). Must be SITE_URL's host or a parent of it.
   */
  TRACKING_COOKIE_DOMAIN: z
    .string()
    .transform((domain) => domain.trim().toLowerCase().replace(/^\./, ""))
    .pipe(
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/,
          "a domain name",
        ),
    )
    .optional(),
  /** `lastUpdate` of /.well-known/gpc.json: when the site's handling of the signal last changed. */
  GPC_LAST_UPDATE: calendarDate.default(GPC_POLICY_DATE),
};

/** The check that needs SITE_URL too: browsers must take cookies for TRACKING_COOKIE_DOMAIN from the site. */
export function checkTrackingSettings(
  env: { TRACKING_COOKIE_DOMAIN?: string | undefined; SITE_URL?: string | undefined; PORT: number },
  ctx: z.RefinementCtx,
): void {
  if (!env.TRACKING_COOKIE_DOMAIN) return;
  // SITE_URL's default, as loadConfig resolves it.
  const problem = cookieDomainProblem(env.TRACKING_COOKIE_DOMAIN, env.SITE_URL ?? `http://localhost:${env.PORT}`);
  if (problem) ctx.addIssue({ code: "custom", path: ["TRACKING_COOKIE_DOMAIN"], message: problem });
}
