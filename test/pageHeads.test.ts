/**
 * Each page type's head (server/render/pageHeads.ts): the canonical is the document's own URL, the
 * breadcrumb trail names each step with an absolute URL in the page's region, articles say what
 * they are and when they were published, and the business and publisher carry the site's logo.
 */
import { headOf, listHeadOf, type HeadScope } from "../server/render/pageHeads";
import { documentAlternates } from "../shared/alternates";
import type { RoutableDocument } from "../shared/documents";
import { LOCALES, localeByLang } from "../shared/locales";
import { absoluteMedia, EMBEDDED_MEDIA_ORIGIN, rootRelativeMedia } from "../shared/mediaOrigin";
import { documentHead, pageTitle } from "../shared/pageHead";
import { buildSectionIndex } from "../shared/sectionIndex";
import { readDocument, type DocumentJson } from "./support/contentFiles";

const ORIGIN = "https://site.test";
const sectionsByLang = Object.fromEntries(
  LOCALES.map((l) => [l.lang, buildSectionIndex(readDocument(l.lang, "navigation", "primary-nav").data.body)]),
);

function scopeFor(lang: string, path: string): HeadScope {
  return { origin: ORIGIN, locale: localeByLang(lang), path, sectionsByLang };
}
/** An image as the content repository serves it (the embedded media's own origin). */
const served = (image: { url: string }) => ({ ...image, url: EMBEDDED_MEDIA_ORIGIN + image.url });
const head = (doc: DocumentJson, path: string) => headOf(doc as unknown as RoutableDocument, scopeFor(doc.lang, path));

interface Crumb {
  position: number;
  name: string;
  item: string;
}
function trailOf(jsonLd: Array<Record<string, unknown>>): Array<[string, string]> {
  const list = jsonLd.find((d) => d["@type"] === "BreadcrumbList");
  expect(list).toBeDefined();
  return (list!.itemListElement as Crumb[]).map((c) => [c.name, c.item]);
}

describe("the canonical", () => {
  test("is the document's own URL, whatever path the request spelled", () => {
    const doc = readDocument("en-gb", "gallery_project", "braybrook-st");
    expect(head(doc, "/projects/braybrook-st").canonical).toBe(`${ORIGIN}/gallery/braybrook-st`);
    const inSection = readDocument("en-gb", "page", "doors-drawers");
    expect(head(inSection, "/doors-drawers").canonical).toBe(`${ORIGIN}/products/doors-drawers`);
  });

  test("of a list is the list's own path in the region, listing both regions", () => {
    const h = listHeadOf("blog", 2, scopeFor("en-us", "/us/info/blog"));
    expect(h.canonical).toBe(`${ORIGIN}/us/info/blog`);
    expect(h.title).toBe("Journal (page 2) | Hartley & Reed");
    expect(listHeadOf("gallery", 1, scopeFor("en-gb", "/gallery")).title).toBe("Gallery | Hartley & Reed");
    expect(h.alternates.map((a) => a.url)).toEqual([`${ORIGIN}/info/blog`, `${ORIGIN}/us/info/blog`]);
  });

  test("is the request's path made canonical when the document has no URL of its own", () => {
    const doc = readDocument("en-gb", "page", "quote");
    const orphan = { ...doc, uid: null };
    expect(head(orphan, "/Quote/").canonical).toBe(`${ORIGIN}/quote`);
  });
});

describe("the breadcrumb trail", () => {
  test("a gallery item: Home, Gallery, the item, in its region", () => {
    const gb = readDocument("en-gb", "gallery_project", "braybrook-st");
    expect(trailOf(head(gb, "/gallery/braybrook-st").jsonLd)).toEqual([
      ["Home", `${ORIGIN}/`],
      ["Gallery", `${ORIGIN}/gallery`],
      [gb.data.title, `${ORIGIN}/gallery/braybrook-st`],
    ]);
    const us = readDocument("en-us", "gallery_project", "braybrook-st");
    expect(trailOf(head(us, "/us/gallery/braybrook-st").jsonLd)).toEqual([
      ["Home", `${ORIGIN}/us`],
      ["Gallery", `${ORIGIN}/us/gallery`],
      [us.data.title, `${ORIGIN}/us/gallery/braybrook-st`],
    ]);
  });

  test("an article: Home, Journal, the article", () => {
    const doc = readDocument("en-gb", "article", "planning-a-pantry");
    expect(trailOf(head(doc, "/info/blog/planning-a-pantry").jsonLd)).toEqual([
      ["Home", `${ORIGIN}/`],
      ["Journal", `${ORIGIN}/info/blog`],
      [doc.data.title, `${ORIGIN}/info/blog/planning-a-pantry`],
    ]);
  });

  test("any other page: Home, the page", () => {
    const doc = readDocument("en-gb", "page", "quote");
    expect(trailOf(head(doc, "/quote").jsonLd)).toEqual([
      ["Home", `${ORIGIN}/`],
      [doc.data.title, `${ORIGIN}/quote`],
    ]);
  });

  test("an untitled document's last step has an empty name, never a made-up one", () => {
    const doc = readDocument("en-gb", "page", "quote");
    const trail = trailOf(head({ ...doc, data: { ...doc.data, title: null } }, "/quote").jsonLd);
    expect(trail.at(-1)).toEqual(["", `${ORIGIN}/quote`]);
  });

  test("a list: Home, the list, in its region", () => {
    expect(trailOf(listHeadOf("blog", 1, scopeFor("en-us", "/us/info/blog")).jsonLd)).toEqual([
      ["Home", `${ORIGIN}/us`],
      ["Journal", `${ORIGIN}/us/info/blog`],
    ]);
    expect(trailOf(listHeadOf("gallery", 2, scopeFor("en-gb", "/gallery")).jsonLd)).toEqual([
      ["Home", `${ORIGIN}/`],
      ["Gallery", `${ORIGIN}/gallery`],
    ]);
  });
});

