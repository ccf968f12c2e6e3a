/**
 * Cache headers of HTML responses (server/pageCache/cacheControl.ts): a page may sit in a CDN for
 * a few seconds, then be revalidated, served stale while revalidating and for a day if the site
 * fails; a 404 briefly; a preview and every other status never.
 */
import {
  cacheControlFor,
  NO_STORE,
  NOT_FOUND_CACHE_CONTROL,
  NOT_FOUND_TTL_MS,
  PAGE_CACHE_CONTROL,
  PRIVATE_NO_STORE,
} from "../server/pageCache/cacheControl";

/** The directives of a Cache-Control value, as a shared cache reads them. */
const directives = (value: string) =>
  Object.fromEntries(
    value.split(",").map((part) => {
      const [name, arg] = part.trim().split("=");
      return [name, arg === undefined ? true : Number(arg)];
    }),
  );

test("a page: public, never fresh in a browser, 5 s in a CDN, stale while revalidating for a minute, for a day on error", () => {
  expect(cacheControlFor(200, false)).toBe(PAGE_CACHE_CONTROL);
  expect(directives(PAGE_CACHE_CONTROL)).toEqual({
    public: true,
    "max-age": 0,
    "s-maxage": 5,
    "stale-while-revalidate": 60,
    "stale-if-error": 86_400,
  });
});

test("a 404: a minute in a CDN, as long as the page cache keeps it fresh, never stale", () => {
  expect(cacheControlFor(404, false)).toBe(NOT_FOUND_CACHE_CONTROL);
  expect(directives(NOT_FOUND_CACHE_CONTROL)).toEqual({ public: true, "max-age": 0, "s-maxage": 60 });
  expect(NOT_FOUND_TTL_MS).toBe(60_000);
});

test.each([301, 302, 400, 410, 500, 503])("a %s is never stored", (status) => {
  expect(cacheControlFor(status, false)).toBe(NO_STORE);
});

test.each([200, 404, 500])("a preview (%s) is never stored nor shared", (status) => {
  expect(cacheControlFor(status, true)).toBe(PRIVATE_NO_STORE);
  expect(directives(PRIVATE_NO_STORE)).toEqual({ private: true, "no-store": true });
});
