/**
 * /sitemap.xml (docs/behaviour.md section 1.8) and /robots.txt on the real app with the demo content: well-formed
 * XML in the sitemap and xhtml namespaces; every routable document of both languages exactly
 * once at the URL the site serves (each URL requested through the app); lastmod from
 * last_publication_date; reciprocal hreflang alternates with x-default → gb; escaping of
 * hostile uids; the split into an index and children; the master-ref cache; 503 on failure.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import * as prismic from "@prismicio/client";
import request from "supertest";
import { resolveLink, NOT_FOUND_PATH } from "../shared/linkResolver";
import { DEFAULT_LOCALE, LOCALES, localeByLang } from "../shared/locales";
import { buildSectionIndex, type SectionIndex } from "../shared/sectionIndex";
import { EMBEDDED_REPOSITORY_NAME } from "../server/content/contentClient";
import { createContentService, type ContentService } from "../server/content/contentService";
import { loadDocuments } from "../packages/prismic-stand-in/src/index";
import {
  createEmbeddedFetch,
  createEmbeddedRepository,
  EMBEDDED_ENDPOINT,
} from "../packages/prismic-stand-in/src/testing";
import { createLogger } from "../server/observability/logger";
import { createSitemapRouter, SITEMAP_CACHE_CONTROL } from "../server/sitemap/sitemapRoute";
import { capturingLogger } from "./support/capturingLogger";
import { CONTENT_ROOT } from "./support/contentFiles";
import { articleSummary } from "./support/fixtures";
import { decodeEntities } from "./support/html";
import { parseIndex, parseUrlset, readAllDocuments, SITEMAP_NS, XHTML_NS, type SitemapUrl } from "./support/sitemapXml";
import { createTestApp, type TestApp } from "./support/testApp";

const ROUTABLE = new Set(["home", "page", "gallery_project", "article", "sample_page"]);

const documents = readAllDocuments(CONTENT_ROOT);

function sectionsOf(lang: string, docs: any[] = documents): SectionIndex {
  const nav = docs.find((d) => d.type === "navigation" && d.uid === "primary-nav" && d.lang === lang);
  return buildSectionIndex(nav?.data?.body);
}

/** The path the link resolver gives a document (docs/behaviour.md section 1.6) in its own language. */
function pathOf(doc: any, docs: any[] = documents): string | null {
  const path = resolveLink({ link_type: "Document", ...doc }, sectionsOf(doc.lang, docs), localeByLang(doc.lang));
  return path && path !== NOT_FOUND_PATH ? path : null;
}

function canonicalOf(html: string): string | undefined {
  const match = /<link rel="canonical" href="([^"]*)"/.exec(html);
  return match ? decodeEntities(match[1]) : undefined;
}

function byLoc(urls: SitemapUrl[]): Map<string, SitemapUrl> {
  return new Map(urls.map((url) => [url.loc, url]));
}

