/**
 * POST /requests/{kind} and /us/requests/{kind}: a visitor's request (docs/requests.md). Cheap
 * refusals come first, before a byte of the body is read: a post from another site and a client
 * over its rate are refused before the app (requestGate.ts); here the path's kind, the site's own
 * pages again, the form's type, no compressed body. Then the
 * body (8 KiB, 40 fields at most) goes to the intake (requestIntake.ts). A form sent without
 * script is answered as HTML forms are: accepted, a 303 to the confirmation page (a reload sends
 * nothing twice); refused, the form's own page again with every error beside its field, every
 * answer kept, and status 400 (or 503 when the store could not take it); past the instance's
 * budget of such pages a minute, a plain page of the errors (refusedPageBudget.ts). The enhanced form asks
 * for JSON (`Accept: application/json`) and gets the same decisions as JSON. Every answer is
 * `no-store`.
 */
import express, { type NextFunction, type Request, type Response, Router } from "express";
import type { StaticHandlerContext } from "react-router";
import { LOCALES, localeFromPath, localizePath } from "../../shared/locales";
import type { RequestFormAnswer } from "../../shared/pageData";
import { regionFromPath } from "../../shared/region";
import { isRequestKind, offersKind, REQUESTS_PREFIX, requestSentPath } from "../../shared/requests/requestKinds";
import { formFields, MAX_REQUEST_BYTES, MAX_REQUEST_FIELDS } from "../../shared/requests/requestSchema";
import { routeId } from "../../shared/routeTable";
import { bodyFailure } from "../http/bodyFailure";
import { sameSiteForm } from "../http/sameSiteForms";
import type { RefusalReason, RefusedKind, RequestMetrics } from "../observability/metrics/requestMetrics";
import type { RefusedPageBudget } from "./refusedPageBudget";
import { refusedPlainPage } from "./refusedPlainPage";
import type { IntakeOutcome, RequestIntake } from "./requestIntake";

export interface RequestRouteOptions {
  siteUrl: string;
  intake: RequestIntake;
  metrics: RequestMetrics;
  /** Renders the form's own page for this request with its answer (server/render/render.tsx `renderOwnPage`). */
  renderForm: (
    req: Request,
    res: Response,
    path: string,
    adjust: (context: StaticHandlerContext) => void,
  ) => Promise<void>;
  /** How many refusals a minute get the whole page again; past it, a plain page (refusedPageBudget.ts). */
  refusedPages: RefusedPageBudget;
}

const wantsJson = (req: Request) => req.accepts(["html", "json"]) === "json";

export function createRequestRoute({
  siteUrl,
  intake,
  metrics,
  renderForm,
  refusedPages,
}: RequestRouteOptions): Router {
  // Case-sensitive and strict as the app's own routes (server/app.ts): a Router does not take the
  // app's settings, and `/Requests/visit` or `/requests/visit/` is no address of a form.
  const router = Router({ caseSensitive: true, strict: true });
  const fromSite = sameSiteForm(siteUrl);
  const paths = LOCALES.map((locale) => localizePath(`${REQUESTS_PREFIX}/:kind`, locale));
  const kindOf = (req: Request): RefusedKind => {
    const kind = req.params.kind;
    return isRequestKind(kind) ? kind : "unknown";
  };
  const refuse = (req: Request, res: Response, status: number, reason: RefusalReason, message: string) => {
    metrics.refused(kindOf(req), reason);
    res.status(status).set("Cache-Control", "no-store");
    if (wantsJson(req)) return void res.json({ error: reason, message });
    res.type("text/plain").send(message);
  };

  router.post(
    paths,
    (req: Request, res: Response, next: NextFunction) => {
      const kind = req.params.kind;
      // The exact spelling only: Express decodes the path's params, so `/requests/%76isit` would be
      // `visit` here. Another spelling goes on to the pages, which answer a POST with 405
      // (docs/security.md, "Caches and URL spellings").
      if (req.path !== localizePath(`${REQUESTS_PREFIX}/${kind}`, localeFromPath(req.path))) return next("route");
      // A kind this region does not offer (or no kind) is no address here: 404, as its page is.
      if (!isRequestKind(kind) || !offersKind(regionFromPath(req.path), kind))
        return void res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
      if (!fromSite(req))
        return refuse(req, res, 403, "cross_site", "Requests can only be sent from this site's own pages.");
      next();
    },
    // The client's rate was counted before the app (requestGate.ts), so a flood costs no parsing.
    (req: Request, res: Response, next: NextFunction) => {
      if (!req.is("application/x-www-form-urlencoded"))
        return refuse(req, res, 415, "bad_body", "Send the form as application/x-www-form-urlencoded.");
      next();
    },
    // Browsers never compress a form: a compressed body is refused unread (docs/security.md, "Bodies").
    express.urlencoded({
      extended: false,
      limit: MAX_REQUEST_BYTES,
      parameterLimit: MAX_REQUEST_FIELDS,
      inflate: false,
    }),
    async (req: Request, res: Response, next: NextFunction) => {
      const kind = req.params.kind as Parameters<RequestIntake>[0]["kind"];
      const entries = Object.entries((req.body ?? {}) as Record<string, string | string[]>).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((one) => [name, String(one)] as [string, string]),
      );
      const fields = formFields(entries);
      if (!fields) return refuse(req, res, 400, "bad_body", "The form could not be read: send it again from the page.");
      const locale = localeFromPath(req.path);
      let outcome: IntakeOutcome;
      try {
        outcome = await intake({ kind, region: regionFromPath(req.path), locale, fields, path: req.path });
      } catch (error) {
        return next(error);
      }
      res.set("Cache-Control", "no-store");
      if (outcome.status === "accepted" || outcome.status === "trapped") {
        if (wantsJson(req)) return void res.json({ sent: true, eventId: outcome.id });
        return void res.redirect(303, requestSentPath(kind, locale));
      }
      const status = outcome.status === "unavailable" ? 503 : 400;
      if (wantsJson(req)) return void res.status(status).json({ errors: outcome.errors });
      const page = localizePath(`${REQUESTS_PREFIX}/${kind}`, locale);
      // A flood of garbage from many addresses must not cost a render a post.
      if (!(await refusedPages.take()))
        return void res
          .status(status)
          .set("Cache-Control", "private, no-store")
          .type("html")
          .send(refusedPlainPage(outcome.errors, page, locale));
      const answer: RequestFormAnswer = { errors: outcome.errors, values: fields };
      const id = routeId("requests-kind", locale.code);
      await renderForm(req, res, page, (context) => {
        context.actionData = { [id]: answer };
        context.statusCode = status;
      }).catch(next);
    },
    (error: unknown, req: Request, res: Response, next: NextFunction) => {
      const failure = bodyFailure(error);
      if (failure === "too_large") return refuse(req, res, 413, "too_large", "The form is larger than it can be.");
      if (failure === "encoding") return refuse(req, res, 415, "bad_body", "Send the form uncompressed.");
      if (failure === "unreadable")
        return refuse(req, res, 400, "bad_body", "The form could not be read: send it again from the page.");
      next(error);
    },
  );
  return router;
}
