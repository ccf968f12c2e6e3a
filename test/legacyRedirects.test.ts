/**
 * Legacy paths (docs/behaviour.md section 1.4): every row of shared/legacyRedirects.json answers a 301 (a new row
 * is tested by being added), matched ignoring case and one trailing slash, with the query kept,
 * in one hop, to a page the demo content has. The table itself is checked when it loads.
 */
import request from "supertest";
import type { Express } from "express";
import table from "../shared/legacyRedirects.json";
import {
  compileLegacyRedirects,
  LEGACY_REDIRECT_TARGETS,
  legacyRedirect,
  LegacyRedirectTableError,
  type LegacyRedirectTable,
} from "../shared/legacyRedirects";
import { LOCALES } from "../shared/locales";
import { readDocuments } from "./support/contentFiles";
import { createTestApp } from "./support/testApp";

let app: Express;
beforeAll(() => {
  app = createTestApp().app;
});

const US = LOCALES[1];
const isUs = (path: string) => /^\/us(\/|$)/i.test(path);
/** Where a row's `to` finally leads: itself, or the end of its chain when it is a legacy path too. */
const finalTarget = (to: string) => legacyRedirect(to) ?? to;

async function expect301(from: string, location: string): Promise<void> {
  const res = await request(app).get(from);
  expect({ from, status: res.status, location: res.headers.location }).toEqual({ from, status: 301, location });
  // The browser keeps it; no shared cache may (docs/decisions/014-redirects-are-not-shared.md).
  expect(res.headers["cache-control"]).toBe("private, max-age=86400");
}

/** The target is a page: 200, not another redirect (one hop) and not a 404. */
async function expectPage(target: string): Promise<void> {
  const res = await request(app).get(target);
  expect({ target, status: res.status }).toEqual({ target, status: 200 });
}

describe("the pairs listed in docs/behaviour.md section 1.4", () => {
  const SPEC_PAIRS: Array<[string, string]> = [
    ["/products", "/products/doors-drawers"],
    ["/how-much-does-it-cost", "/info/how-much-does-it-cost"],
    ["/samples", "/materials/samples"],
    ["/about", "/info/about-us"],
    ["/info/showroom", "/info/book-appointment"],
    ["/quote/select", "/quote"],
    ["/quote/start", "/quote"],
    ["/us/info/book-appointment", "/us"],
    ["/us/products/urtil", "/us"],
    ["/us/products/pantries-larders", "/us"],
    ["/us/products/quooker", "/us"],
    ["/us/products/bora", "/us"],
    ["/inspiration/gallery/canal-house", "/gallery/canal-house"],
    ["/inspiration/gallery/braybrook-road", "/gallery/braybrook-st"],
  ];
  test.each(SPEC_PAIRS)("%s leads to %s", (from, to) => {
    expect(legacyRedirect(from)).toBe(to);
  });
});

describe("every row of shared/legacyRedirects.json", () => {
  test.each(table.redirects.map((r) => [r.from, r.to] as const))(
    "GET %s answers 301 to %s (or where that leads), cached for a day",
    async (from, to) => {
      await expect301(from, finalTarget(to));
    },
  );

  const unprefixed = table.redirects.filter((r) => !isUs(r.from));
  test.each(unprefixed.map((r) => [US.prefix + r.from, r.from] as const))(
    "GET %s: the row for %s holds under /us too, prefix kept, unless a /us row names that path",
    async (from, gbFrom) => {
      const gbTo = table.redirects.find((r) => r.from === gbFrom)!.to;
      const own = table.redirects.find((r) => r.from.toLowerCase() === from.toLowerCase());
      await expect301(from, finalTarget(own ? own.to : gbTo === "/" ? US.prefix : US.prefix + gbTo));
    },
  );

  test("/us/samples goes to /us/materials/samples and /us/info/showroom ends at /us (through the /us book-appointment row)", () => {
    expect(legacyRedirect("/us/samples")).toBe("/us/materials/samples");
    expect(legacyRedirect("/us/info/showroom")).toBe("/us");
  });
});