describe("GET /sitemap.xml on the demo content", () => {
  let t: TestApp;
  let origin: string;
  let xml: string;
  let urls: SitemapUrl[];
  let attributes: Record<string, string>;
  /** The status each routable document's resolved path gets from the app, and its canonical. */
  const served = new Map<string, { status: number; canonical?: string }>();

  beforeAll(async () => {
    t = createTestApp();
    origin = t.config.SITE_URL;
    const res = await request(t.app).get("/sitemap.xml").expect(200);
    xml = res.text;
    ({ urls, attributes } = parseUrlset(xml));
    const paths = new Set<string>([
      ...documents
        .filter((d) => ROUTABLE.has(d.type))
        .map((d) => pathOf(d))
        .filter((p): p is string => p !== null),
      ...urls.map((u) => u.loc.slice(origin.length) || "/"),
    ]);
    for (const p of paths) {
      const page = await request(t.app).get(p);
      served.set(p, { status: page.status, canonical: page.status === 200 ? canonicalOf(page.text) : undefined });
    }
  });

  test("is well-formed XML in the sitemap and xhtml namespaces, served as application/xml with the CDN cache policy", async () => {
    const res = await request(t.app).get("/sitemap.xml").expect(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["cache-control"]).toBe(SITEMAP_CACHE_CONTROL);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(attributes.xmlns).toBe(SITEMAP_NS);
    expect(attributes["xmlns:xhtml"]).toBe(XHTML_NS);
    // Only the namespaces the sitemap uses.
    expect(Object.keys(attributes).sort()).toEqual(["xmlns", "xmlns:xhtml"]);
    expect(urls.length).toBeGreaterThan(40);
  });

  test("lists every routable document of both languages that the site serves, exactly once, at its served URL", () => {
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);

    const routable = documents.filter((d) => ROUTABLE.has(d.type));
    expect(routable.length).toBeGreaterThan(40);
    const listed = new Set(locs);
    for (const lang of ["en-gb", "en-us"]) {
      expect(routable.filter((d) => d.lang === lang && listed.has(origin + pathOf(d))).length).toBeGreaterThan(20);
    }
    for (const doc of routable) {
      const p = pathOf(doc);
      const answer = p === null ? undefined : served.get(p);
      const servedHere = answer?.status === 200 && answer.canonical === origin + p;
      const count = p === null ? 0 : locs.filter((loc) => loc === origin + p).length;
      // A served page is listed once; anything else (404, legacy 301, /not-found) never.
      expect({ doc: doc.id, path: p, listed: count }).toEqual({ doc: doc.id, path: p, listed: servedHere ? 1 : 0 });
    }
  });

  test("every listed URL answers 200 with itself as canonical (documents and list pages)", () => {
    for (const url of urls) {
      const p = url.loc.slice(origin.length) || "/";
      expect(url.loc.startsWith(`${origin}/`)).toBe(true);
      expect({ loc: url.loc, ...served.get(p) }).toEqual({ loc: url.loc, status: 200, canonical: url.loc });
    }
    for (const locale of LOCALES) {
      for (const list of ["/gallery", "/info/blog"]) {
        const loc = origin + (locale.prefix + list);
        expect(urls.filter((u) => u.loc === loc)).toHaveLength(1);
      }
      const home = origin + (locale.prefix || "/");
      expect(urls.filter((u) => u.loc === home)).toHaveLength(1);
    }
  });

  test("excludes what the site does not serve (404, legacy 301), as a URL and as an alternate", async () => {
    const excluded = documents.filter(
      (d) => ROUTABLE.has(d.type) && pathOf(d) !== null && served.get(pathOf(d)!)?.status !== 200,
    );
    for (const doc of excluded) {
      expect(urls.some((u) => u.loc === origin + pathOf(doc))).toBe(false);
      expect(urls.some((u) => u.links.some((l) => l.href === origin + pathOf(doc)))).toBe(false);
    }
  });

  test("lastmod is each document's last_publication_date; a list page's is its newest item's", () => {
    const locs = byLoc(urls);
    let checked = 0;
    for (const doc of documents.filter((d) => ROUTABLE.has(d.type))) {
      const url = locs.get(origin + pathOf(doc));
      if (!url) continue;
      expect({ loc: url.loc, lastmod: Date.parse(url.lastmod ?? "") }).toEqual({
        loc: url.loc,
        lastmod: Date.parse(doc.last_publication_date),
      });
      // W3C datetime with a time zone.
      expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?(Z|[+-]\d{2}:\d{2})$/);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
    for (const locale of LOCALES) {
      for (const [list, type] of [
        ["/gallery", "gallery_project"],
        ["/info/blog", "article"],
      ] as const) {
        const newest = Math.max(
          ...documents
            .filter((d) => d.type === type && d.lang === locale.lang)
            .map((d) => Date.parse(d.last_publication_date)),
        );
        expect(Date.parse(locs.get(origin + locale.prefix + list)!.lastmod!)).toBe(newest);
      }
    }
  });

  test("hreflang alternates: every translation, itself included, x-default → the gb version, reciprocal", () => {
    const locs = byLoc(urls);
    for (const url of urls) {
      const own = url.links.filter((l) => l.href === url.loc && l.hreflang !== "x-default");
      expect({ loc: url.loc, self: own.length }).toEqual({ loc: url.loc, self: 1 });
      for (const link of url.links) expect(link.rel).toBe("alternate");
      const languages = url.links.map((l) => l.hreflang);
      expect(new Set(languages).size).toBe(languages.length);
      const gb = url.links.find((l) => l.hreflang === DEFAULT_LOCALE.language);
      const xDefault = url.links.find((l) => l.hreflang === "x-default");
      expect(xDefault?.href).toBe(gb?.href);
      // Reciprocal: each alternate is listed too, with the same set of links.
      for (const link of url.links) {
        const other = locs.get(link.href);
        expect({ from: url.loc, to: link.href, listed: other !== undefined }).toEqual({
          from: url.loc,
          to: link.href,
          listed: true,
        });
        const set = (u: SitemapUrl) => u.links.map((l) => `${l.hreflang} ${l.href}`).sort();
        expect(set(other!)).toEqual(set(url));
      }
    }
    // Each translated demo document links its translation in the other region.
    const gbAbout = locs.get(`${origin}/info/about-us`);
    expect(gbAbout?.links.map((l) => [l.hreflang, l.href])).toEqual([
      ["en-GB", `${origin}/info/about-us`],
      ["en-US", `${origin}/us/info/about-us`],
      ["x-default", `${origin}/info/about-us`],
    ]);
    // The alternates come from alternate_languages: one link per served translation.
    let checked = 0;
    for (const doc of documents.filter((d) => ROUTABLE.has(d.type))) {
      const url = locs.get(origin + pathOf(doc));
      if (!url) continue; // not served (a hostile uid, a shadowed path): the listing test covers those
      checked++;
      const expected = [doc, ...doc.alternate_languages]
        .map((v: any) => {
          const full = documents.find((d) => d.id === v.id);
          const p = full && pathOf(full);
          return p && locs.has(origin + p) ? `${localeByLang(v.lang).language} ${origin + p}` : null;
        })
        .filter(Boolean)
        .sort();
      expect(
        url.links
          .filter((l) => l.hreflang !== "x-default")
          .map((l) => `${l.hreflang} ${l.href}`)
          .sort(),
      ).toEqual(expected);
    }
    expect(checked).toBeGreaterThan(40);
  });

  test("has no navigation or taxonomy document and nothing outside the site", () => {
    const others = documents.filter((d) => !ROUTABLE.has(d.type));
    expect([...new Set(others.map((d) => d.type))]).toEqual(expect.arrayContaining(["navigation", "taxonomy"]));
    // Navigation documents are named by their uid (primary-nav, footer); the taxonomy, a single type, by its id.
    const names = new Set(others.map((d) => d.uid ?? d.id));
    expect(names.size).toBeGreaterThan(0);
    expect(urls.filter((url) => !url.loc.startsWith(`${origin}/`)).map((url) => url.loc)).toEqual([]);
    const naming = urls.filter((url) =>
      new URL(url.loc).pathname.split("/").some((segment) => names.has(decodeURIComponent(segment))),
    );
    expect(naming.map((url) => url.loc)).toEqual([]);
  });

  test("is shown once: there is no /us/sitemap.xml, and child sitemaps do not exist while one file holds everything", async () => {
    await request(t.app).get("/us/sitemap.xml").expect(404);
    await request(t.app).get("/sitemap-1.xml").expect(404);
    await request(t.app).get("/sitemap-0.xml").expect(404);
  });
});