describe("what a page says it is", () => {
  test("a gallery item is a website page whose share image falls back to its cover", () => {
    const doc = readDocument("en-gb", "gallery_project", "braybrook-st");
    const h = head(
      { ...doc, data: { ...doc.data, meta_image: {}, cover: served(doc.data.cover) } },
      "/gallery/braybrook-st",
    );
    expect(h.type).toBe("website");
    expect(h.image).toMatchObject({ url: ORIGIN + doc.data.cover.url, ...doc.data.cover.dimensions });
  });

  test("an article is an article, with its share image falling back to its cover", () => {
    const doc = readDocument("en-gb", "article", "planning-a-pantry");
    const h = head(
      { ...doc, data: { ...doc.data, meta_image: {}, cover: served(doc.data.cover) } },
      "/info/blog/planning-a-pantry",
    );
    expect(h.type).toBe("article");
    expect(h.image).toMatchObject({ url: ORIGIN + doc.data.cover.url, ...doc.data.cover.dimensions });
  });

  test("the home page describes the business with the site's logo", () => {
    const doc = readDocument("en-gb", "home");
    const [business] = head(doc, "/").jsonLd;
    expect(business).toMatchObject({
      "@type": "HomeAndConstructionBusiness",
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/og-default.jpg`,
    });
  });
});

describe("an article's structured data", () => {
  const doc = readDocument("en-gb", "article", "planning-a-pantry");
  const articleOf = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    head({ ...doc, ...extra, data: { ...doc.data, ...data } }, "/info/blog/planning-a-pantry").jsonLd.find(
      (d) => d["@type"] === "Article",
    )!;

  test("its description is the meta description, else the excerpt", () => {
    expect(articleOf({}).description).toBe(doc.data.meta_description);
    expect(articleOf({ meta_description: null }).description).toBe(doc.data.excerpt);
  });

  test("it was published on its publication date, else when first published", () => {
    expect(articleOf({}).datePublished).toBe(doc.data.publication_date);
    expect(
      articleOf({ publication_date: null }, { first_publication_date: "2025-03-12T08:00:00+0000" }).datePublished,
    ).toBe("2025-03-12T08:00:00+0000");
  });

  test("its headline is the title, else the page's title", () => {
    expect(articleOf({}).headline).toBe(doc.data.title);
    expect(articleOf({ title: null, meta_title: "Pantries" }).headline).toBe("Pantries | Hartley & Reed");
  });

  test("its author is named, else the site publishes it; the publisher carries the logo", () => {
    expect(articleOf({}).author).toEqual({ "@type": "Person", name: doc.data.author });
    expect(articleOf({ author: null }).author).toEqual({ "@type": "Organization", name: "Hartley & Reed" });
    expect(articleOf({}).publisher).toMatchObject({ logo: { url: `${ORIGIN}/og-default.jpg` } });
  });
});

describe("the pieces every head is made of", () => {
  test("a page's title ends with the site's name, once; no title is the site's name alone", () => {
    expect(pageTitle("Gallery")).toBe("Gallery | Hartley & Reed");
    expect(pageTitle("Hartley & Reed")).toBe("Hartley & Reed");
    expect(pageTitle("")).toBe("Hartley & Reed");
    expect(pageTitle(null)).toBe("Hartley & Reed");
  });

  test("the description is the meta description, or none when it is empty", () => {
    const context = { origin: ORIGIN, locale: localeByLang("en-gb"), path: "/quote", alternates: [] };
    expect(documentHead({ title: "Quote", meta_description: "Ask us" }, context).description).toBe("Ask us");
    expect(documentHead({ title: "Quote", meta_description: "" }, context).description).toBeNull();
  });

  test("a share image without alternative text has an empty one", () => {
    const context = { origin: ORIGIN, locale: localeByLang("en-gb"), path: "/quote", alternates: [] };
    const image = { url: `${EMBEDDED_MEDIA_ORIGIN}/media/a.jpg`, dimensions: { width: 10, height: 5 }, alt: null };
    expect(documentHead({ title: "Quote", meta_image: image }, context).image).toEqual({
      url: `${ORIGIN}/media/a.jpg`,
      width: 10,
      height: 5,
      alt: "",
    });
  });

  test("a document's versions are listed gb first, each once, leaving out a version with no page of its own", () => {
    const gb = readDocument("en-gb", "gallery_project", "braybrook-st");
    const us = readDocument("en-us", "gallery_project", "braybrook-st");
    const usFirst = { ...us, alternate_languages: [gb, { ...gb, id: "copy" }] } as unknown as Parameters<
      typeof documentAlternates
    >[0];
    expect(documentAlternates(usFirst, sectionsByLang, ORIGIN)).toEqual([
      { language: "en-GB", url: `${ORIGIN}/gallery/braybrook-st` },
      { language: "en-US", url: `${ORIGIN}/us/gallery/braybrook-st` },
    ]);
    const noUsPage = { ...gb, alternate_languages: [{ ...us, uid: null }] } as unknown as Parameters<
      typeof documentAlternates
    >[0];
    expect(documentAlternates(noUsPage, sectionsByLang, ORIGIN)).toEqual([
      { language: "en-GB", url: `${ORIGIN}/gallery/braybrook-st` },
    ]);
  });

  test("embedded media URLs become root-relative in a srcset, and absolute on the site's origin, whatever its trailing slashes", () => {
    const a = `${EMBEDDED_MEDIA_ORIGIN}/media/a.jpg`;
    expect(rootRelativeMedia(`${a}?w=640 640w, ${a}?w=1080 1080w`)).toBe(
      "/media/a.jpg?w=640 640w, /media/a.jpg?w=1080 1080w",
    );
    expect(absoluteMedia(a, "https://site.test//")).toBe("https://site.test/media/a.jpg");
    expect(absoluteMedia("https://images.example/b.jpg", "https://site.test")).toBe("https://images.example/b.jpg");
  });
});

describe("heads of shared content", () => {
  const frozen = <T>(value: T): T => {
    if (value && typeof value === "object") {
      for (const inner of Object.values(value)) frozen(inner);
      Object.freeze(value);
    }
    return value;
  };
  const frozenSections = Object.fromEntries(Object.entries(sectionsByLang).map(([lang, s]) => [lang, frozen(s)]));
  const sharedScope = (lang: string, path: string, sections = frozenSections): HeadScope => ({
    origin: ORIGIN,
    locale: localeByLang(lang),
    path,
    sectionsByLang: sections,
  });

  test("a frozen document's head is worked out once per scope, frozen, and equal to a fresh one", () => {
    const doc = frozen(readDocument("en-gb", "article", "planning-a-pantry")) as unknown as RoutableDocument;
    const first = headOf(doc, sharedScope("en-gb", "/info/blog/planning-a-pantry"));
    expect(headOf(doc, sharedScope("en-gb", "/info/blog/planning-a-pantry"))).toBe(first);
    expect(Object.isFrozen(first.jsonLd)).toBe(true);
    const fresh = readDocument("en-gb", "article", "planning-a-pantry") as unknown as RoutableDocument;
    expect(first).toEqual(headOf(fresh, scopeFor("en-gb", "/info/blog/planning-a-pantry")));
  });

  test("another origin, region, path or navigation gets its own head; a document that is not frozen never shares one", () => {
    const doc = frozen(readDocument("en-gb", "page", "about-us")) as unknown as RoutableDocument;
    const first = headOf(doc, sharedScope("en-gb", "/about-us"));
    expect(headOf(doc, { ...sharedScope("en-gb", "/about-us"), origin: "https://other.test" }).canonical).toMatch(
      /^https:\/\/other\.test\//,
    );
    expect(headOf(doc, sharedScope("en-gb", "/about-us/"))).not.toBe(first);
    const renewed = Object.fromEntries(Object.entries(sectionsByLang).map(([lang, s]) => [lang, frozen({ ...s })]));
    expect(headOf(doc, sharedScope("en-gb", "/about-us", renewed))).not.toBe(first);
    const open = readDocument("en-gb", "page", "about-us") as unknown as RoutableDocument;
    expect(headOf(open, scopeFor("en-gb", "/about-us"))).not.toBe(headOf(open, scopeFor("en-gb", "/about-us")));
  });
});
