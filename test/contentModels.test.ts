/**
 * The embedded repository (content/) against its models (customtypes/ and the shared slice
 * models): every document valid, one readable failure per problem; the validator itself
 * proven on broken documents; the demo content covering what the site has to show; and every
 * routable document served at the URL the link resolver gives it, in both regions.
 */
import path from "node:path";
import request from "supertest";
import type { Express } from "express";
import { LOCALES, localeByLang, type Locale } from "../shared/locales";
import { legacyRedirect } from "../shared/legacyRedirects";
import { resolveLink } from "../shared/linkResolver";
import { buildSectionIndex, sectionSlug, type RawNavGroup } from "../shared/sectionIndex";
import { loadContentEntries, loadModels, validateContent } from "../packages/prismic-stand-in/src/index";
import {
  BLOCK_TYPES,
  type ContentEntry,
  type ContentModels,
  loadReleaseEntries,
  overlayRelease,
  richTextUsage,
  sliceUsage,
  SPAN_TYPES,
} from "../packages/prismic-stand-in/src/testing";
import { expectedTitle, type DocumentJson } from "./support/contentFiles";
import { hrefsOf, mainOf, titleOf } from "./support/html";
import { createTestApp, ROOT } from "./support/testApp";
import { components as sliceLibrary } from "../views/slices/index";

const CONTENT = path.join(ROOT, "content");
// The demo media are committed with the content: the checks below run against them, never skip.
const MEDIA = path.join(CONTENT, "media");

const loadedModels = loadModels(ROOT);
const loadedContent = loadContentEntries(CONTENT, ROOT);
const loadedReleases = loadReleaseEntries(CONTENT, ROOT);
const models: ContentModels = loadedModels.models;
const entries: ContentEntry[] = loadedContent.entries;
const docs = entries.map(
  (e) => e.document as DocumentJson & { alternate_languages: Array<{ id: string; lang: string }> },
);
const ofLang = (lang: string, type?: string) => docs.filter((d) => d.lang === lang && (!type || d.type === type));
const LANGS = LOCALES.map((l) => l.lang);

describe("the models", () => {
  test("every custom type and shared slice model loads, and every slice zone names existing shared slices", () => {
    expect(loadedModels.errors).toEqual([]);
    // The library is the registry Slice Machine writes (views/slices/index.ts): one model per view.
    expect(Object.keys(models.sharedSlices).sort()).toEqual(Object.keys(sliceLibrary).sort());
  });

  test.each(["home", "page", "gallery_project", "article", "sample_page"])(
    "the %s slice zone offers every shared slice",
    (type) => {
      const zone = models.customTypes[type].json.Main.slices;
      expect(Object.keys(zone.config!.choices).sort()).toEqual(Object.keys(models.sharedSlices).sort());
    },
  );

  test("the article body allows every rich-text node, with a highlight label", () => {
    const body = models.customTypes.article.json.Main.body.config!;
    const allowed = String(body.multi).split(",");
    for (const node of [...BLOCK_TYPES, "strong", "em", "hyperlink"]) expect(allowed).toContain(node);
    // Labels are allowed by naming them in `labels`, as in Prismic's models; `multi` has no
    // "label" option (Slice Machine drops one on save: docs/prismic.md).
    expect(body.labels).toContain("highlight");
    expect(allowed).not.toContain("label");
  });
});

describe("the content matches the models", () => {
  test("every file under content/ (media aside) parses as JSON", () => {
    expect(loadedContent.errors).toEqual([]);
    expect(entries.length).toBeGreaterThan(0);
  });

  test("every document is valid against its custom type and the slice models (one line per problem)", () => {
    const report = validateContent(entries, models, { mediaDir: null });
    expect(report.errors).toEqual([]);
  });

  test("every /media/ URL names a file in content/media", () => {
    const report = validateContent(entries, models, { mediaDir: MEDIA });
    expect(report.notes).toEqual([]);
    expect(report.errors).toEqual([]);
  });

  test("without a media folder the media check is skipped with a note, not failed", () => {
    const report = validateContent(entries, models, { mediaDir: path.join(ROOT, "no-such-media-folder") });
    expect(report.errors).toEqual([]);
    expect(report.notes).toEqual([
      expect.stringMatching(/Skipped the media check: the folder .*no-such-media-folder is missing/),
    ]);
  });
});

