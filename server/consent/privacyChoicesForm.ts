/**
 * POST /privacy-choices and /us/privacy-choices: the privacy choices page's form, for a visitor
 * without script (docs/tracking-privacy.md, "Without script"). The answer writes the consent
 * cookie exactly as the built-in banner would for the same choice on a page of that region
 * (shared/consentCookie.ts, shared/privacyRules.ts: the region's consent model, and the Global
 * Privacy Control signal as `Sec-GPC: 1` brings it), then sends the browser back to the page
 * with a 303. Only the site's own pages may post (SITE_URL's `Origin`, and `Sec-Fetch-Site`
 * same-origin when the browser sends it: 403), only the form's own fields, each once, with its
 * own values (400); nothing else is read. Every answer is no-store; no page carries the cookie.
 */
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import { z } from "zod";
import type { ConsentChoice } from "../../shared/consentPrompt";
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_S, serializeConsentCookie } from "../../shared/consentCookie";
import { LOCALES, localeFromPath, localizePath } from "../../shared/locales";
import { choiceToStore } from "../../shared/privacyRules";
import { regionFromPath } from "../../shared/region";
import { PRIVACY_CHOICES_PATH } from "../../shared/routeTable";
import type { ConsentModel } from "../../shared/siteConfig";
import { sameSiteForm } from "../http/sameSiteForms";

/** The form is a few short fields: anything longer is not the form. */
export const MAX_FORM_BYTES = 1024;

export interface PrivacyChoicesFormOptions {
  siteUrl: string;
  /** US_CONSENT_MODEL: the model of the /us page's answer. */
  usConsentModel: ConsentModel;
  now?: () => number;
}

/** The page's fields (views/pages/PrivacyChoicesPage.tsx): which button was pressed, and the two ticked boxes. */
const formSchema = z.strictObject({
  choice: z.enum(["save", "accept-all", "reject-all"], { error: "choice: save, accept-all or reject-all" }),
  functional: z.literal("on", { error: "functional: on, or left out" }).optional(),
  marketing: z.literal("on", { error: "marketing: on, or left out" }).optional(),
});
type FormFields = z.infer<typeof formSchema>;

const refuse = (res: Response, status: number, message: string) =>
  void res.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);

/** The choice the form's button means, as the settings dialog's buttons mean it (client/consent/consentDialog.ts). */
function choiceOf(fields: FormFields, gpc: boolean): ConsentChoice {
  if (fields.choice === "accept-all") return { functional: true, marketing: true };
  if (fields.choice === "reject-all") return { functional: false, marketing: false };
  const marketing = fields.marketing === "on";
  // Ticked beside the words saying that this overrides the browser's signal.
  return { functional: fields.functional === "on", marketing, gpcOptIn: gpc && marketing };
}

/** A cross-site form cannot set a visitor's choice: SITE_URL's Origin, and Sec-Fetch-Site same-origin where sent. */
function sameSiteOnly(siteUrl: string): RequestHandler {
  const fromSite = sameSiteForm(siteUrl);
  return (req, res, next) => {
    if (!fromSite(req)) return refuse(res, 403, "Your choices can only be sent from this site's own page.");
    next();
  };
}

/** body-parser's refusals as plain 4xx answers: never a stack, never a 500 for the client's bytes. */
const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = (error as { status?: number }).status;
  if (typeof status === "number" && status >= 400 && status < 500)
    return refuse(res, status === 413 ? 413 : 400, "The form could not be read: send it again from the page.");
  next(error);
};

export function createPrivacyChoicesForm({
  siteUrl,
  usConsentModel,
  now = Date.now,
}: PrivacyChoicesFormOptions): Router {
  // Its exact spelling only, as the app's own routing (docs/security.md, "Only page paths are re-spelled").
  const router = Router({ caseSensitive: true, strict: true });
  const paths = LOCALES.map((locale) => localizePath(PRIVACY_CHOICES_PATH, locale));
  const body = express.urlencoded({ extended: false, limit: MAX_FORM_BYTES, parameterLimit: 3 });
  router.post(paths, sameSiteOnly(siteUrl), body, bodyErrors, (req: Request, res: Response) => {
    if (!req.is("application/x-www-form-urlencoded"))
      return refuse(res, 415, "Send the form as application/x-www-form-urlencoded.");
    const parsed = formSchema.safeParse({ ...req.body });
    if (!parsed.success) return refuse(res, 400, parsed.error.issues[0]?.message ?? "The form's fields are not valid.");
    // Back to the page the form is on (the router matches only the paths' exact spelling).
    const page = localizePath(PRIVACY_CHOICES_PATH, localeFromPath(req.path));
    const region = regionFromPath(page);
    const model: ConsentModel = region === "us" ? usConsentModel : "opt-in";
    // The browser's signal arrives with the form as its header: navigator.globalPrivacyControl is its other face.
    const gpc = req.get("sec-gpc") === "1";
    const stored = choiceToStore(choiceOf(parsed.data, gpc), { model, gpc });
    res.cookie(CONSENT_COOKIE, serializeConsentCookie(stored, now()), {
      maxAge: CONSENT_COOKIE_MAX_AGE_S * 1000,
      path: "/",
      sameSite: "lax",
      secure: req.secure,
      // The banner reads it in the browser.
      httpOnly: false,
    });
    res.set("Cache-Control", "no-store").redirect(303, `${page}?saved=1`);
  });
  return router;
}
