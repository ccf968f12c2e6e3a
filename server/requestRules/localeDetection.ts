/**
 * Locale handling at the root only (docs/behaviour.md §1.7, docs/architecture.md request step 2), and the region
 * switcher's endpoint that records a visitor's choice.
 *
 * `GET /` (any query) picks a region in this order:
 *   1. the cookie `i18n_redirected` (`gb` or `us`; any other value counts as absent): obeyed;
 *   2. crawlers (no Accept-Language, or an `isbot` user agent) get gb, never a redirect;
 *   3. Accept-Language, negotiated by q-value between en-GB and en-US with Express's
 *      `req.acceptsLanguages` (the `negotiator` package): the best-quality supported match
 *      wins, ties go to the earlier one in the header, then to gb; a bare `en`, `*` or any
 *      other language is gb, the catch-all (`fr-FR, en-US;q=0.5` is us: en-US is the only
 *      supported language asked for);
 *   4. gb.
 * us answers 302 to `/us` (query kept), `Cache-Control: private, no-store` (it depends on the
 * cookie and the browser language, so no shared cache may keep it); when it came from
 * detection the cookie is set to `us`, so the visitor keeps that region even if the browser
 * language changes. gb serves the home page as it is and sets no cookie, so a first visit to
 * `/` stays free of Set-Cookie; the switcher records an explicit gb choice.
 * Every `/` answer carries `Vary: Cookie, Accept-Language`; no other path looks at either,
 * so none varies on them. Deep links, `/us` included, are never redirected: no loop is possible.
 *
 * The cookie: 365 days (Max-Age), Path=/, SameSite=Lax, Secure over HTTPS (`req.secure`,
 * which follows the app's trust-proxy setting), HttpOnly: only the server reads it (the
 * switcher writes it through `/_region/{code}`), so no script needs it.
 */
import { PREVIEW_COOKIE } from "../preview/previewCookie";
import type { CookieOptions, NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, localeByCode, type Locale } from "../../shared/locales";
import { regionHome, sameSitePath } from "../../shared/regionChoice";

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

/** What the root's region choice reads of a request: its parsed cookies and two headers (an Express request, or the fast path's). */
export interface RegionRequest {
  cookies?: Record<string, unknown>;
  get(name: string): string | undefined;
  acceptsLanguages(languages: string[]): string | false;
}

/** The region stored in the locale cookie, if it holds a valid code. */
export function cookieLocale(req: RegionRequest): Locale | undefined {
  // Stryker disable next-line OptionalChaining: the app always parses cookies; the guard is for this function used alone
  const value: unknown = req.cookies?.[LOCALE_COOKIE];
  // Stryker disable next-line ConditionalExpression: localeByCode finds no region for a non-string (a JSON cookie) either
  return typeof value === "string" ? localeByCode(value) : undefined;
}

/** Crawlers are not redirected: they send no Accept-Language, or say what they are. */
export function isCrawler(req: RegionRequest): boolean {
  // Stryker disable next-line MethodExpression,StringLiteral: a blank header negotiates to gb, the same answer as no header; isbot("") is false like any unknown agent
  return !req.get("accept-language")?.trim() || isbot(req.get("user-agent") ?? "");
}

/** The region the browser's Accept-Language prefers, by q-value between the supported languages; gb otherwise. */
export function negotiatedLocale(req: RegionRequest): Locale {
  const best = req.acceptsLanguages(LOCALES.map((l) => l.language));
  return LOCALES.find((l) => l.language === best) ?? DEFAULT_LOCALE;
}

/** What every answer to `/` varies on: the locale cookie and the browser's language. */
export const ROOT_VARY = ["Cookie", "Accept-Language"] as const;

/**
 * The region a visitor of `/` is sent to (cookies already parsed), or null when the gb home is
 * theirs: the one decision both this middleware and the page cache's fast path
 * (server/pageCache/fastHit.ts) take. `detected`: chosen from Accept-Language, not the cookie.
 */
export function rootRegion(req: RegionRequest): { locale: Locale; detected: boolean } | null {
  let locale = cookieLocale(req);
  let detected = false;
  if (!locale) {
    if (isCrawler(req)) return null;
    locale = negotiatedLocale(req);
    detected = true;
  }
  return locale === DEFAULT_LOCALE ? null : { locale, detected };
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
  if (!region) return next();
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
