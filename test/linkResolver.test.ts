/**
 * Link resolution (docs/behaviour.md section 1.6): which site URL a content link becomes, per region, and which
 * links are dropped (rendered as plain text) because they are empty or unsafe.
 */
import { NOT_FOUND_PATH, resolveLink, type LinkLike } from "../shared/linkResolver";
import { LOCALES } from "../shared/locales";
import { buildSectionIndex, sectionSlug, type RawNavGroup } from "../shared/sectionIndex";
import { isPlausibleUid } from "../shared/uid";

const [GB, US] = LOCALES;

function navGroup(title: string | null, ids: Array<string | null>): RawNavGroup {
  return {
    primary: { title: title === null ? [] : [{ text: title }] },
    items: ids.map((id) => (id === null ? null : { link: { link_type: "Document", id, type: "page" } })),
  };
}

function doc(type: string, uid: string | null | undefined, extra: Partial<LinkLike> = {}): LinkLike {
  return { link_type: "Document", id: `${type}-${uid ?? "none"}`, type, uid, lang: "en-gb", ...extra };
}

const web = (url: string | null | undefined): LinkLike => ({ link_type: "Web", url });

/** The demo primary navigation: Products and Info groups, plus a group with an accented title. */
const PRIMARY_NAV: RawNavGroup[] = [
  navGroup("Products", ["page-doors-drawers-gb", "page-doors-drawers-us"]),
  navGroup("Info", ["page-about-us-gb"]),
  navGroup("Éditions Spéciales", ["page-limited-gb", "page-limited-us"]),
];
const sections = buildSectionIndex(PRIMARY_NAV);

describe("document links resolve to the named route of their type (docs/behaviour.md section 1.6)", () => {
  test("resolves a gallery_project link to /gallery/{uid}", () => {
    expect(resolveLink(doc("gallery_project", "braybrook-st"), sections)).toBe("/gallery/braybrook-st");
  });

  test("resolves an article link to /info/blog/{uid}", () => {
    expect(resolveLink(doc("article", "choosing-a-worktop"), sections)).toBe("/info/blog/choosing-a-worktop");
  });

  test("resolves a sample_page link to /materials/samples (it has no uid)", () => {
    expect(resolveLink(doc("sample_page", undefined), sections)).toBe("/materials/samples");
    expect(resolveLink(doc("sample_page", "material-samples"), sections)).toBe("/materials/samples");
  });

  test("resolves the home document to the site root /", () => {
    expect(resolveLink(doc("home", null), sections)).toBe("/");
  });

  test("resolves a page linked from a primary-nav group to /{section}/{uid}, the section being the group title lower-cased", () => {
    expect(resolveLink(doc("page", "doors-drawers", { id: "page-doors-drawers-gb" }), sections)).toBe(
      "/products/doors-drawers",
    );
    expect(resolveLink(doc("page", "about-us", { id: "page-about-us-gb" }), sections)).toBe("/info/about-us");
  });

  test("resolves a page under an accented group title to an accent-stripped section (Éditions Spéciales → editions-speciales)", () => {
    expect(resolveLink(doc("page", "limited", { id: "page-limited-gb" }), sections)).toBe(
      "/editions-speciales/limited",
    );
  });

  test("resolves a page that no primary-nav group links to /{uid} (the page is its own section)", () => {
    expect(resolveLink(doc("page", "quote", { id: "page-quote-gb" }), sections)).toBe("/quote");
  });

  test("matches the navigation by document id, not by uid", () => {
    // Same uid as a nav page, different document: not in the nav.
    expect(resolveLink(doc("page", "doors-drawers", { id: "some-other-id" }), sections)).toBe("/doors-drawers");
  });

  test("resolves a document link without a uid to /not-found", () => {
    expect(NOT_FOUND_PATH).toBe("/not-found");
    expect(resolveLink(doc("page", undefined), sections)).toBe("/not-found");
    expect(resolveLink(doc("page", null), sections)).toBe("/not-found");
    expect(resolveLink(doc("gallery_project", null), sections)).toBe("/not-found");
    expect(resolveLink(doc("article", ""), sections)).toBe("/not-found");
  });

  test("uses a string link as given", () => {
    expect(resolveLink("/custom/path", sections)).toBe("/custom/path");
    expect(resolveLink("https://example.com/x", sections)).toBe("https://example.com/x");
    expect(resolveLink("", sections)).toBe("");
  });

  test("URL-encodes a uid with non-ASCII letters", () => {
    expect(resolveLink(doc("gallery_project", "café-noir"), sections)).toBe("/gallery/caf%C3%A9-noir");
  });

  test("resolves a whole document (not only a link field) the same way", () => {
    const { link_type: _ignored, ...document } = doc("article", "planning-a-pantry");
    expect(resolveLink(document, sections)).toBe("/info/blog/planning-a-pantry");
  });
});

