/**
 * Locale handling at the root only (docs/behaviour.md section 1.7, docs/architecture.md request step 2), and the region
 * switcher's endpoint that records a visitor's choice.
 *
 * `GET /` (any query) gets what server/requestRules/rootRegion.ts decides (the region cookie,
 * then crawlers, then Accept-Language, then gb; the page cache's fast path takes the same decision).
 * us answers 302 to `/us` (query kept), `Cache-Control: private, no-store` (it depends on the
 * cookie and the browser language, so no shared cache may keep it); when it came from
 * detection the cookie is set to `us`, so the visitor keeps that region even if the browser
 * language changes. gb serves the home page as it is and sets no cookie, so a first visit to
 * `/` stays free of Set-Cookie; the switcher records an explicit gb choice. The gb home a crawler
 * gets where a browser would be redirected is sent `private, no-store` too.
 * Every `/` answer carries `Vary: Cookie, Accept-Language`; no other path looks at either,
 * so none varies on them. Deep links, `/us` included, are never redirected: no loop is possible.
 *
 * The cookie: 365 days (Max-Age), Path=/, SameSite=Lax, Secure over HTTPS (`req.secure`,
 * which follows the app's trust-proxy setting), HttpOnly: only the server reads it (the
 * switcher writes it through `/_region/{code}`), so no script needs it.
 */
import { PREVIEW_COOKIE } from "../preview/previewCookie";
import type { CookieOptions, NextFunction, Request, Response } from "express";
import { LOCALE_COOKIE, localeByCode, type Locale } from "../../shared/locales";
import { regionHome, sameSitePath } from "../../shared/regionChoice";
import { PRIVATE_ANSWER } from "../pageCache/cacheControl";
import { ROOT_VARY, rootRegion } from "./rootRegion";

export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The root's redirect depends on the request's cookie and language: never kept by a shared cache. */
export const DETECTION_REDIRECT_CACHE_CONTROL = "private, no-store";

function localeCookieOptions(req: Request): CookieOptions {
  return {
    maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS * 1000,
    path: "/",
    sameSite: "lax",
    secure: req.secure,
    httpOnly: true,
  };
}

function setLocaleCookie(req: Request, res: Response, locale: Locale): void {
  res.cookie(LOCALE_COOKIE, locale.code, localeCookieOptions(req));
}

/** Middleware for the application root: redirects `GET /` to the visitor's region; every other request passes. */
export function localeDetection(req: Request, res: Response, next: NextFunction): void {
  if (req.path !== "/" || (req.method !== "GET" && req.method !== "HEAD")) return next();
  res.vary(ROOT_VARY[0]).vary(ROOT_VARY[1]);
  // An editor previewing the gb home must see the gb home, whatever their region (a preview of
  // this repository: server/preview/previewCookie.ts marks it; a junk cookie is no preview).
  // Stryker disable next-line LogicalOperator,OptionalChaining: in the app the preview-cookie middleware always sets res.locals.preview; the cookie is read only when this runs alone
  const preview = (res.locals.preview as boolean | undefined) ?? Boolean(req.cookies?.[PREVIEW_COOKIE]);
  if (preview) return next();

  const region = rootRegion(req);
  if (region.kind !== "redirect") {
    // The crawler's gb home where a browser would be redirected: for it alone.
    if (!region.shared) res.locals[PRIVATE_ANSWER] = true;
    return next();
  }
  const { locale } = region;
  if (region.detected) setLocaleCookie(req, res, locale);

  const queryAt = req.originalUrl.indexOf("?");
  res.setHeader("Cache-Control", DETECTION_REDIRECT_CACHE_CONTROL);
  res.redirect(302, regionHome(locale) + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
}

/**
 * `GET /_region/{code}?to={path}`: the region switcher. Stores `code` in the locale cookie and
 * redirects (302) to `to` when it is a same-site path, else to the region's home. An unknown
 * code passes on (and ends in the not-found page).
 */
export function regionChoice(req: Request, res: Response, next: NextFunction): void {
  const code = req.params.code;
  // Stryker disable next-line ConditionalExpression: Express route parameters are always strings
  const locale = typeof code === "string" ? localeByCode(code.toLowerCase()) : undefined;
  if (!locale) return next();
  setLocaleCookie(req, res, locale);
  res.setHeader("Cache-Control", "no-store");
  res.redirect(302, sameSitePath(req.query.to) ?? regionHome(locale));
}
