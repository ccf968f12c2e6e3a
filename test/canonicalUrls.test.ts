/**
 * One URL per page (docs/behaviour.md section 1.5): another spelling of a page path (case, trailing slash, needless
 * percent-encoding, repeated slashes, dot segments) answers one 301 to the page's own URL, with
 * the query kept, never to another host; the page's canonical link is its own URL whatever the
 * request spelled; the link resolver's URLs are canonical already.
 */
import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { canonicalPath, pageUrl, queryParamsRead } from "../shared/canonicalPath";
import { resolveLink } from "../shared/linkResolver";
import { buildSectionIndex } from "../shared/sectionIndex";
import { createTestApp, ROOT } from "./support/testApp";

describe("canonicalPath", () => {
  test.each([
    ["/GALLERY", "/gallery"],
    ["/gallery/", "/gallery"],
    ["/%67allery", "/gallery"],
    ["/Info/Blog", "/info/blog"],
    ["/info//blog", "/info/blog"],
    ["//gallery", "/gallery"],
    ["/gallery/./braybrook-st/", "/gallery/braybrook-st"],
    ["/gallery/x/../braybrook-st", "/gallery/braybrook-st"],
    ["/%2e%2e/%2e%2e/etc/passwd", "/etc/passwd"],
    ["//evil.example", "/evil.example"],
    ["/\\evil.example", "/evil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/us/%c3%a9", "/us/%C3%A9"],
    ["/a%2fb", "/a%2Fb"],
    ["/a b", "/a%20b"],
    ["/a%zz", "/a%25zz"],
    ["/a%4", "/a%254"],
    ['/a"b', "/a%22b"],
    ["/caf\u00e9", "/caf%C3%A9"],
    ["/\u{1F600}-kitchen", "/%F0%9F%98%80-kitchen"],
    ["/a\uD83Db", "/a%EF%BF%BDb"],
    ["/a\uDE00", "/a%EF%BF%BD"],
    ["/a\uD800", "/a%EF%BF%BD"],
    ["/a\uDFFF", "/a%EF%BF%BD"],
    ["/a\uD7FF", "/a%ED%9F%BF"],
    ["/a\uE000", "/a%EE%80%80"],
    ["/", "/"],
    ["", "/"],
    ["///", "/"],
  ])("%s is spelled %s", (given, canonical) => {
    expect(canonicalPath(given)).toBe(canonical);
  });

  test("is idempotent and never names another host", () => {
    for (const given of [
      "//evil.example/x",
      "/\\/evil.example",
      "/%2F%2Fevil.example",
      "/./\\evil",
      "/..//evil.example",
    ]) {
      const once = canonicalPath(given);
      expect(canonicalPath(once)).toBe(once);
      expect(once).toMatch(/^\/(?![/\\])/);
      expect(new URL(once, "https://site.example").host).toBe("site.example");
    }
  });
});

test("the lists read their page number, in both regions; other pages read no parameter", () => {
  for (const path of ["/gallery", "/us/gallery", "/info/blog", "/us/info/blog"])
    expect(queryParamsRead(path)).toEqual(["page"]);
  for (const path of ["/", "/quote", "/gallery/braybrook-st", "/us"]) expect(queryParamsRead(path)).toEqual([]);
});

describe("pageUrl: the page a request asks for", () => {
  test.each([
    ["/", "?fbclid=abc&utm_source=x", "/"],
    ["/gallery", "?page=2&utm_campaign=spring", "/gallery?page=2"],
    ["/gallery", "?gclid=1", "/gallery"],
    ["/us/info/blog", "?_kx=abc&page=3&page=4", "/us/info/blog?page=3"],
    ["/gallery/braybrook-st", "?page=2", "/gallery/braybrook-st"],
  ])("%s%s is %s", (path, search, page) => {
    expect(pageUrl(path, search)).toBe(page);
  });
});

test("every URL the link resolver gives a document of the embedded repository is canonical", () => {
  const urls: string[] = [];
  for (const lang of ["en-gb", "en-us"]) {
    const dir = path.join(ROOT, "content", lang);
    const docs = fs
      .readdirSync(dir)
      .flatMap((type) =>
        fs
          .readdirSync(path.join(dir, type))
          .map((file) => JSON.parse(fs.readFileSync(path.join(dir, type, file), "utf8"))),
      );
    const nav = docs.find((d) => d.type === "navigation" && d.uid === "primary-nav");
    const sections = buildSectionIndex(nav?.data.body);
    for (const doc of docs.filter((d) => d.type !== "navigation" && d.type !== "taxonomy")) {
      const url = resolveLink({ link_type: "Document", ...doc }, sections);
      if (url) urls.push(url);
    }
  }
  expect(urls.length).toBeGreaterThan(10);
  for (const url of urls) expect(canonicalPath(url)).toBe(url);
});