describe("matching", () => {
  test.each([
    ["/PRODUCTS", "/products/doors-drawers"],
    ["/Samples", "/materials/samples"],
    ["/About/", "/info/about-us"],
    ["/about/", "/info/about-us"],
    ["/quote/start/", "/quote"],
    ["/US/Products/Bora", "/us"],
    ["/us/products/bora/", "/us"],
    ["/Inspiration/Gallery/Braybrook-Road/", "/gallery/braybrook-st"],
  ])("%s (case and one trailing slash ignored) answers 301 to %s", async (from, to) => {
    await expect301(from, to);
  });

  test("only one trailing slash is ignored", () => {
    expect(legacyRedirect("/about//")).toBeNull();
  });

  test.each([
    ["/samples?utm_source=x&a=1", "/materials/samples?utm_source=x&a=1"],
    ["/About/?q=a%20b&x=%2F&x=2", "/info/about-us?q=a%20b&x=%2F&x=2"],
    ["/inspiration/gallery/canal-house?ref=old", "/gallery/canal-house?ref=old"],
    ["/us/products/quooker?utm_campaign=spring", "/us?utm_campaign=spring"],
  ])("the query string is kept exactly: %s → %s", async (from, to) => {
    await expect301(from, to);
  });

  test("HEAD is redirected as GET is", async () => {
    const res = await request(app).head("/samples");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/materials/samples");
  });

  test("other methods are not redirected", async () => {
    const res = await request(app).post("/samples");
    expect(res.status).toBe(405);
    expect(res.headers.location).toBeUndefined();
  });

  test.each([
    "/",
    "/us",
    "/quote",
    "/products/doors-drawers",
    "/gallery",
    "/gallery/braybrook-road",
    "/inspiration/gallery",
    "/inspiration/gallery/",
    "/inspiration/gallery/a/b",
    "/productsx",
    "/us/products/urtil-x",
  ])("%s is not a legacy path", (path) => {
    expect(legacyRedirect(path)).toBeNull();
  });

  test("a legacy redirect does not vary on the visitor's cookie or language", async () => {
    const res = await request(app).get("/samples").set("Accept-Language", "en-US").set("Cookie", "i18n_redirected=us");
    expect(res.status).toBe(301);
    expect(res.headers.vary ?? "").not.toMatch(/cookie|accept-language/i);
  });
});

describe("the gallery rule /inspiration/gallery/{slug} → /gallery/{slug}", () => {
  test.each([
    ["/inspiration/gallery/some-old-project", "/gallery/some-old-project"],
    ["/inspiration/gallery/Some-Old-Project", "/gallery/some-old-project"],
    ["/us/inspiration/gallery/some-old-project", "/us/gallery/some-old-project"],
    ["/inspiration/gallery/braybrook-road", "/gallery/braybrook-st"],
    ["/us/inspiration/gallery/braybrook-road", "/us/gallery/braybrook-st"],
  ])("holds for any slug: %s → %s", async (from, to) => {
    await expect301(from, to);
  });

  test.each(Object.entries(table.renamedGallerySlugs))(
    "the renamed slug %s leads to the project %s of the demo content",
    async (oldSlug, uid) => {
      for (const locale of LOCALES) {
        await expect301(`${locale.prefix}/inspiration/gallery/${oldSlug}`, `${locale.prefix}/gallery/${uid}`);
        await expectPage(`${locale.prefix}/gallery/${uid}`);
      }
    },
  );
});

