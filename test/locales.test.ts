/**
 * The two regions (shared/locales.ts): gb, the unprefixed default, and us under `/us`; finding a
 * region by code, by Prismic language and by path, and prefixing a path for one.
 */
import { DEFAULT_LOCALE, LOCALES, localeByCode, localeByLang, localeFromPath, localizePath } from "../shared/locales";

const [gb, us] = LOCALES;

test("gb is the default and has no prefix; us is under /us", () => {
  expect(DEFAULT_LOCALE).toBe(gb);
  expect([gb.code, gb.lang, gb.language, gb.prefix, gb.currency]).toEqual(["gb", "en-gb", "en-GB", "", "GBP"]);
  expect([us.code, us.lang, us.language, us.prefix, us.currency]).toEqual(["us", "en-us", "en-US", "/us", "USD"]);
});

test.each([
  ["gb", gb],
  ["us", us],
  ["US", undefined],
  ["fr", undefined],
  [undefined, undefined],
  [null, undefined],
])("localeByCode(%j)", (code, locale) => {
  expect(localeByCode(code)).toBe(locale);
});

test.each([
  ["en-us", us],
  ["EN-US", us],
  ["en-gb", gb],
  ["fr-fr", gb],
  [undefined, gb],
  [null, gb],
])("localeByLang(%j): unknown languages fall back to gb", (lang, locale) => {
  expect(localeByLang(lang)).toBe(locale);
});

test.each([
  ["/us", us],
  ["/us/", us],
  ["/US/gallery", us],
  ["/us/gallery/braybrook-st", us],
  ["/", gb],
  ["/gallery", gb],
  ["/usa", gb],
  ["/user/us", gb],
])("localeFromPath(%s)", (path, locale) => {
  expect(localeFromPath(path)).toBe(locale);
});

test.each([
  ["/gallery", gb, "/gallery"],
  ["/", gb, "/"],
  ["/gallery", us, "/us/gallery"],
  ["/", us, "/us"],
])("localizePath(%s, %s)", (path, locale, localized) => {
  expect(localizePath(path, locale)).toBe(localized);
});

test("a localized path belongs to its locale", () => {
  for (const locale of LOCALES) {
    for (const path of ["/", "/gallery", "/info/blog/a-post"])
      expect(localeFromPath(localizePath(path, locale))).toBe(locale);
  }
});
