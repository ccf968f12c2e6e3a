/** The two regions the site is published in. gb is the catch-all default and is unprefixed. */
export type LocaleCode = "gb" | "us";

export interface Locale {
  /** Region code used in routes and the locale cookie. */
  code: LocaleCode;
  /** Prismic language id of this region's documents. */
  lang: "en-gb" | "en-us";
  /** BCP 47 tag for `<html lang>`, hreflang and `Intl`. */
  language: "en-GB" | "en-US";
  /** Path prefix: "" for gb, "/us" for us. */
  prefix: "" | "/us";
  /** Human name, for the region switcher. */
  name: string;
  currency: "GBP" | "USD";
}

export const LOCALES: readonly Locale[] = [
  { code: "gb", lang: "en-gb", language: "en-GB", prefix: "", name: "United Kingdom", currency: "GBP" },
  { code: "us", lang: "en-us", language: "en-US", prefix: "/us", name: "United States", currency: "USD" },
];

export const DEFAULT_LOCALE: Locale = LOCALES[0];

/** Name of the cookie that remembers a visitor's chosen region (docs/behaviour.md section 1.7). */
export const LOCALE_COOKIE = "i18n_redirected";

export function localeByCode(code: string | undefined | null): Locale | undefined {
  return LOCALES.find((l) => l.code === code);
}

/** The locale of a Prismic language id (`en-us` → us); unknown languages fall back to gb. */
export function localeByLang(lang: string | undefined | null): Locale {
  const lower = lang?.toLowerCase();
  return LOCALES.find((l) => l.lang === lower) ?? DEFAULT_LOCALE;
}

/** The locale a path belongs to: `/us` or `/us/...` is us, everything else gb. */
export function localeFromPath(pathname: string): Locale {
  return /^\/us(\/|$)/i.test(pathname) ? LOCALES[1] : DEFAULT_LOCALE;
}

/** Prefixes a site path (starting with `/`) for a locale: `/gallery` → `/us/gallery`, `/` → `/us`. */
export function localizePath(path: string, locale: Locale): string {
  if (!locale.prefix) return path;
  return path === "/" ? locale.prefix : locale.prefix + path;
}
