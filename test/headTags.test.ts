/**
 * Head tags on every page (docs/behaviour.md section 1.8): title and description, a self-referencing canonical,
 * reciprocal hreflang with x-default, Open Graph/Twitter with an absolute image, structured data.
 */
import request from "supertest";
import type { Express } from "express";
import { headTags } from "../server/render/headTags";
import { resolveLink } from "../shared/linkResolver";
import { localeByLang } from "../shared/locales";
import type { PageHead } from "../shared/pageHead";
import { buildSectionIndex } from "../shared/sectionIndex";
import { readDocument, readDocuments, type DocumentJson } from "./support/contentFiles";
import { attribute, metaTags } from "./support/html";
import { createTestApp } from "./support/testApp";

let app: Express;
let origin: string;
beforeAll(() => {
  const test = createTestApp();
  app = test.app;
  origin = test.config.SITE_URL;
});

const ROUTABLE = ["home", "page", "gallery_project", "article", "sample_page"];
const LANGS = ["en-gb", "en-us"];

function pathOf(doc: { id: string; type: string; uid?: string | null; lang: string }): string {
  const sections = buildSectionIndex(readDocument(doc.lang, "navigation", "primary-nav").data.body);
  return resolveLink({ link_type: "Document", ...doc }, sections, localeByLang(doc.lang))!;
}

const allDocs: DocumentJson[] = LANGS.flatMap((lang) => ROUTABLE.flatMap((type) => readDocuments(lang, type)));
const pages = allDocs.map((doc) => ({ doc, path: pathOf(doc) }));

interface Head {
  canonical?: string;
  alternates: Record<string, string>;
  meta: Record<string, string[]>;
  robots?: string;
  jsonLd: Array<Record<string, unknown>>;
}

function headOf(html: string): Head {
  const head = html.slice(0, html.indexOf("</head>"));
  const alternates: Record<string, string> = {};
  for (const tag of head.match(/<link rel="alternate"[^>]*>/g) ?? [])
    alternates[attribute(tag, "hreflang")!] = attribute(tag, "href")!;
  const meta = metaTags(html);
  return {
    canonical: attribute(/<link rel="canonical"[^>]*>/.exec(head)?.[0] ?? "", "href"),
    alternates,
    meta,
    robots: meta.robots?.[0],
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    ),
  };
}

async function head(path: string): Promise<Head> {
  const res = await request(app).get(path);
  expect(res.status).toBe(200);
  return headOf(res.text);
}