describe("the releases (content/_releases/<name>/: drafts previewed under a ref of their own)", () => {
  test("the published set leaves the releases out, and there is at least one release", () => {
    expect(entries.filter((e) => e.file.includes("_releases"))).toEqual([]);
    expect(loadedReleases.errors).toEqual([]);
    expect(loadedReleases.releases.map((r) => r.name)).toContain("spring-refresh");
  });

  test.each(loadedReleases.releases.map((r) => [r.name, r] as const))(
    "%s: its drafts, over the published documents, are valid against the models (media included)",
    (_name, release) => {
      expect(release.entries.length).toBeGreaterThan(0);
      const report = validateContent(overlayRelease(entries, release), models, { mediaDir: MEDIA });
      expect(report.errors).toEqual([]);
    },
  );

  test("a broken draft is reported under its own file", () => {
    const release = loadedReleases.releases.find((r) => r.name === "spring-refresh")!;
    const broken = release.entries.map((e, i) =>
      i === 0 ? { file: e.file, document: { ...e.document, data: { ...e.document.data, title: 42 } } } : e,
    );
    const errors = validateContent(overlayRelease(entries, { name: release.name, entries: broken }), models, {
      mediaDir: null,
    }).errors;
    const file = release.entries[0].file;
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((e) => !e.startsWith(`${file} data.title:`))).toEqual([]);
  });
});