describe("en-us documents resolve under /us", () => {
  const us = (type: string, uid: string | null, id?: string) =>
    doc(type, uid, { lang: "en-us", ...(id ? { id } : {}) });

  test.each([
    ["gallery_project", "x", undefined, "/us/gallery/x"],
    ["article", "choosing-a-worktop", undefined, "/us/info/blog/choosing-a-worktop"],
    ["sample_page", null, undefined, "/us/materials/samples"],
    ["home", null, undefined, "/us"],
    ["page", "doors-drawers", "page-doors-drawers-us", "/us/products/doors-drawers"],
    ["page", "limited", "page-limited-us", "/us/editions-speciales/limited"],
    ["page", "quote", "page-quote-us", "/us/quote"],
  ])("resolves an en-us %s link (uid %s, document id %s) to %s", (type, uid, id, expected) => {
    expect(resolveLink(us(type, uid, id), sections)).toBe(expected);
  });

  test("reads the language case-insensitively (en-US)", () => {
    expect(resolveLink(doc("home", null, { lang: "en-US" }), sections)).toBe("/us");
  });

  test("a link without a language takes the region of the page it is on", () => {
    const link = doc("gallery_project", "x", { lang: undefined });
    expect(resolveLink(link, sections, US)).toBe("/us/gallery/x");
    expect(resolveLink(link, sections, GB)).toBe("/gallery/x");
    expect(resolveLink(link, sections)).toBe("/gallery/x");
  });

  test("a link's own language wins over the page's region", () => {
    expect(resolveLink(doc("article", "a"), sections, US)).toBe("/info/blog/a");
  });

  test("an unknown language falls back to gb (unprefixed)", () => {
    expect(resolveLink(doc("article", "a", { lang: "fr-fr" }), sections)).toBe("/info/blog/a");
  });
});

describe("web and media links", () => {
  test.each([
    "https://fsc.org",
    "http://example.com/a?b=c#d",
    "HTTPS://EXAMPLE.COM",
    "mailto:hello@example.com",
    "tel:+441234567890",
    "/gallery",
    "/us/info/blog",
    "#booking-form",
    "?page=2",
    // A site path whose query holds another URL is still a site path.
    "/gallery?from=https://example.com/x",
    // Browsers ignore spaces around a URL and control characters before it.
    " /info/about-us ",
    "\u0001https://example.com",
  ])("passes %j through unchanged", (url) => {
    expect(resolveLink(web(url), sections)).toBe(url);
  });

  test.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "  javascript:alert(1)",
    "\u0001javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "  //evil.example",
    "gallery/relative-without-slash",
    // A relative path is not a scheme, whatever it holds further on.
    "./https://example.com",
  ])("drops the unsafe or off-site URL %j (null: rendered as plain text)", (url) => {
    expect(resolveLink(web(url), sections)).toBeNull();
  });

  // Browsers delete every tab, CR and LF anywhere in a URL (WHATWG URL parser).
  test.each(["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example"])(
    "drops %j, which a browser reads as the protocol-relative //evil.example",
    (url) => {
      expect(new URL(url, "https://site.example").host).toBe("evil.example");
      expect(resolveLink(web(url), sections)).toBeNull();
    },
  );

  test("passes a safe media URL through and drops an unsafe one", () => {
    expect(resolveLink({ link_type: "Media", url: "https://images.prismic.io/repo/brochure.pdf" }, sections)).toBe(
      "https://images.prismic.io/repo/brochure.pdf",
    );
    expect(resolveLink({ link_type: "Media", url: "javascript:alert(1)" }, sections)).toBeNull();
  });

  test("a web link without a URL resolves to nothing", () => {
    expect(resolveLink(web(undefined), sections)).toBeNull();
    expect(resolveLink(web(null), sections)).toBeNull();
    expect(resolveLink(web(""), sections)).toBeNull();
  });
});

describe("empty links resolve to nothing", () => {
  test.each([
    ["null", null],
    ["undefined", undefined],
    ["an empty object", {}],
    ["an Any link (empty link field)", { link_type: "Any" }],
    ["a Document link without a type", { link_type: "Document", id: "x", uid: "x" }],
    // Only a Document link is resolved as a document, whatever else it carries.
    [
      "a link of another kind carrying a document's fields",
      { link_type: "Any", id: "x", uid: "kitchens", type: "page", lang: "en-gb" },
    ],
  ])("%s → null", (_name, link) => {
    expect(resolveLink(link as LinkLike | null | undefined, sections)).toBeNull();
  });
});

