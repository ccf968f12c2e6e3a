/**
 * The routes (docs/behaviour.md section 1.2), served by the real app in-process from the demo content: each
 * answers 200 with its document's title and copy, in the region's language, inside the
 * region's header and footer, with links resolved as docs/behaviour.md section 1.6 says and scripts allowed by the CSP's hashes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import type { Express } from "express";
import { LOCALES, type Locale } from "../shared/locales";
import {
  CONTENT_ROOT,
  documentSnippets,
  expectedTitle,
  readDocument,
  readDocuments,
  SITE_NAME,
  type DocumentJson,
} from "./support/contentFiles";
import {
  attribute,
  cspDirectives,
  elementByClass,
  hrefsOf,
  hydrationData,
  inlineScriptSources,
  linksOf,
  mainOf,
  normalizeSpace,
  scriptsOf,
  titleOf,
  visibleText,
} from "./support/html";
import { createTestApp, WITH_PAGE_CACHE } from "./support/testApp";

let app: Express;
beforeAll(() => {
  app = createTestApp().app;
});

const at = (locale: Locale, p: string) => (locale.prefix ? (p === "/" ? locale.prefix : locale.prefix + p) : p);

interface DocumentRoute {
  path: string;
  what: string;
  document: (lang: string) => DocumentJson;
}

const DOCUMENT_ROUTES: DocumentRoute[] = [
  { path: "/", what: "the home page", document: (lang) => readDocument(lang, "home") },
  {
    path: "/quote",
    what: "a page not in the primary nav, at /{section}",
    document: (lang) => readDocument(lang, "page", "quote"),
  },
  {
    path: "/products/doors-drawers",
    what: "a page of the Products nav group, at /{section}/{uid}",
    document: (lang) => readDocument(lang, "page", "doors-drawers"),
  },
  {
    path: "/info/about-us",
    what: "a page of the Info nav group, at /{section}/{uid}",
    document: (lang) => readDocument(lang, "page", "about-us"),
  },
  {
    path: "/gallery/braybrook-st",
    what: "a gallery item",
    document: (lang) => readDocument(lang, "gallery_project", "braybrook-st"),
  },
  {
    path: "/info/blog/choosing-a-worktop",
    what: "a blog article",
    document: (lang) => readDocument(lang, "article", "choosing-a-worktop"),
  },
  {
    path: "/materials/samples",
    what: "the materials samples page",
    document: (lang) => readDocument(lang, "sample_page"),
  },
];

describe.each(LOCALES.map((l) => [l.code, l] as const))("region %s", (_code, locale) => {
  describe.each(DOCUMENT_ROUTES.map((r) => [at(locale, r.path), r] as const))("GET %s", (url, route) => {
    const document = route.document(locale.lang);
    let res: request.Response;
    beforeAll(async () => {
      res = await request(app).get(url);
    });

    test(`answers 200 with ${route.what} as HTML`, () => {
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html; charset=utf-8/);
    });

    test("has the document's meta title, then the site name, as <title>", () => {
      expect(titleOf(res.text)).toBe(expectedTitle(document));
    });

    test("shows the document's heading and copy in the main region", () => {
      const main = visibleText(mainOf(res.text));
      for (const snippet of documentSnippets(document)) expect(main).toContain(normalizeSpace(snippet));
    });

    test(`declares the page language ${locale.language}`, () => {
      expect(res.text).toContain(`<html lang="${locale.language}">`);
    });

    test("is indexable (no robots noindex)", () => {
      expect(res.text).not.toMatch(/<meta name="robots"/);
    });
  });

  test(`GET ${at(locale, "/gallery")} lists every gallery project of the region, each linking to its page`, async () => {
    const res = await request(app).get(at(locale, "/gallery"));
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe(`Gallery | ${SITE_NAME}`);
    const main = mainOf(res.text);
    const projects = readDocuments(locale.lang, "gallery_project");
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      const link = linksOf(main).find((l) => l.href === at(locale, `/gallery/${project.uid}`));
      expect(link?.text).toContain(project.data.title);
    }
  });

  test(`GET ${at(locale, "/info/blog")} lists every article of the region, newest first, each linking to its page`, async () => {
    const res = await request(app).get(at(locale, "/info/blog"));
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe(`Journal | ${SITE_NAME}`);
    const main = mainOf(res.text);
    const articles = readDocuments(locale.lang, "article").sort((a, b) =>
      String(b.data.publication_date).localeCompare(String(a.data.publication_date)),
    );
    const listed = linksOf(main).filter((l) => l.href.startsWith(at(locale, "/info/blog/")));
    expect(listed.map((l) => l.href)).toEqual(articles.map((a) => at(locale, `/info/blog/${a.uid}`)));
    for (const [i, article] of articles.entries()) expect(listed[i].text).toContain(article.data.title);
  });

  describe("site chrome", () => {
    let html: string;
    beforeAll(async () => {
      html = (await request(app).get(at(locale, "/quote"))).text;
    });

    test("the header shows every primary navigation group and its items, linked by the link resolver", () => {
      const header = elementByClass(html, "header", "site-header");
      expect(header).toBeDefined();
      const nav = readDocument(locale.lang, "navigation", "primary-nav");
      const headerText = visibleText(header!);
      const links = linksOf(header!);
      for (const group of nav.data.body) {
        expect(headerText).toContain(group.primary.title[0].text);
        for (const item of group.items) expect(links.map((l) => l.text)).toContain(item.label);
      }
      // Pages of a group live under the group's section; web links pass through.
      expect(links).toContainEqual({ text: "Doors & Drawers", href: at(locale, "/products/doors-drawers") });
      expect(links).toContainEqual({ text: "About us", href: at(locale, "/info/about-us") });
      expect(links.find((l) => l.text === "Gallery")?.href).toBe(at(locale, "/gallery"));
    });

    test("without KLAVIYO_COMPANY_ID the footer has no sign-up form placeholder", () => {
      expect(elementByClass(html, "footer", "site-footer")).not.toContain("klaviyo-form-");
    });

    test("with KLAVIYO_COMPANY_ID the footer has the placeholder klaviyo-form-{id} of the footer navigation", async () => {
      const footerDoc = readDocument(locale.lang, "navigation", "footer");
      const formId: string = footerDoc.data.klaviyo_footer_form_id;
      expect(formId).toMatch(/^[A-Za-z0-9]+$/);
      const withKlaviyo = createTestApp({ env: { KLAVIYO_COMPANY_ID: "AbC123" } }).app;
      const footer = elementByClass(
        (await request(withKlaviyo).get(at(locale, "/quote"))).text,
        "footer",
        "site-footer",
      );
      expect(footer).toContain(`<div class="klaviyo-form-${formId}"></div>`);
    });

    test("the footer lists the footer navigation groups with resolved links", () => {
      const footerDoc = readDocument(locale.lang, "navigation", "footer");
      const footer = elementByClass(html, "footer", "site-footer")!;
      for (const group of footerDoc.data.body) expect(visibleText(footer)).toContain(group.primary.title[0].text);
      const hrefs = hrefsOf(footer);
      expect(hrefs).toContain(at(locale, "/materials/samples"));
      expect(hrefs).toContain(at(locale, "/quote"));
      expect(hrefs).toContain(at(locale, "/info/about-us"));
    });

    test("a header link is never to another region", () => {
      const header = elementByClass(html, "nav", "primary-nav")!;
      for (const href of hrefsOf(header)) {
        if (locale.prefix) expect(href.startsWith("/us/") || href === "/us").toBe(true);
        else expect(href.startsWith("/us")).toBe(false);
      }
    });
  });

  test("rich-text hyperlinks on the home page are resolved: the samples page and the Braybrook Street project", async () => {
    const res = await request(app).get(at(locale, "/"));
    const main = mainOf(res.text);
    const hrefs = hrefsOf(main);
    expect(hrefs).toContain(at(locale, "/materials/samples"));
    expect(hrefs).toContain(at(locale, "/gallery/braybrook-st"));
    // The hero's call to action: in gb a page of the Info group (the showroom appointments page);
    // in us, which has no appointments page (a legacy redirect sends /us/info/book-appointment to /us),
    // the quote page, a page outside the primary nav.
    expect(hrefs).toContain(at(locale, locale.prefix ? "/quote" : "/info/book-appointment"));
    expect(hrefs).not.toContain("/us/info/book-appointment");
    expect(hrefs.some((h) => h.includes("not-found"))).toBe(false);
  });

  test("a rich-text link to an article, in a page, resolves to /info/blog/{uid}", async () => {
    const res = await request(app).get(at(locale, "/products/doors-drawers"));
    expect(hrefsOf(mainOf(res.text))).toContain(at(locale, "/info/blog/shaker-vs-handleless"));
  });

  test("an external link in content opens safely in a new tab", async () => {
    const res = await request(app).get(at(locale, "/info/about-us"));
    const anchor = /<a\b[^>]*href="https:\/\/fsc\.org"[^>]*>/.exec(mainOf(res.text))?.[0];
    expect(anchor).toBeDefined();
    expect(attribute(anchor!, "rel")).toBe("noopener noreferrer");
    expect(attribute(anchor!, "target")).toBe("_blank");
  });
});

describe("the home pages differ by region", () => {
  test("the gb home links to /materials/samples and the us home to /us/materials/samples", async () => {
    const gb = hrefsOf(mainOf((await request(app).get("/")).text));
    const us = hrefsOf(mainOf((await request(app).get("/us")).text));
    expect(gb).toContain("/materials/samples");
    expect(gb).not.toContain("/us/materials/samples");
    expect(us).toContain("/us/materials/samples");
    expect(us).not.toContain("/materials/samples");
  });

  test("the region switcher links to / and /us through the region-choice endpoint and marks the current region", async () => {
    for (const locale of LOCALES) {
      const html = (await request(app).get(at(locale, "/"))).text;
      const switcher = elementByClass(html, "ul", "region-switcher")!;
      expect(hrefsOf(switcher)).toEqual(["/_region/gb?to=%2F", "/_region/us?to=%2Fus"]);
      const current = /<a\b[^>]*aria-current="true"[^>]*>.*?<span class="visually-hidden">([^<]*)<\/span><\/a>/.exec(
        switcher,
      )?.[1];
      expect(current).toBe(locale.name);
    }
  });
});

describe("Content-Security-Policy: one policy a cache may keep (decision record 004)", () => {
  let res: request.Response;
  beforeAll(async () => {
    res = await request(app).get("/gallery/braybrook-st");
  });

  test("script-src admits exactly the page's inline scripts by hash, and what they load ('strict-dynamic'): no nonce, no 'unsafe-inline'", () => {
    const csp = cspDirectives(res.headers["content-security-policy"]);
    expect(csp["script-src"]).toEqual([...inlineScriptSources(res.text), "'strict-dynamic'", "'self'"]);
    expect(res.headers["content-security-policy"]).not.toMatch(/nonce|unsafe-inline|unsafe-eval/);
    expect(csp["object-src"]).toEqual(["'none'"]);
  });

  test("the hydration data is a JSON block that never runs; the entry module is added by a hashed loader", () => {
    const scripts = scriptsOf(res.text);
    const data = scripts.find((s) => attribute(s.attributes, "id") === "router-hydration");
    expect(attribute(data!.attributes, "type")).toBe("application/json");
    expect(res.text).not.toContain("__staticRouterHydrationData");
    const loader = scripts.find((s) => /type="module";s\.src="\/assets\/entry-[\w-]+\.js"/.test(s.body));
    expect(loader).toBeDefined();
    expect(attribute(loader!.attributes, "type")).toBeUndefined();
    // No parser-inserted script or module preload needs a nonce: there is none.
    expect(scripts.filter((s) => attribute(s.attributes, "src") !== undefined)).toEqual([]);
    expect(res.text).not.toMatch(/<link[^>]+rel="modulepreload"/);
  });

  test("no script carries a nonce", () => {
    for (const script of scriptsOf(res.text)) expect(attribute(script.attributes, "nonce")).toBeUndefined();
    expect(res.text).not.toMatch(/nonce/i);
  });

  test("two renders give the same bytes and the same policy", async () => {
    const uncached = createTestApp({ env: { PAGE_CACHE_BYTES: "0" } }).app;
    const first = await request(uncached).get("/gallery/braybrook-st");
    const again = await request(uncached)
      .get("/gallery/braybrook-st")
      .set("Cookie", "a=b")
      .set("User-Agent", "Googlebot");
    expect(again.headers["x-cache"]).toBe("MISS");
    expect(again.text).toBe(first.text);
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  });

  test("a cached copy is sent with the render's policy", async () => {
    const cached = createTestApp({ env: WITH_PAGE_CACHE }).app;
    const miss = await request(cached).get("/gallery/braybrook-st");
    expect(miss.text).toBe(res.text);
    const hit = await request(cached).get("/gallery/braybrook-st");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.text).toBe(res.text);
    expect(hit.headers["content-security-policy"]).toBe(res.headers["content-security-policy"]);
  });

  test("the hydration payload carries the page's loader data", () => {
    const payload = hydrationData(res.text);
    expect(payload.errors).toBeNull();
    const page = payload.loaderData["gallery-uid___gb"] as { document: { uid: string } };
    expect(page.document.uid).toBe("braybrook-st");
  });
});

describe("the data endpoint the browser navigates with", () => {
  test("GET /_data/gallery/braybrook-st?_route=gallery-uid___gb answers the route's loader data as JSON", async () => {
    const res = await request(app).get("/_data/gallery/braybrook-st?_route=gallery-uid___gb");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const expected = readDocument("en-gb", "gallery_project", "braybrook-st");
    expect(res.body.document).toMatchObject({
      id: expected.id,
      uid: "braybrook-st",
      type: "gallery_project",
      lang: "en-gb",
    });
    expect(res.body.document.data.title).toBe(expected.data.title);
    expect(res.body.head.title).toBe(expectedTitle(expected));
  });

  test("serves the us document for a /us path and the us route id", async () => {
    const res = await request(app).get("/_data/us/gallery/braybrook-st?_route=gallery-uid___us");
    expect(res.status).toBe(200);
    expect(res.body.document).toMatchObject({ uid: "braybrook-st", lang: "en-us" });
  });

  test("an unknown uid answers 404 as JSON", async () => {
    const res = await request(app).get("/_data/gallery/nope?_route=gallery-uid___gb");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toEqual({ status: 404, message: "Page not found: /gallery/nope" });
  });

  test("a request without _route answers 400 as JSON", async () => {
    const res = await request(app).get("/_data/gallery/braybrook-st");
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toEqual({ status: 400, message: "Missing _route" });
  });

  test("a route id that does not match the path is a client error, not a 5xx", async () => {
    const res = await request(app).get("/_data/gallery/braybrook-st?_route=info-blog-uid___gb");
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  test("is not cached by the browser", async () => {
    const res = await request(app).get("/_data/gallery/braybrook-st?_route=gallery-uid___gb");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});

describe("a navigation group whose title has punctuation", () => {
  let dir: string;
  let custom: Express;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-amp-"));
    fs.cpSync(CONTENT_ROOT, dir, { recursive: true });
    const file = path.join(dir, "en-gb", "navigation", "primary-nav.json");
    const nav = JSON.parse(fs.readFileSync(file, "utf8"));
    nav.data.body[0].primary.title[0].text = "Kitchens & Pantries";
    fs.writeFileSync(file, JSON.stringify(nav));
    custom = createTestApp({ contentDir: dir }).app;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("a page of that group is served at the URL its header link points to", async () => {
    const home = await request(custom).get("/");
    const link = linksOf(elementByClass(home.text, "nav", "primary-nav")!).find((l) => l.text === "Doors & Drawers");
    expect(link).toBeDefined();
    const page = await request(custom).get(link!.href);
    expect(page.status).toBe(200);
  });
});
