/**
 * What a visitor of `/` (any query) gets, decided once for the app's locale detection
 * (server/localeDetection.ts) and the page cache's fast path (server/pageCache/fastHit.ts), from
 * the request's parsed cookies and its Accept-Language and User-Agent headers:
 *   1. the cookie `i18n_redirected` (`gb` or `us`; any other value counts as absent): obeyed;
 *   2. no Accept-Language (crawlers send none): gb;
 *   3. Accept-Language, negotiated by q-value between en-GB and en-US with `accepts` (Express's
 *      own negotiation, the `negotiator` package): the best-quality supported match wins, ties go
 *      to the earlier one in the header, then to gb; a bare `en`, `*` or any other language is
 *      gb, the catch-all (`fr-FR, en-US;q=0.5` is us: en-US is the only supported language asked for);
 *   4. a crawler (an `isbot` user agent) is never redirected: it stays on the gb home even when its
 *      language asks for us.
 * The gb home is one page for everyone who gets it, which a shared cache may keep under what `/`
 * varies on (ROOT_VARY), except in case 4: a browser sending the same cookie and language is
 * sent to /us, so that answer is the crawler's alone and no shared cache may keep it
 * (docs/security.md, "Caches and URL spellings").
 */
import type { IncomingHttpHeaders } from "node:http";
import accepts from "accepts";
import { isbot } from "isbot";
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, localeByCode, type Locale } from "../../shared/locales";

/** What the rule reads of a request: its headers and its cookies, parsed (an Express request, or the fast path's). */
export interface RegionRequest {
  headers: IncomingHttpHeaders;
  cookies?: Record<string, unknown>;
}

/**
 * A redirect to the region's home (`detected`: chosen from Accept-Language, not the cookie), or
 * the gb home, `shared` unless a browser with the same cookie and language would be redirected.
 */
export type RootRegion = { kind: "redirect"; locale: Locale; detected: boolean } | { kind: "home"; shared: boolean };

/** What every answer to `/` varies on: the locale cookie and the browser's language (and no other path varies on them). */
export const ROOT_VARY = ["Cookie", "Accept-Language"] as const;

const SHARED_HOME: RootRegion = { kind: "home", shared: true };
const CRAWLERS_HOME: RootRegion = { kind: "home", shared: false };
const LANGUAGES = LOCALES.map((l) => l.language);

/** The region stored in the locale cookie, if it holds a valid code. */
function cookieLocale(req: RegionRequest): Locale | undefined {
  // The fast path parses cookies only when there is a Cookie header.
  const value: unknown = req.cookies?.[LOCALE_COOKIE];
  // Stryker disable next-line ConditionalExpression: localeByCode finds no region for a non-string (a JSON cookie) either
  return typeof value === "string" ? localeByCode(value) : undefined;
}

export function rootRegion(req: RegionRequest): RootRegion {
  const chosen = cookieLocale(req);
  if (chosen) return chosen === DEFAULT_LOCALE ? SHARED_HOME : { kind: "redirect", locale: chosen, detected: false };
  // No language, or a blank one, negotiates to gb anyway: a shortcut past the negotiation, which crawlers mostly take.
  // Stryker disable next-line ConditionalExpression,MethodExpression: the negotiation gives gb for a missing or blank header
  if (!req.headers["accept-language"]?.trim()) return SHARED_HOME;
  const best = accepts(req).languages(LANGUAGES);
  const negotiated = LOCALES.find((l) => l.language === best) ?? DEFAULT_LOCALE;
  if (negotiated === DEFAULT_LOCALE) return SHARED_HOME;
  if (isbot(req.headers["user-agent"] ?? "")) return CRAWLERS_HOME;
  return { kind: "redirect", locale: negotiated, detected: true };
}