describe("the validator reports broken documents", () => {
  const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
  const entryOf = (lang: string, type: string, uid: string | null) => {
    const entry = entries.find((e) => e.document.lang === lang && e.document.type === type && e.document.uid === uid);
    if (!entry) throw new Error(`no ${type} ${uid} in ${lang}`);
    return entry;
  };
  /** Validates the whole repository with one document replaced by a broken copy. */
  function errorsWith(
    lang: string,
    type: string,
    uid: string | null,
    breakIt: (doc: any) => void,
    mediaDir: string | null = null,
  ) {
    const original = entryOf(lang, type, uid);
    const broken = { file: original.file, document: clone(original.document) };
    breakIt(broken.document);
    return {
      file: original.file,
      errors: validateContent(
        entries.map((e) => (e === original ? broken : e)),
        models,
        { mediaDir },
      ).errors,
    };
  }
  const sliceIndex = (doc: any, type: string, variation?: string) =>
    doc.data.slices.findIndex((s: any) => s.slice_type === type && (!variation || s.variation === variation));

  const cases: Array<[string, string, string, string | null, (doc: any) => void, RegExp]> = [
    [
      "an extra data field",
      "en-gb",
      "page",
      "about-us",
      (d) => (d.data.subtitle = "Since 2009"),
      /data: "subtitle" is not a field of the model/,
    ],
    [
      "a missing data field",
      "en-gb",
      "page",
      "about-us",
      (d) => delete d.data.klaviyo_embed,
      /data: the model's Boolean field "klaviyo_embed" is missing/,
    ],
    [
      "a Text field holding a number",
      "en-gb",
      "page",
      "about-us",
      (d) => (d.data.title = 42),
      /data\.title: expected a Text value \(string or null\), got number 42/,
    ],
    [
      "an image without dimensions",
      "en-gb",
      "gallery_project",
      "braybrook-st",
      (d) => delete d.data.cover.dimensions,
      /data\.cover: an image needs dimensions/,
    ],
    [
      "a Number field holding a string",
      "en-gb",
      "gallery_project",
      "braybrook-st",
      (d) => (d.data.year = "2024"),
      /data\.year: expected a Number/,
    ],
    [
      "a date in the wrong format",
      "en-us",
      "article",
      "choosing-a-worktop",
      (d) => (d.data.publication_date = "21/01/2025"),
      /data\.publication_date: expected a Date \(YYYY-MM-DD or null\)/,
    ],
    [
      "a Select value that is not an option",
      "en-gb",
      "home",
      null,
      (d) => (d.data.slices[sliceIndex(d, "feature_grid")].items[0].icon = "hammer"),
      /items\[0\]\.icon: expected a Select value \(one of ruler, dovetail/,
    ],
    [
      "a Group that is not a list",
      "en-gb",
      "sample_page",
      null,
      (d) => (d.data.swatches = { name: "Oak" }),
      /data\.swatches: expected a Group \(a list of items\)/,
    ],
    [
      "an Embed without embed_url",
      "en-gb",
      "page",
      "pantries-larders",
      (d) => (d.data.slices[0].primary.video = { html: "<iframe></iframe>" }),
      /<hero\/withVideo>\.primary\.video: expected an Embed with an http\(s\) embed_url/,
    ],
    [
      "an unknown slice type",
      "en-gb",
      "home",
      null,
      (d) => d.data.slices.push({ ...clone(d.data.slices[0]), slice_type: "parallax_banner", id: "parallax_banner$1" }),
      /slice type the string "parallax_banner" is not offered by this slice zone/,
    ],
    [
      "a variation the slice model does not have",
      "en-gb",
      "page",
      "doors-drawers",
      (d) => (d.data.slices[0].variation = "fullBleed"),
      /"hero" has no variation the string "fullBleed" \(variations: default, withVideo\)/,
    ],
    [
      "a field that belongs to another variation",
      "en-gb",
      "page",
      "doors-drawers",
      (d) => (d.data.slices[0].primary.video = {}),
      /<hero\/default>\.primary: "video" is not a field of the model/,
    ],
    [
      "a slice item missing a field",
      "en-us",
      "home",
      null,
      (d) => delete d.data.slices[sliceIndex(d, "product_cards")].items[1].link_label,
      /<product_cards\/default>\.items\[1\]: the model's Text field "link_label" is missing/,
    ],
    [
      "a block type the field does not allow",
      "en-gb",
      "page",
      "about-us",
      (d) =>
        d.data.slices[sliceIndex(d, "image_with_text")].primary.content.unshift({
          type: "heading2",
          text: "How we work",
          spans: [],
        }),
      /<image_with_text\/imageLeft>\.primary\.content\[0\]: block type "heading2" is not allowed here/,
    ],
    [
      "two blocks in a single-block field",
      "en-gb",
      "page",
      "worktops",
      (d) => d.data.slices[0].primary.subheading.push({ type: "paragraph", text: "Again.", spans: [] }),
      /primary\.subheading: a single-block rich text field has 2 blocks/,
    ],
    [
      "a span outside its text",
      "en-gb",
      "article",
      "shaker-vs-handleless",
      (d) => d.data.body[0].spans.push({ start: 5, end: 5000, type: "strong" }),
      /data\.body\[0\]\.spans\[\d+\]: span offsets 5–5000 are not a non-empty range/,
    ],
    [
      "a label the field does not define",
      "en-gb",
      "article",
      "choosing-a-worktop",
      (d) => {
        const b = d.data.body.find((x: any) => x.spans?.some((s: any) => s.type === "label"));
        b.spans.find((s: any) => s.type === "label").data.label = "shout";
      },
      /label "shout" is not one of the field's labels \(highlight\)/,
    ],
    [
      "a link to a missing document",
      "en-gb",
      "page",
      "quote",
      (d) => (d.data.slices[0].primary.cta_link.id = "page-nowhere-gb"),
      /primary\.cta_link: links to "page-nowhere-gb", which is not a document in the repository/,
    ],
    [
      "a link across languages",
      "en-us",
      "page",
      "quote",
      (d) => Object.assign(d.data.slices[0].primary.cta_link, { id: "page-how-much-does-it-cost-gb", lang: "en-gb" }),
      /links to "page-how-much-does-it-cost-gb" in en-gb, from a en-us document/,
    ],
    [
      "a link whose uid disagrees with its target",
      "en-gb",
      "navigation",
      "primary-nav",
      (d) => (d.data.body[0].items[0].link.uid = "doors"),
      /<nav_group>\.items\[0\]\.link: says uid the string "doors", but "page-doors-drawers-gb" has uid the string "doors-drawers"/,
    ],
    [
      "a legacy slice with an unknown non-repeat field",
      "en-gb",
      "navigation",
      "footer",
      (d) => (d.data.body[0].primary.subtitle = "More"),
      /<nav_group>\.primary: "subtitle" is not a field of the model/,
    ],
    [
      "an unknown document type",
      "en-gb",
      "taxonomy",
      null,
      (d) => (d.type = "glossary"),
      /type "glossary" has no model in customtypes/,
    ],
    [
      "a translation that does not point back",
      "en-gb",
      "page",
      "delivery",
      (d) => (d.alternate_languages[0].id = "page-quote-us"),
      /names "page-quote-us", which does not name this document \("page-delivery-gb"\)/,
    ],
  ];

  test.each(cases)("%s", (_name, lang, type, uid, breakIt, expected) => {
    const { file, errors } = errorsWith(lang, type, uid, breakIt);
    expect(errors).toContainEqual(expect.stringMatching(expected));
    // Every problem names the broken file (or, for translations, the pair): nothing else fails.
    for (const e of errors) expect(e.startsWith(file) || /alternate_languages/.test(e)).toBe(true);
  });

  test("a /media/ URL naming no file", () => {
    const { errors } = errorsWith(
      "en-gb",
      "home",
      null,
      (d) => (d.data.slices[0].primary.image.url = "/media/kitchen-missing.jpg"),
      MEDIA,
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /data\.slices\[0\]\.primary\.image\.url: \/media\/kitchen-missing\.jpg names no file in media\//,
      ),
    ]);
  });

  test("a duplicate id and a second single document are both reported", () => {
    const home = entryOf("en-gb", "home", null);
    const copy = { file: "content/en-gb/home/home-copy.json", document: { ...clone(home.document) } };
    const errors = validateContent([...entries, copy], models, { mediaDir: null }).errors;
    expect(errors).toContainEqual(
      expect.stringMatching(/home-copy\.json: id "home-gb" is also used by content\/en-gb\/home\/home\.json/),
    );
  });

  test("several problems in one document give one line each", () => {
    const { errors } = errorsWith("en-gb", "page", "worktops", (d) => {
      d.data.title = null; // allowed: Text may be null
      d.data.klaviyo_embed = "no";
      d.data.meta_title = ["Worktops"];
      delete d.data.meta_description;
    });
    expect(errors).toHaveLength(3);
  });
});

