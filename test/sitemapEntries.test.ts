/**
 * The sitemap's `<url>` entries (server/sitemap/sitemapEntries.ts): one per served document at the
 * URL the link resolver gives it, with lastmod and reciprocal hreflang alternates (x-default → the
 * gb version); nothing for a document the site does not serve; the list pages of every region
 * dated by their newest item.
 */
import {
  documentEntry,
  documentPath,
  type EntryContext,
  listEntries,
  X_DEFAULT,
} from "../server/sitemap/sitemapEntries";

const ORIGIN = "https://www.example.test";
const served: EntryContext["served"] = () => true;
const context = (fields: Partial<EntryContext> = {}): EntryContext => ({
  origin: ORIGIN,
  sections: { "en-gb": { "kitchens-gb": "rooms" }, "en-us": {} },
  served,
  ...fields,
});

describe("documentPath", () => {
  test.each([
    ["a page in a section", { id: "kitchens-gb", uid: "kitchens", type: "page", lang: "en-gb" }, "/rooms/kitchens"],
    ["a page that is its own section", { id: "about-gb", uid: "about", type: "page", lang: "en-gb" }, "/about"],
    ["a us page", { id: "kitchens-us", uid: "kitchens", type: "page", lang: "en-us" }, "/us/kitchens"],
    ["a home", { id: "home-us", type: "home", lang: "en-us" }, "/us"],
    [
      "a gallery project",
      { id: "g1", uid: "braybrook-st", type: "gallery_project", lang: "en-gb" },
      "/gallery/braybrook-st",
    ],
    ["an article", { id: "a1", uid: "pantries", type: "article", lang: "en-gb" }, "/info/blog/pantries"],
    ["the samples page", { id: "s1", type: "sample_page", lang: "en-gb" }, "/materials/samples"],
    ["a language in capitals", { id: "h", type: "home", lang: "EN-GB" }, "/"],
  ])("%s", (_case, doc, path) => {
    expect(documentPath(doc, context())?.path).toBe(path);
  });

  test.each([
    ["a navigation", { id: "n", uid: "primary-nav", type: "navigation", lang: "en-gb" }],
    ["a taxonomy", { id: "t", type: "taxonomy", lang: "en-gb" }],
    ["an unknown type", { id: "x", uid: "x", type: "promo", lang: "en-gb" }],
    ["a language the site does not publish", { id: "p", uid: "cuisines", type: "page", lang: "fr-fr" }],
    ["a page without a uid", { id: "p", uid: null, type: "page", lang: "en-gb" }],
    ["an article without a uid", { id: "p", type: "article", lang: "en-gb" }],
  ])("none for %s", (_case, doc) => {
    expect(documentPath(doc, context())).toBeNull();
  });

  test("none for a path the site would not serve, asked with its route and locale", () => {
    const asked: unknown[] = [];
    const refusing: EntryContext["served"] = (path, route, locale) => {
      asked.push([path, route, locale.code]);
      return false;
    };
    expect(
      documentPath({ id: "kitchens-gb", uid: "kitchens", type: "page", lang: "en-gb" }, context({ served: refusing })),
    ).toBeNull();
    expect(asked).toEqual([["/rooms/kitchens", "section-uid", "gb"]]);
  });
});

describe("documentEntry", () => {
  test("the URL, lastmod and every version, itself included, plus x-default to the gb version", () => {
    const entry = documentEntry(
      {
        id: "kitchens-us",
        uid: "kitchens",
        type: "page",
        lang: "en-us",
        last_publication_date: "2024-05-01T09:00:00+0000",
        alternate_languages: [{ id: "kitchens-gb", uid: "kitchens", type: "page", lang: "en-gb" }],
      },
      context(),
    );
    expect(entry).toEqual({
      url: `${ORIGIN}/us/kitchens`,
      lastmod: "2024-05-01T09:00:00+0000",
      links: [
        { lang: "en-GB", url: `${ORIGIN}/rooms/kitchens` },
        { lang: "en-US", url: `${ORIGIN}/us/kitchens` },
        { lang: X_DEFAULT, url: `${ORIGIN}/rooms/kitchens` },
      ],
    });
  });

  test("a us page without a gb version has no x-default, and no lastmod without a valid date", () => {
    const entry = documentEntry(
      { id: "p", uid: "offers", type: "page", lang: "en-us", last_publication_date: "not a date" },
      context(),
    );
    expect(entry).toEqual({ url: `${ORIGIN}/us/offers`, links: [{ lang: "en-US", url: `${ORIGIN}/us/offers` }] });
  });

  test("translations the site does not serve are left out, so every link is reciprocal", () => {
    const entry = documentEntry(
      {
        id: "a-gb",
        uid: "pantries",
        type: "article",
        lang: "en-gb",
        alternate_languages: [
          { id: "a-fr", uid: "garde-manger", type: "article", lang: "fr-fr" },
          { id: "a-us", uid: null, type: "article", lang: "en-us" },
        ],
      },
      context(),
    );
    expect(entry?.links).toEqual([
      { lang: "en-GB", url: `${ORIGIN}/info/blog/pantries` },
      { lang: X_DEFAULT, url: `${ORIGIN}/info/blog/pantries` },
    ]);
  });

  test("no entry for a document the site does not serve", () => {
    expect(documentEntry({ id: "n", uid: "footer", type: "navigation", lang: "en-gb" }, context())).toBeNull();
  });
});

test("the list pages of every region, each dated by its newest item in its language", () => {
  const newest = (itemType: string, lang: string) =>
    itemType === "article" && lang === "en-us"
      ? "2024-06-01T00:00:00+0000"
      : itemType === "gallery_project"
        ? "bad"
        : null;
  const entries = listEntries(ORIGIN, newest);
  expect(entries.map((e) => [e.url, e.lastmod])).toEqual([
    [`${ORIGIN}/gallery`, undefined],
    [`${ORIGIN}/us/gallery`, undefined],
    [`${ORIGIN}/info/blog`, undefined],
    [`${ORIGIN}/us/info/blog`, "2024-06-01T00:00:00+0000"],
  ]);
  expect(entries[1].links).toEqual([
    { lang: "en-GB", url: `${ORIGIN}/gallery` },
    { lang: "en-US", url: `${ORIGIN}/us/gallery` },
    { lang: X_DEFAULT, url: `${ORIGIN}/gallery` },
  ]);
});
