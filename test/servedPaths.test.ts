/**
 * Whether the site would answer a path with a given route's page (server/sitemap/servedPaths.ts),
 * without running it: static routes outrank dynamic ones as in a real request, parameters must be
 * plausible uids, and paths that fixed endpoints, the request guards or the legacy redirects own
 * are not pages, so the sitemap never lists a URL that does not serve its page.
 */
import { LOCALES } from "../shared/locales";
import { createServedCheck } from "../server/sitemap/servedPaths";

const [gb, us] = LOCALES;
const served = createServedCheck();

test.each([
  ["the gb home", "/", "index", gb],
  ["the us home", "/us", "index", us],
  ["the gallery list", "/gallery", "gallery", gb],
  ["a gallery project", "/gallery/braybrook-st", "gallery-uid", gb],
  ["a us article", "/us/info/blog/planning-a-pantry", "info-blog-uid", us],
  ["a page in a section", "/rooms/kitchens", "section-uid", gb],
  ["a page of its own section", "/kitchens", "section", gb],
  ["a uid in another script", "/%C3%A9ditions", "section", gb],
  ["the samples page", "/materials/samples", "materials-samples", gb],
])("serves %s", (_case, path, route, locale) => {
  expect(served(path, route, locale)).toBe(true);
});

test.each([
  ["a page whose uid is a static route's path", "/gallery", "section", gb],
  ["a gb page whose uid is the us prefix", "/us", "section", gb],
  ["the right path under the other region", "/gallery/braybrook-st", "gallery-uid", us],
  ["a uid in capitals (not a Prismic uid)", "/gallery/Braybrook-St", "gallery-uid", gb],
  ["a uid with a dot", "/gallery/braybrook.st", "gallery-uid", gb],
  ["a path owned by an endpoint", "/media", "section", gb],
  ["another endpoint", "/api", "section", gb],
  ["the sitemap itself", "/sitemap.xml", "section", gb],
  ["a legacy path of the old site", "/about", "section", gb],
  ["a legacy path under the us prefix", "/us/products/quooker", "section-uid", us],
  ["a control character", "/about%0A", "section", gb],
  ["a malformed escape", "/about%E0%A4%A", "section", gb],
  ["a path without a leading slash", "about", "section", gb],
  ["a path longer than the site accepts", `/${"a".repeat(2048)}`, "section", gb],
  ["a route name that is not the match", "/rooms/kitchens", "section", gb],
])("does not serve %s", (_case, path, route, locale) => {
  expect(served(path, route, locale)).toBe(false);
});

test("paths of one shape are told apart by their own segments (the match is kept per shape)", () => {
  expect(served("/rooms/kitchens", "section-uid", gb)).toBe(true);
  expect(served("/rooms/Kitchens", "section-uid", gb)).toBe(false);
  expect(served("/rooms/pantries", "section-uid", gb)).toBe(true);
});