describe("the demo content covers what the site shows", () => {
  test.each(LANGS)(
    "%s has at least 10 gallery projects and 10 articles (and no more than a list page holds)",
    (lang) => {
      expect(ofLang(lang, "gallery_project").length).toBeGreaterThanOrEqual(10);
      expect(ofLang(lang, "article").length).toBeGreaterThanOrEqual(10);
      // /gallery and /info/blog show 12 a page; the route tests expect every one on the first.
      expect(ofLang(lang, "gallery_project").length).toBeLessThanOrEqual(12);
      expect(ofLang(lang, "article").length).toBeLessThanOrEqual(12);
    },
  );

  test.each(LANGS)(
    "%s has the braybrook-st project and a sample page with at least 16 swatches, each with an image",
    (lang) => {
      expect(ofLang(lang, "gallery_project").map((d) => d.uid)).toContain("braybrook-st");
      const swatches = ofLang(lang, "sample_page")[0].data.swatches;
      expect(swatches.length).toBeGreaterThanOrEqual(16);
      for (const s of swatches) expect(s.image.url).toMatch(/^\/media\/swatch-.+\.jpg$/);
    },
  );

  test("every document has its translation in the other language, and they point at each other, unless the translation's path is a legacy redirect", () => {
    // The legacy redirects (docs/behaviour.md section 1.4) send /us/info/book-appointment and
    // /us/products/pantries-larders to /us: en-us has no document there, so those en-gb pages have
    // no translation. No other document lacks one.
    const usPrefix = localeByLang("en-us").prefix;
    const gbNav = ofLang("en-gb", "navigation").find((d) => d.uid === "primary-nav")!;
    const gbSections = buildSectionIndex(gbNav.data.body as RawNavGroup[]);
    const usPathOf = (d: DocumentJson) =>
      usPrefix + resolveLink({ link_type: "Document", id: d.id, uid: d.uid, type: d.type, lang: d.lang }, gbSections)!;
    for (const d of docs) {
      const other = LANGS.find((l) => l !== d.lang)!;
      const alt = d.alternate_languages.find((a) => a.lang === other);
      const expected = d.lang === "en-gb" && legacyRedirect(usPathOf(d)) !== null ? undefined : other;
      expect({ doc: d.id, translation: alt ? docs.find((t) => t.id === alt.id)?.lang : undefined }).toEqual({
        doc: d.id,
        translation: expected,
      });
    }
    const untranslated = ofLang("en-gb")
      .filter((d) => d.alternate_languages.length === 0)
      .map((d) => d.id);
    expect(untranslated.sort()).toEqual(["page-book-appointment-gb", "page-pantries-larders-gb"]);
  });

  test.each(LANGS)(
    "%s primary navigation has an accented group, Éditions Spéciales, linking heritage-collection and atelier-series",
    (lang) => {
      const nav = ofLang(lang, "navigation").find((d) => d.uid === "primary-nav")!;
      const groups: Array<{ primary: { title: Array<{ text: string }> }; items: Array<{ link: { uid?: string } }> }> =
        nav.data.body;
      const accented = groups.filter((g) => /\p{M}/u.test(g.primary.title[0].text.normalize("NFD")));
      expect(accented.map((g) => g.primary.title[0].text)).toEqual(["Éditions Spéciales"]);
      expect(sectionSlug(accented[0].primary.title[0].text)).toBe("editions-speciales");
      expect(accented[0].items.map((i) => i.link.uid)).toEqual(["heritage-collection", "atelier-series"]);
    },
  );

  test("between them, the article bodies use every rich-text node type", () => {
    const usage = richTextUsage(docs.filter((d) => d.type === "article").map((d) => d.data.body));
    expect([...usage.blocks].sort()).toEqual([...BLOCK_TYPES].sort());
    expect([...usage.spans].sort()).toEqual([...SPAN_TYPES].sort());
    expect([...usage.hyperlinks].sort()).toEqual(["Document", "Web", "mailto"]);
    expect(usage.imagesWithLink).toBeGreaterThan(0);
    expect([...usage.labels]).toEqual(["highlight"]);
  });

  test.each(LANGS)("%s article bodies use heading1 at most once (the page owns its h1)", (lang) => {
    const h1s = ofLang(lang, "article").flatMap((d) =>
      d.data.body.filter((b: { type: string }) => b.type === "heading1"),
    );
    expect(h1s.length).toBeLessThanOrEqual(1);
  });

  test.each(LANGS)("%s uses every shared slice and every variation somewhere", (lang) => {
    const used = sliceUsage(entries.filter((e) => e.document.lang === lang));
    const all = Object.values(models.sharedSlices).flatMap((m) => m.variations.map((v) => `${m.id}/${v.id}`));
    expect(all.filter((key) => !used.has(key))).toEqual([]);
  });

  test("no placeholder copy anywhere", () => {
    const text = JSON.stringify(docs);
    expect(text).not.toMatch(/lorem|ipsum|TODO|placeholder text/i);
  });

  test("en-us copy uses American spelling and dollars; en-gb British spelling and pounds", () => {
    const strings = (lang: string) => {
      const out: string[] = [];
      // uids and slugs are shared by both languages; URLs, ids and hex colours are not copy.
      JSON.stringify(ofLang(lang), (key, value) => {
        if (["uid", "slug", "slugs", "url", "href", "id", "colour", "embed_url", "html", "thumbnail_url"].includes(key))
          return undefined;
        if (typeof value === "string") out.push(value);
        return value;
      });
      return out.join("\n");
    };
    const us = strings("en-us");
    const gb = strings("en-gb");
    expect(
      us.match(
        /\b(colours?|centre|grey|metres?|catalogue|favourite|organis\w*|realis\w*|worktops?|cupboards?)\b|£/gi,
      ) ?? [],
    ).toEqual([]);
    expect(gb.match(/\b(colors?|center|gray|catalog|favorite|organiz\w*|countertops?)\b|\$\d/gi) ?? []).toEqual([]);
  });
});