describe("never points at a 404 in the demo content, in one hop", () => {
  test.each([...LEGACY_REDIRECT_TARGETS].map(([from, to]) => [from, to] as const))(
    "%s → %s answers 200",
    async (_from, to) => {
      expect(legacyRedirect(to)).toBeNull();
      await expectPage(to);
    },
  );

  const projects = LOCALES.flatMap((locale) =>
    readDocuments(locale.lang, "gallery_project").map((doc) => [locale.prefix, doc.uid as string] as const),
  );
  test.each(projects)("the old gallery path of %s/gallery/%s leads to that project's page", async (prefix, uid) => {
    const res = await request(app).get(`${prefix}/inspiration/gallery/${uid}`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`${prefix}/gallery/${uid}`);
    await expectPage(res.headers.location);
  });
});

describe("loading a table", () => {
  const gallery = table.galleryPrefix;
  const load = (redirects: Array<{ from: string; to: string }>, extra: Partial<LegacyRedirectTable> = {}) =>
    compileLegacyRedirects({ redirects, galleryPrefix: gallery, renamedGallerySlugs: {}, ...extra });

  test("a chain is resolved when the table loads, so every answer is one hop", () => {
    const redirects = load([
      { from: "/a", to: "/b" },
      { from: "/b", to: "/c" },
      { from: "/c", to: "/inspiration/gallery/x" },
    ]);
    expect(redirects.redirect("/a")).toBe("/gallery/x");
    expect(redirects.redirect("/b")).toBe("/gallery/x");
  });

  test("a gallery target that a row moves on goes straight to the row's target", () => {
    expect(load([{ from: "/gallery/old", to: "/gallery/new" }]).redirect("/inspiration/gallery/old")).toBe(
      "/gallery/new",
    );
  });

  test.each([
    [
      "two rows",
      [
        { from: "/a", to: "/b" },
        { from: "/b", to: "/a" },
      ],
    ],
    [
      "three rows",
      [
        { from: "/a", to: "/b" },
        { from: "/b", to: "/c" },
        { from: "/c", to: "/A/" },
      ],
    ],
    ["a row to itself", [{ from: "/a", to: "/A" }]],
    ["a row and the gallery rule", [{ from: "/gallery/x", to: "/inspiration/gallery/x" }]],
    [
      "a /us copy of a row",
      [
        { from: "/us/b", to: "/us/a" },
        { from: "/a", to: "/b" },
      ],
    ],
  ])("a cycle through %s throws", (_what, redirects) => {
    expect(() => load(redirects)).toThrow(LegacyRedirectTableError);
    expect(() => load(redirects)).toThrow(/loop/);
  });

  test("a cycle through a renamed gallery slug throws", () => {
    expect(() =>
      load([{ from: "/gallery/new", to: "/inspiration/gallery/old" }], { renamedGallerySlugs: { old: "new" } }),
    ).toThrow(/loop/);
  });

  test.each([
    [
      "a duplicate row (ignoring case)",
      [
        { from: "/a", to: "/b" },
        { from: "/A/", to: "/c" },
      ],
      "redirects[1]: /A/ is listed twice",
    ],
    [
      "an external target",
      [{ from: "/a", to: "https://evil.example/" }],
      'redirects[0].to: "https://evil.example/" is not a site path',
    ],
    [
      "a protocol-relative target",
      [{ from: "/a", to: "//evil.example" }],
      'redirects[0].to: "//evil.example" is not a site path',
    ],
    ["a target with a query", [{ from: "/a", to: "/b?x=1" }], 'redirects[0].to: "/b?x=1" is not a site path'],
    ["a relative path", [{ from: "a", to: "/b" }], 'redirects[0].from: "a" is not a site path'],
    ["a path that is not text", [{ from: "/a", to: 7 as unknown as string }], "redirects[0].to: 7 is not a site path"],
    [
      "the home page as a legacy path",
      [{ from: "/", to: "/b" }],
      "redirects[0]: the home page cannot be a legacy path",
    ],
  ])("%s throws, saying which row and why", (_what, redirects, message) => {
    expect(() => load(redirects)).toThrow(LegacyRedirectTableError);
    expect(() => load(redirects)).toThrow(message);
  });

  test.each([
    ["a from that is not a folder", { from: "/g", to: "/gallery/" }],
    ["a to that is not a folder", { from: "/g/", to: "/gallery" }],
    ["the root as from", { from: "/", to: "/gallery/" }],
  ])("a gallery rule with %s throws", (_what, galleryPrefix) => {
    expect(() => load([], { galleryPrefix })).toThrow(
      'galleryPrefix: "from" and "to" must be folders ending with "/", and "from" not the root',
    );
  });

  test("a gallery rule's folders must be site paths", () => {
    expect(() => load([], { galleryPrefix: { from: "g/", to: "/gallery/" } })).toThrow(
      'galleryPrefix.from: "g/" is not a site path',
    );
    expect(() => load([], { galleryPrefix: { from: "/g/", to: "https://x/" } })).toThrow(
      'galleryPrefix.to: "https://x/" is not a site path',
    );
  });

  test.each([
    ["a slug with a slash", { "a/b": "c" }, 'renamedGallerySlugs: "a/b" → "c" is not a pair of slugs'],
    ["a new slug with a slash", { a: "b/c" }, 'renamedGallerySlugs: "a" → "b/c" is not a pair of slugs'],
    [
      "a new slug that is not text",
      { a: 7 as unknown as string },
      'renamedGallerySlugs: "a" → 7 is not a pair of slugs',
    ],
  ])("a renamed gallery slug with %s throws", (_what, renamedGallerySlugs, message) => {
    expect(() => load([], { renamedGallerySlugs })).toThrow(message);
  });

  test("a renamed gallery slug is matched and sent in lower case", () => {
    expect(load([], { renamedGallerySlugs: { Old: "New-Name" } }).redirect("/inspiration/gallery/OLD")).toBe(
      "/gallery/new-name",
    );
  });

  test("an unprefixed row also holds in the us region, the home page included", () => {
    const redirects = load([
      { from: "/a", to: "/b" },
      { from: "/start", to: "/" },
    ]);
    expect(redirects.redirect("/us/a")).toBe("/us/b");
    expect(redirects.redirect("/us/start")).toBe("/us");
    expect(redirects.redirect("/start")).toBe("/");
  });

  test("a row for the regional path itself wins over the unprefixed row's copy, wherever it stands in the table", () => {
    const redirects = load([
      { from: "/a", to: "/b" },
      { from: "/US/a", to: "/us/c" },
    ]);
    expect(redirects.redirect("/us/a")).toBe("/us/c");
    expect(redirects.redirect("/a")).toBe("/b");
    // A regional row is not copied again under another prefix.
    expect(redirects.redirect("/us/us/a")).toBeNull();
  });

  test("a row for the region's root itself is regional: it is not copied under /us again", () => {
    const redirects = load([{ from: "/US", to: "/us/quote" }]);
    expect(redirects.redirect("/us")).toBe("/us/quote");
    expect(redirects.redirect("/us/us")).toBeNull();
  });

  test("a loop is reported with the paths it goes through", () => {
    expect(() =>
      load([
        { from: "/a", to: "/b" },
        { from: "/b", to: "/a" },
      ]),
    ).toThrow("legacy redirects loop: /a → /b → /a");
  });

  test("a chain of 32 hops loads; one of 34 is taken for a loop", () => {
    const chain = (hops: number) => Array.from({ length: hops }, (_, i) => ({ from: `/p${i}`, to: `/p${i + 1}` }));
    expect(load(chain(32)).redirect("/p0")).toBe("/p32");
    expect(() => load(chain(34))).toThrow(/legacy redirects loop/);
  });

  test("its errors are named for what they are", () => {
    expect(() => load([{ from: "/", to: "/b" }])).toThrow(
      expect.objectContaining({ name: "LegacyRedirectTableError" }),
    );
  });

  test("a gallery rule that maps a folder to itself throws", () => {
    expect(() => load([], { galleryPrefix: { from: "/g/", to: "/G/" } })).toThrow(
      "galleryPrefix: from and to are the same folder",
    );
  });
});
