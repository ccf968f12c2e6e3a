/**
 * The region switcher's links. Choosing a region goes through the server endpoint
 * `GET /_region/{code}?to={path}`, which stores the choice in the locale cookie and then
 * redirects to `to`, so root detection never overrides a visitor's own choice
 * (`server/requestRules/localeDetection.ts`). It is a server endpoint: render it as a plain link (a full
 * page load, `reloadDocument` on a router `<Link>`), never a client-side navigation.
 */
import { localizePath, type Locale } from "./locales";

/** Mount point of the choice endpoint; the leading underscore keeps it out of the content routes' way. */
export const REGION_CHOICE_PREFIX = "/_region";

/**
 * The switcher's link to `locale`: `regionChoiceHref(us, "/us/gallery")` →
 * `/_region/us?to=%2Fus%2Fgallery`. Pass the page's equivalent in that region (its alternate
 * link); without a `to` the endpoint goes to the region's home.
 */
export function regionChoiceHref(locale: Locale, to?: string): string {
  const base = `${REGION_CHOICE_PREFIX}/${locale.code}`;
  return to === undefined ? base : `${base}?to=${encodeURIComponent(to)}`;
}

/** The home page of a region: `/` or `/us`. */
export function regionHome(locale: Locale): string {
  return localizePath("/", locale);
}

const PROTOCOL_RELATIVE = /^[/\\][/\\]/;
const ORIGIN = "http://same-site.invalid";

/**
 * `to` as a path on this site (path, query and fragment), or null when it could leave the site:
 * it must start with one `/` (not `//` or `/\`), and it may hold no backslash or control
 * character (browsers drop tabs and line breaks, so "/\t/evil" would be "//evil"). The result
 * is re-checked after the URL parser's normalisation ("/.//evil" becomes "//evil").
 */
export function sameSitePath(to: unknown): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || PROTOCOL_RELATIVE.test(to)) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refuses control characters in a redirect target on purpose
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, ORIGIN);
  } catch {
    return null;
  }
  // Stryker disable next-line ConditionalExpression: after the checks above no such path can reach another origin; kept as the last word
  if (url.origin !== ORIGIN) return null;
  const path = url.pathname + url.search + url.hash;
  return PROTOCOL_RELATIVE.test(path) ? null : path;
}
