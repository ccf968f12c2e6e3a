/** Region detection (docs/behaviour.md section 1.1): us under the /us segment, uk everywhere else. */
import { regionFromPath } from "../shared/region";
import { localeByCode, localeFromPath, localizePath, LOCALES } from "../shared/locales";

test.each([
  ["/us", "us"],
  ["/us/", "us"],
  ["/us/gallery/braybrook-st", "us"],
  ["/US/info/blog", "us"],
  ["/", "uk"],
  ["/gallery", "uk"],
  ["/usa", "uk"],
  ["/users/us", "uk"],
  ["/info/blog/us-kitchens", "uk"],
])("%s is in the %s region", (path, region) => {
  expect(regionFromPath(path)).toBe(region);
});

test("localizing a path and reading its locale back are inverse", () => {
  for (const locale of LOCALES) {
    for (const path of ["/", "/gallery", "/info/blog/oak"]) {
      expect(localeFromPath(localizePath(path, locale))).toBe(locale);
    }
  }
  expect(localizePath("/", LOCALES[1])).toBe("/us");
});

test("a region code names its locale; anything else names none", () => {
  expect(localeByCode("gb")?.lang).toBe("en-gb");
  expect(localeByCode("us")?.lang).toBe("en-us");
  for (const code of ["GB", "fr", "", null, undefined])
    expect({ code, locale: localeByCode(code) }).toEqual({ code, locale: undefined });
});