describe("the section index built from the primary navigation", () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  test("section slugs are lower-cased, accent-stripped and hyphenate spaces", () => {
    expect(sectionSlug("Products")).toBe("products");
    expect(sectionSlug("Éditions Spéciales")).toBe("editions-speciales");
    expect(sectionSlug("  Info  ")).toBe("info");
    expect(sectionSlug("Crème   Brûlée")).toBe("creme-brulee");
    // Hyphens are kept inside a title, but never left at its ends.
    expect(sectionSlug("--Special offers--")).toBe("special-offers");
  });

  test("maps each linked document id to its group's section", () => {
    expect(sections).toEqual({
      "page-doors-drawers-gb": "products",
      "page-doors-drawers-us": "products",
      "page-about-us-gb": "info",
      "page-limited-gb": "editions-speciales",
      "page-limited-us": "editions-speciales",
    });
    expect(consoleError).not.toHaveBeenCalled();
  });

  test("a page linked from two groups belongs to the first one, so it has one URL", () => {
    const index = buildSectionIndex([navGroup("Info", ["p1"]), navGroup("Products", ["p1"])]);
    expect(resolveLink(doc("page", "p", { id: "p1" }), index)).toBe("/info/p");
  });

  test("a group without a title is skipped, without an error", () => {
    const index = buildSectionIndex([
      navGroup(null, ["untitled"]),
      { items: [{ link: { id: "no-primary" } }] },
      { primary: { title: null }, items: [{ link: { id: "null-title" } }] },
      { primary: { title: [{ text: "" }] }, items: [{ link: { id: "empty-title" } }] },
      navGroup("Products", ["p1"]),
    ]);
    expect(index).toEqual({ p1: "products" });
    expect(resolveLink(doc("page", "untitled", { id: "untitled" }), index)).toBe("/untitled");
    expect(consoleError).not.toHaveBeenCalled();
  });

  test("null or missing items, null entries and links without a text id are skipped, without an error", () => {
    const index = buildSectionIndex([
      { primary: { title: [{ text: "A" }] }, items: null },
      { primary: { title: [{ text: "B" }] } },
      {
        primary: { title: [{ text: "C" }] },
        items: [
          null,
          {},
          { link: null },
          { link: { link_type: "Web", url: "/x" } },
          { link: { id: "" } },
          { link: { id: 42 } },
          { link: { id: "c1" } },
        ],
      },
    ]);
    expect(index).toEqual({ c1: "c" });
    expect(consoleError).not.toHaveBeenCalled();
  });

  test("no navigation at all gives an empty index, without an error", () => {
    expect(buildSectionIndex(undefined)).toEqual({});
    expect(buildSectionIndex(null)).toEqual({});
    expect(buildSectionIndex([])).toEqual({});
    expect(consoleError).not.toHaveBeenCalled();
  });

  test.each([
    ["an object instead of a list", { length: 1 }],
    ["a number", 42],
    ["items that are not a list", [{ primary: { title: [{ text: "A" }] }, items: { 0: { link: { id: "x" } } } }]],
    ["a null group", [null]],
  ])(
    "a navigation that cannot be iterated (%s) does not throw, resolves pages to /{uid} and logs 'Error iterating primary nav'",
    (_name, groups) => {
      let index: Record<string, string> = { sentinel: "x" };
      expect(() => {
        index = buildSectionIndex(groups as unknown as RawNavGroup[]);
      }).not.toThrow();
      expect(index).toEqual({});
      expect(resolveLink(doc("page", "about-us", { id: "x" }), index)).toBe("/about-us");
      expect(consoleError).toHaveBeenCalledTimes(1);
      expect(consoleError).toHaveBeenCalledWith("Error iterating primary nav", expect.any(TypeError));
      // The logged error says what was wrong.
      expect(String(consoleError.mock.calls[0][1])).toMatch(/TypeError: .+/);
    },
  );

  test("groups read before a malformed one keep their sections", () => {
    const index = buildSectionIndex([navGroup("Products", ["p1"]), null] as unknown as RawNavGroup[]);
    expect(index).toEqual({ p1: "products" });
    expect(consoleError).toHaveBeenCalledWith("Error iterating primary nav", expect.anything());
  });

  test.each(["Kitchens & Pantries", "What's new", "Info.", "Q&A"])(
    "the section of a group titled %j is a segment the section routes accept",
    (title) => {
      expect(isPlausibleUid(sectionSlug(title))).toBe(true);
    },
  );
});

describe("isPlausibleUid: which path segments can be a content uid", () => {
  test.each([
    "doors-drawers",
    "braybrook-st",
    "a",
    "x1",
    "2024-review",
    "snake_case",
    "café-noir",
    "日本語",
    "ünïcödé",
  ])("accepts %j (lower-case letters of any script, digits, _ and -)", (uid) => {
    expect(isPlausibleUid(uid)).toBe(true);
  });

  test("accepts a uid of 150 characters", () => {
    expect(isPlausibleUid("a".repeat(150))).toBe(true);
  });

  test.each([
    ["empty", ""],
    ["undefined", undefined],
    ["upper case", "Upper"],
    ["a space", "a b"],
    ["a slash", "a/b"],
    ["dot-dot", ".."],
    ["a dot", "a.b"],
    ["151 characters", "a".repeat(151)],
    ["markup", "<script>"],
    ["a leading hyphen", "-a"],
    ["a leading underscore", "_a"],
    ["a NUL", "a\u0000b"],
    ["a newline", "a\nb"],
    ["a percent sign", "a%20b"],
    ["a combining accent (NFD)", "cafe\u0301"],
    ["an emoji", "😀"],
  ])("rejects %s", (_name, uid) => {
    expect(isPlausibleUid(uid as string | undefined)).toBe(false);
  });
});