describe.each(pages.map((p) => [p.path, p] as const))("%s", (path, { doc }) => {
  let h: Head;
  beforeAll(async () => {
    h = await head(path);
  });

  test("has an absolute self-referencing canonical", () => {
    expect(h.canonical).toBe(origin + path);
  });

  test("lists every translation, itself included, with x-default at the gb version", () => {
    const versions = [doc, ...((doc as unknown as { alternate_languages: DocumentJson[] }).alternate_languages ?? [])];
    for (const version of versions) {
      const language = localeByLang(version.lang).language;
      expect(h.alternates[language]).toBe(origin + pathOf(version));
    }
    expect(h.alternates["x-default"]).toBe(h.alternates["en-GB"]);
  });

  test("has Open Graph and Twitter tags with an absolute image and its size", () => {
    expect(h.meta["og:title"]?.[0]).toBeTruthy();
    expect(h.meta["og:url"]?.[0]).toBe(origin + path);
    expect(h.meta["og:image"]?.[0]).toMatch(/^https?:\/\//);
    expect(Number(h.meta["og:image:width"]?.[0])).toBeGreaterThan(0);
    expect(Number(h.meta["og:image:height"]?.[0])).toBeGreaterThan(0);
    expect(h.meta["og:locale"]?.[0]).toBe(localeByLang(doc.lang).language.replace("-", "_"));
    expect(h.meta["twitter:card"]?.[0]).toBe("summary_large_image");
    expect(h.meta["twitter:image"]?.[0]).toBe(h.meta["og:image"]?.[0]);
  });
});

test("hreflang is reciprocal: every version a page lists lists that page back", async () => {
  const heads = new Map<string, Head>();
  for (const { path } of pages) heads.set(origin + path, await head(path));
  for (const [url, h] of heads) {
    for (const [language, other] of Object.entries(h.alternates)) {
      if (language === "x-default" || other === url) continue;
      const back = heads.get(other);
      // Every version a page lists is itself a page (none sits at a legacy redirect, docs/behaviour.md section 1.4).
      expect({ url, language, listed: back ? "page" : "not a page" }).toEqual({ url, language, listed: "page" });
      expect(Object.values(back!.alternates)).toContain(url);
    }
  }
});

test("the canonical drops the query string and keeps the locale prefix", async () => {
  const h = headOf((await request(app).get("/us/gallery?utm_source=mail&page=1")).text);
  expect(h.canonical).toBe(`${origin}/us/gallery`);
});

test("list pages exist in both regions and say so", async () => {
  const h = await head("/info/blog");
  expect(h.alternates).toEqual({
    "en-GB": `${origin}/info/blog`,
    "en-US": `${origin}/us/info/blog`,
    "x-default": `${origin}/info/blog`,
  });
});

test("a 404 page has no canonical, no alternates and carries noindex", async () => {
  const res = await request(app).get("/gallery/no-such-project");
  expect(res.status).toBe(404);
  const h = headOf(res.text);
  expect(h.canonical).toBeUndefined();
  expect(h.alternates).toEqual({});
  expect(res.text).toContain('<meta name="robots" content="noindex">');
});

describe("structured data", () => {
  test("the home page describes the business as a LocalBusiness type", async () => {
    const [business] = (await head("/")).jsonLd;
    expect(business["@context"]).toBe("https://schema.org");
    expect(business["@type"]).toBe("HomeAndConstructionBusiness");
    expect(business).toMatchObject({ name: "Hartley & Reed", url: `${origin}/` });
    expect((business.address as Record<string, unknown>)["@type"]).toBe("PostalAddress");
  });

  test("an article has headline, dates, image and author, and a breadcrumb trail", async () => {
    const doc = readDocuments("en-gb", "article")[0];
    const ld = (await head(pathOf(doc))).jsonLd;
    const article = ld.find((d) => d["@type"] === "Article")!;
    expect(article.headline).toBe(doc.data.title);
    expect(article.datePublished).toBeTruthy();
    expect(article.dateModified).toBeTruthy();
    expect((article.image as string[])[0]).toMatch(/^https?:\/\//);
    expect(article.author).toEqual({ "@type": "Person", name: doc.data.author });
    const crumbs = ld.find((d) => d["@type"] === "BreadcrumbList")!;
    const names = (crumbs.itemListElement as Array<{ name: string; position: number }>).map((i) => i.name);
    expect(names).toEqual(["Home", "Journal", doc.data.title]);
  });

  test.each(["/gallery/braybrook-st", "/products/doors-drawers", "/quote", "/gallery", "/us/info/blog"])(
    "%s has a BreadcrumbList whose positions count from 1 and whose items are absolute",
    async (path) => {
      const crumbs = (await head(path)).jsonLd.find((d) => d["@type"] === "BreadcrumbList")!;
      const items = crumbs.itemListElement as Array<{ position: number; item: string }>;
      expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
      for (const i of items) expect(i.item.startsWith(origin)).toBe(true);
    },
  );
});

describe("the tags for one page's head", () => {
  const gb = localeByLang("en-gb");
  const us = localeByLang("en-us");
  const base: PageHead = {
    title: "Braybrook St | Hartley & Reed",
    description: "A walnut kitchen <for> a terrace",
    canonical: "https://site.test/gallery/braybrook-st",
    alternates: [
      { language: "en-GB", url: "https://site.test/gallery/braybrook-st" },
      { language: "en-US", url: "https://site.test/us/gallery/braybrook-st" },
    ],
    image: { url: "https://site.test/media/k.jpg", width: 1200, height: 800, alt: "Walnut doors" },
    type: "article",
    jsonLd: [],
  };
  const tagsOf = (head: PageHead, locale = gb) => headOf(`${headTags(head, locale)}</head>`);

  test("Open Graph names the site, the kind of page, its title, description and image text", () => {
    const { meta } = tagsOf(base);
    expect(meta["og:site_name"]).toEqual(["Hartley & Reed"]);
    expect(meta["og:type"]).toEqual(["article"]);
    expect(meta["og:title"]).toEqual([base.title]);
    expect(meta["og:description"]).toEqual([base.description]);
    expect(meta["og:image"]).toEqual([base.image.url]);
    expect(meta["og:image:width"]).toEqual(["1200"]);
    expect(meta["og:image:height"]).toEqual(["800"]);
    expect(meta["og:image:alt"]).toEqual(["Walnut doors"]);
  });

  test("Twitter's card repeats the title, description and image", () => {
    const { meta } = tagsOf(base);
    expect(meta["twitter:card"]).toEqual(["summary_large_image"]);
    expect(meta["twitter:title"]).toEqual([base.title]);
    expect(meta["twitter:description"]).toEqual([base.description]);
    expect(meta["twitter:image"]).toEqual([base.image.url]);
  });

  test("a page without a description or image text has no empty tags for them", () => {
    const html = headTags({ ...base, description: null, image: { ...base.image, alt: "" } }, gb);
    expect(html).not.toMatch(/og:description|twitter:description|og:image:alt/);
  });

  test("og:locale is the page's region and og:locale:alternate each other region it is published in", () => {
    expect(tagsOf(base, gb).meta).toMatchObject({ "og:locale": ["en_GB"], "og:locale:alternate": ["en_US"] });
    expect(tagsOf({ ...base, canonical: base.alternates[1].url }, us).meta).toMatchObject({
      "og:locale": ["en_US"],
      "og:locale:alternate": ["en_GB"],
    });
    const gbOnly = { ...base, alternates: [base.alternates[0]] };
    expect(tagsOf(gbOnly, gb).meta["og:locale:alternate"]).toBeUndefined();
  });

  test("x-default points at the gb version, and is left out when there is none", () => {
    const reversed = { ...base, alternates: [...base.alternates].reverse() };
    expect(tagsOf(reversed).alternates["x-default"]).toBe(base.alternates[0].url);
    const usOnly = { ...base, canonical: base.alternates[1].url, alternates: [base.alternates[1]] };
    const html = headTags(usOnly, us);
    expect(html).not.toContain("x-default");
  });

  test("the tags are written one after another with nothing between them", () => {
    expect(headTags(base, gb)).toMatch(/^(?:<(?:link|meta) [^>]*>|<script [^>]*>[^<]*<\/script>)+$/);
  });
});