describe("GET /sitemap.xml split into an index (small limits on the demo content)", () => {
  test("the children hold exactly the single file's URLs, each within its limit, in order; past the last is a 404", async () => {
    const { content, config } = createTestApp();
    const origin = config.SITE_URL;
    const appWith = (options: Partial<Parameters<typeof createSitemapRouter>[0]>) =>
      express().use(createSitemapRouter({ content, origin, logger: createLogger("silent"), ...options }));

    const single = parseUrlset((await request(appWith({})).get("/sitemap.xml").expect(200)).text);
    const limits = { documentsPerChild: 20, maxUrlsPerFile: 30, pageSize: 10 };
    const app = appWith(limits);
    const index = await request(app).get("/sitemap.xml").expect(200);
    expect(index.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const { attributes, locs } = parseIndex(index.text);
    expect(attributes.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const routableCount = (await content.routableDocuments(1, 1)).total;
    expect(locs).toEqual(
      Array.from({ length: Math.ceil(routableCount / 20) }, (_, i) => `${origin}/sitemap-${i + 1}.xml`),
    );

    const merged: SitemapUrl[] = [];
    for (const loc of locs) {
      const child = await request(app).get(loc.slice(origin.length)).expect(200);
      const { urls, attributes: childNs } = parseUrlset(child.text);
      expect(childNs["xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
      expect(urls.length).toBeLessThanOrEqual(limits.maxUrlsPerFile);
      merged.push(...urls);
    }
    expect(merged).toEqual(single.urls);
    await request(app)
      .get(`/sitemap-${locs.length + 1}.xml`)
      .expect(404);
  });
});

/** A temporary content folder: the demo's navigation and homes plus documents built from a demo article. */
function hostileContentDir(uids: { article: string[]; gallery: string[]; page: string[] }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sitemap-escape-"));
  const copy = (doc: any) => {
    const folder = path.join(dir, doc.lang, doc.type);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `${doc.id}.json`), JSON.stringify(doc));
  };
  for (const doc of documents.filter((d) => d.type === "navigation" || d.type === "home" || d.type === "taxonomy"))
    copy(doc);
  const templates: Record<string, any> = {
    article: documents.find((d) => d.type === "article" && d.lang === "en-gb"),
    gallery_project: documents.find((d) => d.type === "gallery_project" && d.lang === "en-gb"),
    page: documents.find((d) => d.type === "page" && d.lang === "en-gb" && d.uid === "quote"),
  };
  const add = (type: string, uid: string, n: number) => {
    const ids = { gb: `${type}-x${n}-gb`, us: `${type}-x${n}-us` };
    for (const [lang, id, otherLang, otherId] of [
      ["en-gb", ids.gb, "en-us", ids.us],
      ["en-us", ids.us, "en-gb", ids.gb],
    ]) {
      copy({ ...templates[type], id, uid, lang, alternate_languages: [{ id: otherId, uid, type, lang: otherLang }] });
    }
  };
  for (const [i, uid] of uids.article.entries()) add("article", uid, i);
  for (const [i, uid] of uids.gallery.entries()) add("gallery_project", uid, i);
  for (const [i, uid] of uids.page.entries()) add("page", uid, i);
  return dir;
}

describe("escaping of uids, and pages the site cannot reach", () => {
  const HOSTILE = `a&b<c>'d"é`;
  const UNICODE = { article: "café-crème-ünïcödé", gallery: "厨房-ß", page: "smörgåsbord" };
  let dir: string;
  beforeAll(() => {
    dir = hostileContentDir({
      article: [UNICODE.article, HOSTILE],
      gallery: [UNICODE.gallery, `x&amp;y`],
      page: [UNICODE.page, `p<q`, "gallery", "about", "healthz", "readyz"],
    });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("non-ASCII uids are listed percent-encoded (RFC 3986, as encodeURIComponent) and decode back; the pages answer 200", async () => {
    const { app, config } = createTestApp({ contentDir: dir });
    const origin = config.SITE_URL;
    const res = await request(app).get("/sitemap.xml").expect(200);
    const { urls } = parseUrlset(res.text);
    const expected = [
      [`/info/blog/`, UNICODE.article],
      [`/gallery/`, UNICODE.gallery],
      [`/`, UNICODE.page],
    ];
    for (const locale of LOCALES) {
      for (const [prefix, uid] of expected) {
        const loc = `${origin}${locale.prefix}${prefix}${encodeURIComponent(uid)}`;
        const url = urls.find((u) => u.loc === loc);
        expect({ loc, listed: Boolean(url) }).toEqual({ loc, listed: true });
        expect(/^[\x21-\x7e]+$/.test(url!.loc)).toBe(true); // ASCII only: percent-encoded
        expect(decodeURIComponent(url!.loc.split("/").at(-1)!)).toBe(uid);
        expect(url!.links.map((l) => l.hreflang)).toEqual(["en-GB", "en-US", "x-default"]);
        await request(app).get(loc.slice(origin.length)).expect(200);
      }
    }
  });

  test("pages shadowed by a static route, a legacy redirect or a fixed endpoint are left out, in both regions", async () => {
    const { app, config } = createTestApp({ contentDir: dir });
    const origin = config.SITE_URL;
    const { urls } = parseUrlset((await request(app).get("/sitemap.xml").expect(200)).text);
    const locs = urls.map((u) => u.loc);
    for (const locale of LOCALES) {
      // /gallery is the gallery list (listed once, as the list); /about answers 301 in both regions.
      expect(locs.filter((loc) => loc === `${origin}${locale.prefix}/gallery`)).toHaveLength(1);
      expect(locs).not.toContain(`${origin}${locale.prefix}/about`);
    }
    await request(app).get("/about").expect(301);
    await request(app).get("/us/about").expect(301);
    // /healthz is the health check, but only at the root: the us page "healthz" is a page.
    expect((await request(app).get("/healthz")).text).toBe("ok");
    expect(locs).not.toContain(`${origin}/healthz`);
    // The same for the readiness probe.
    expect((await request(app).get("/readyz")).text).toBe("ready");
    expect(locs).not.toContain(`${origin}/readyz`);
    const usHealthz = urls.find((u) => u.loc === `${origin}/us/healthz`);
    expect(usHealthz?.links.map((l) => l.hreflang)).toEqual(["en-US"]); // no reachable gb version, so no x-default
    await request(app).get("/us/healthz").expect(200);
  });

  test("uids the site cannot serve (&, <, quotes) are left out, as the site answers them 404, and the XML stays well-formed", async () => {
    const { app, config } = createTestApp({ contentDir: dir });
    const res = await request(app).get("/sitemap.xml").expect(200);
    const { urls } = parseUrlset(res.text);
    for (const uid of [HOSTILE, "x&amp;y", "p<q"]) {
      expect(urls.some((u) => decodeURIComponent(u.loc).includes(uid))).toBe(false);
    }
    await request(app)
      .get(`/info/blog/${encodeURIComponent(HOSTILE)}`)
      .expect(404);
    await request(app)
      .get(`/us/gallery/${encodeURIComponent("x&amp;y")}`)
      .expect(404);
    expect(urls.every((u) => u.loc.startsWith(config.SITE_URL))).toBe(true);
  });

  test("through the route, &, <, >, ', \" and non-ASCII in uids are escaped by the library and round-trip", async () => {
    // The site never serves such uids (above); with every path counted as served, the same
    // route writes them: percent-encoded by the link resolver, XML-escaped by the library.
    const docs = loadDocuments(dir);
    const service = createContentService(
      prismic.createClient(EMBEDDED_REPOSITORY_NAME, {
        documentAPIEndpoint: EMBEDDED_ENDPOINT,
        fetch: createEmbeddedFetch(createEmbeddedRepository(docs)),
      }),
    );
    const app = express().use(
      createSitemapRouter({
        content: service,
        origin: "https://example.com/a&b",
        logger: createLogger("silent"),
        served: () => true,
      }),
    );
    const res = await request(app).get("/sitemap.xml").expect(200);
    expect(res.text).toContain("&amp;");
    const { urls } = parseUrlset(res.text);
    for (const uid of [HOSTILE, "x&amp;y", "p<q", UNICODE.article]) {
      const hits = urls.filter((u) => decodeURIComponent(u.loc.split("/").at(-1)!) === uid);
      expect({ uid, hits: hits.length }).toEqual({ uid, hits: 2 });
      for (const hit of hits) {
        expect(hit.loc.startsWith("https://example.com/a&b/")).toBe(true);
        for (const link of hit.links) expect(decodeURIComponent(link.href.split("/").at(-1)!)).toBe(uid);
      }
    }
  });
});

/** The demo content through a client whose every HTTP call to the content API is counted. */
function countedService(): { service: ContentService; fetches: () => number; setRef: (ref: string | null) => void } {
  let count = 0;
  const embedded = createEmbeddedFetch(createEmbeddedRepository(loadDocuments(CONTENT_ROOT)));
  const fetch: typeof globalThis.fetch = (input, init) => {
    count++;
    return embedded(input, init);
  };
  const base = createContentService(
    prismic.createClient(EMBEDDED_REPOSITORY_NAME, { documentAPIEndpoint: EMBEDDED_ENDPOINT, fetch }),
  );
  let refOverride: string | null = null;
  const service: ContentService = { ...base, masterRef: async () => refOverride ?? base.masterRef() };
  return {
    service,
    fetches: () => count,
    setRef: (ref) => {
      refOverride = ref;
    },
  };
}

describe("caching by master ref", () => {
  test("a second request reads only the master ref (from the client's repository cache) and no document", async () => {
    const { service, fetches } = countedService();
    const { app, calls } = createTestApp({ content: service });
    const first = await request(app).get("/sitemap.xml").expect(200);
    expect(calls.count("routableDocuments")).toBeGreaterThan(0);
    expect(calls.count("navigation")).toBe(2);

    calls.reset();
    const before = fetches();
    const second = await request(app).get("/sitemap.xml").expect(200);
    expect(second.text).toBe(first.text);
    expect(second.headers["cache-control"]).toBe(SITEMAP_CACHE_CONTROL);
    expect(calls.log.map((c) => c.method)).toEqual(["masterRef"]);
    expect(fetches() - before).toBe(0);
  });

  test("concurrent first requests share one generation", async () => {
    const { service } = countedService();
    const { app, calls } = createTestApp({ content: service });
    const answers = await Promise.all([1, 2, 3].map(() => request(app).get("/sitemap.xml")));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(calls.count("navigation")).toBe(2);
    expect(calls.count("routableDocuments", 1)).toBe(2); // the size probe and page 1
  });

  test("a publish (new master ref) regenerates it; the old ref's entry is dropped", async () => {
    const { service, setRef } = countedService();
    const { app, calls } = createTestApp({ content: service });
    await request(app).get("/sitemap.xml").expect(200);
    calls.reset();
    // The embedded repository does not know the made-up ref: the client says so and retries at master.
    jest.spyOn(console, "warn").mockImplementation(() => undefined);
    setRef("a-newer-ref");
    const res = await request(app).get("/sitemap.xml").expect(200);
    expect(calls.count("routableDocuments")).toBeGreaterThan(0);
    expect(calls.log.filter((c) => c.method === "routableDocuments").every((c) => c.args[2] === "a-newer-ref")).toBe(
      true,
    );
    expect(parseUrlset(res.text).urls.length).toBeGreaterThan(40);
    calls.reset();
    setRef(null);
    await request(app).get("/sitemap.xml").expect(200);
    expect(calls.count("routableDocuments")).toBeGreaterThan(0);
  });
});

describe("content service failures", () => {
  const failing = (method: keyof ContentService): ContentService => {
    const { service } = countedService();
    return {
      ...service,
      [method]: async () => Promise.reject(new prismic.PrismicError("content API down", undefined, undefined)),
    };
  };

  test.each(["masterRef", "routableDocuments", "navigation", "latestPublication"] as const)(
    "a failing %s answers 503 with Retry-After, not 500, and is not cached",
    async (method) => {
      const { app } = createTestApp({ content: failing(method) });
      const res = await request(app).get("/sitemap.xml");
      expect(res.status).toBe(503);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.headers["cache-control"]).toBe("no-store");
      const again = await request(app).get("/sitemap.xml");
      expect(again.status).toBe(503);
    },
  );

  test("the failure is logged, and a recovered service answers 200", async () => {
    const { logger, lines } = capturingLogger();
    const { service } = countedService();
    let down = true;
    const flaky: ContentService = {
      ...service,
      routableDocuments: (...args) =>
        down ? Promise.reject(new Error("socket hang up")) : service.routableDocuments(...args),
    };
    const app = express().use(createSitemapRouter({ content: flaky, origin: "http://localhost:3000", logger }));
    await request(app).get("/sitemap.xml").expect(503);
    expect(
      lines.some(
        (l) =>
          l.level === 50 &&
          /sitemap/.test(l.msg) &&
          (l.err as { message?: string } | undefined)?.message === "socket hang up",
      ),
    ).toBe(true);
    down = false;
    await request(app).get("/sitemap.xml").expect(200);
  });

  test("a failure after the first bytes aborts the response (no truncated sitemap passes for whole) and is not cached", async () => {
    const PAGES = 6;
    let failAt: number | null = 5;
    const { service } = countedService();
    const paged: ContentService = {
      ...service,
      routableDocuments: async (n, size) => {
        if (n === failAt && size > 1) throw new Error("content API down mid-way");
        const items = Array.from({ length: size }, (_, i) => articleSummary((n - 1) * size + i));
        return { items, page: n, totalPages: PAGES, total: PAGES * 100 };
      },
    };
    const app = express().use(
      createSitemapRouter({ content: paged, origin: "http://localhost:3000", logger: createLogger("silent") }),
    );
    // Four pages (~25 KiB each) are written before page 5 fails: past the first 64 KiB chunk the
    // response has started, so it is cut rather than completed or turned into a 503.
    const cut = await request(app)
      .get("/sitemap.xml")
      .buffer(true)
      .then(
        (res) => ({ status: res.status, text: res.text }),
        (error: Error) => error,
      );
    // A network error (the Error class of another realm than Jest's), not a response.
    expect(Object.prototype.toString.call(cut)).toBe("[object Error]");
    expect((cut as Error).message).toMatch(/aborted|hang up|ECONNRESET|terminated/i);
    failAt = null;
    const res = await request(app).get("/sitemap.xml").expect(200);
    expect(parseUrlset(res.text).urls.filter((u) => u.loc.includes("/info/blog/article-"))).toHaveLength(PAGES * 100);
  });

  test("a failure before the first bytes is a clean 503 without the sitemap's ETag", async () => {
    const { service } = countedService();
    let calls = 0;
    const secondPageFails: ContentService = {
      ...service,
      routableDocuments: async (n, size, ref) => {
        if (size > 1 && ++calls === 2) throw new Error("content API down");
        const result = await service.routableDocuments(n, size, ref);
        return { ...result, totalPages: 2, total: 101 }; // pretend there is a page 2 (the plan reads what it counts)
      },
    };
    const app = express().use(
      createSitemapRouter({
        content: secondPageFails,
        origin: "http://localhost:3000",
        logger: createLogger("silent"),
      }),
    );
    const res = await request(app).get("/sitemap.xml").expect(503);
    expect(res.headers.etag ?? "").not.toMatch(/^W\/"[\w-]{27}"$/); // not the sitemap's own ETag
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });
});

describe("GET /robots.txt", () => {
  test("keeps crawlers out of the preview tools, APIs and data endpoint and points at the sitemap", async () => {
    const { app, config } = createTestApp();
    const res = await request(app).get("/robots.txt").expect(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.text
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    expect(lines).toEqual([
      "User-agent: *",
      "Disallow: /preview",
      "Disallow: /slice-simulator",
      "Disallow: /api/",
      "Disallow: /_data/",
      "Disallow: /_region/",
      `Sitemap: ${config.SITE_URL}/sitemap.xml`,
    ]);
  });
});