describe("the site serves every routable document at its resolved URL", () => {
  let app: Express;
  beforeAll(() => {
    app = createTestApp().app;
  });
  const ROUTABLE = ["home", "page", "gallery_project", "article", "sample_page"];

  describe.each(LOCALES.map((l) => [l.code, l] as const))("region %s", (_code, locale: Locale) => {
    const nav = ofLang(locale.lang, "navigation").find((d) => d.uid === "primary-nav")!;
    const sections = buildSectionIndex(nav.data.body as RawNavGroup[]);
    const pages = ofLang(locale.lang).filter((d) => ROUTABLE.includes(d.type));
    const urlOf = (d: DocumentJson) =>
      resolveLink({ link_type: "Document", id: d.id, uid: d.uid, type: d.type, lang: d.lang }, sections)!;

    test("the Éditions Spéciales pages resolve under /editions-speciales/", () => {
      const prefix = locale.prefix;
      expect(urlOf(pages.find((d) => d.uid === "heritage-collection")!)).toBe(
        `${prefix}/editions-speciales/heritage-collection`,
      );
      expect(urlOf(pages.find((d) => d.uid === "atelier-series")!)).toBe(`${prefix}/editions-speciales/atelier-series`);
    });

    test("no document sits at, and no link resolves to, a legacy path (the legacy redirects answer those with a 301)", () => {
      const atLegacy = pages.map(urlOf).filter((url) => legacyRedirect(url) !== null);
      expect(atLegacy).toEqual([]);
      // Every link of every document of the region: link fields, rich-text hyperlinks, image links.
      const links: Array<{ doc: string; href: string }> = [];
      for (const d of ofLang(locale.lang)) {
        JSON.stringify(d.data, (_key, value) => {
          if (value && typeof value === "object" && (value.link_type === "Document" || value.link_type === "Web")) {
            const href = resolveLink(value, sections);
            if (href?.startsWith("/")) links.push({ doc: d.id, href });
          }
          return value;
        });
      }
      expect(links.length).toBeGreaterThan(50);
      expect(links.filter((l) => legacyRedirect(l.href.split(/[?#]/)[0]) !== null)).toEqual([]);
    });

    test.each(pages.map((d) => [urlOf(d), d] as const))(
      "GET %s answers 200 with its title, and its links resolve",
      async (url, d) => {
        const res = await request(app).get(url);
        expect(res.status).toBe(200);
        expect(titleOf(res.text)).toBe(expectedTitle(d));
        expect(hrefsOf(mainOf(res.text)).filter((h) => h.includes("not-found"))).toEqual([]);
      },
    );
  });
});