describe("over HTTP", () => {
  const t = createTestApp();

  test.each([
    ["/GALLERY", "/gallery"],
    ["/gallery/", "/gallery"],
    ["/%67allery", "/gallery"],
    ["/Info/Blog", "/info/blog"],
    ["/info//blog", "/info/blog"],
    ["//gallery", "/gallery"],
    ["/Gallery/Braybrook-St/", "/gallery/braybrook-st"],
    ["/US/Gallery", "/us/gallery"],
    ["/gallery?page=1&fbclid=x", "/gallery?page=1&fbclid=x"],
    ["/GALLERY?page=1&fbclid=x", "/gallery?page=1&fbclid=x"],
    ["//evil/x", "/evil/x"],
    ["//evil/x/?y=1", "/evil/x?y=1"],
  ])("%s: at most one 301, to %s on this site, then the page", async (given, target) => {
    const res = await request(t.app).get(given);
    if (given === target) {
      expect(res.status).toBe(200);
      return;
    }
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(target);
    // For this browser only: a shared cache that normalises its key would file it under the target itself.
    expect(res.headers["cache-control"]).toBe("private, max-age=86400");
    const next = await request(t.app).get(target);
    expect([200, 404]).toContain(next.status);
  });

  test("HEAD is redirected too; other methods are not (a page answers them 405)", async () => {
    const head = await request(t.app).head("/Gallery/");
    expect(head.status).toBe(301);
    expect(head.headers.location).toBe("/gallery");
    const post = await request(t.app).post("/Gallery/").send({});
    expect(post.status).toBe(405);
    expect(post.headers.location).toBeUndefined();
  });

  test("a legacy path in any spelling is answered by the legacy redirect first: one hop to its new home", async () => {
    const res = await request(t.app).get("/Samples/");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/materials/samples");
  });

  test("hashed assets keep their case: they are not page paths", async () => {
    const home = await request(t.app).get("/");
    const entry = /"(\/assets\/entry-[^"]+\.js)"/.exec(home.text)![1];
    expect(entry).toMatch(/[A-Z]/);
    expect((await request(t.app).get(entry)).status).toBe(200);
  });

  test("another spelling of an endpoint or a file is a plain 404 that no cache keeps, never a redirect nor a page", async () => {
    const home = await request(t.app).get("/");
    const entry = /"(\/assets\/entry-[^"]+\.js)"/.exec(home.text)![1];
    const media = /"(\/media\/[^"?]+)/.exec(home.text)![1];
    const spellings = [
      `/${entry}`,
      entry.replace("/assets/", "/%61ssets/"),
      entry.replace("/assets/", "/assets/./x/../").toUpperCase(),
      `/${media}`,
      "//robots.txt",
      "/Robots.txt/./",
      // Express matches a route without regard to case or a trailing slash: the root files must not.
      "/ROBOTS.TXT",
      "/Robots.txt",
      "/robots.txt/",
      "/SITEMAP.XML",
      "/Sitemap.xml",
      "/sitemap.xml/",
      "/HEALTHZ",
      "/healthz/",
      "/readyz/",
      "//sitemap.xml",
      "/sitemap-1.xml/../sitemap.xml/.",
      "/FAVICON.SVG",
      "//_data/gallery",
      "/%5Fdata/gallery",
      "//_region/us",
      "//api/meta-capi",
      "//healthz",
      "//metrics",
      "//builds/latest.json",
      "//preview",
      "//slice-simulator",
      "//evil.example",
    ];
    for (const spelling of spellings) {
      const res = await request(t.app).get(spelling);
      expect({
        spelling,
        status: res.status,
        location: res.headers.location,
        cacheControl: res.headers["cache-control"],
        type: res.type,
      }).toEqual({
        spelling,
        status: 404,
        location: undefined,
        cacheControl: "no-store",
        type: "text/plain",
      });
    }
    // The public files' handler reads a doubled slash as the file itself: the same bytes, harmless in any cache.
    const favicon = await request(t.app).get("//favicon.svg");
    expect({ status: favicon.status, body: String(favicon.body) }).toEqual({
      status: 200,
      body: String((await request(t.app).get("/favicon.svg")).body),
    });
  });

  test("the canonical link is the page's own URL, whatever the request spelled", async () => {
    const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    const page = await request(t.app).get("/gallery/braybrook-st");
    expect(canonicalOf(page.text)).toBe(`${t.config.SITE_URL}/gallery/braybrook-st`);
    const list = await request(t.app).get("/gallery?page=1&utm_source=mail");
    expect(canonicalOf(list.text)).toBe(`${t.config.SITE_URL}/gallery`);
    expect(list.text).not.toContain("utm_source");
  });
});
