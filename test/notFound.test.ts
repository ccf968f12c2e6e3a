/**
 * The not-found screen (docs/behaviour.md section 2.7) and the error answers around it: unknown paths and uids,
 * pages asked for outside their section, route validation that never reaches the content
 * service, malformed URLs (4xx, never 5xx), wrong methods, and failures that must not leak.
 */
import request from "supertest";
import type { ContentService } from "../server/content/contentService";
import { elementByClass, hydrationData, linksOf, mainOf, titleOf, visibleText } from "./support/html";
import { createContentClient } from "../server/content/contentClient";
import * as prismicStandIn from "../packages/prismic-stand-in/src/index";
import { createContentService } from "../server/content/contentService";
import { loadConfig } from "../server/config";
import { createTestApp, ROOT, type TestApp } from "./support/testApp";

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
beforeEach(() => t.calls.reset());

/** The not-found screen: "404", "Oops! Page Not Found" and a "Go Back Home" link to the region's root. */
function expectNotFoundScreen(html: string, home: "/" | "/us"): void {
  const main = mainOf(html);
  const text = visibleText(main);
  expect(text).toContain("404");
  expect(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1]).toBe("Oops! Page Not Found");
  expect(linksOf(main)).toContainEqual({ text: "Go Back Home", href: home });
  expect(html).toContain('<meta name="robots" content="noindex">');
  // The error layout: no site navigation, no page content.
  expect(elementByClass(html, "nav", "primary-nav")).toBeUndefined();
}

function errorMessage(html: string): unknown {
  const errors = hydrationData(html).errors ?? {};
  const [first] = Object.values(errors);
  return first?.data ?? first?.message;
}

describe("paths that match no content answer 404 with the not-found screen", () => {
  test.each([
    ["an unknown single-segment path", "/no-such-page", "/"],
    ["a path deeper than any route", "/a/b/c/d", "/"],
    ["an unknown us path", "/us/nope", "/us"],
    ["an unknown us deep path", "/us/a/b/c", "/us"],
  ])("%s (%s)", async (_name, path, home) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expectNotFoundScreen(res.text, home as "/" | "/us");
    expect(titleOf(res.text)).toBe("Page not found | Hartley & Reed");
  });

  test.each([
    ["/gallery/nope", "galleryProject", "/"],
    ["/info/blog/nope", "article", "/"],
    ["/us/gallery/nope", "galleryProject", "/us"],
    ["/us/info/blog/nope", "article", "/us"],
  ] as const)("an unknown uid (%s) answers 404 after asking the content service", async (path, method, home) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(404);
    expectNotFoundScreen(res.text, home);
    expect(t.calls.count(method, "nope")).toBe(1);
    expect(errorMessage(res.text)).toBe(`Page not found: ${path}`);
  });

  test("the us not-found screen is in en-US and links home to /us", async () => {
    const res = await request(t.app).get("/us/nope");
    expect(res.text).toContain('<html lang="en-US">');
    expect(linksOf(mainOf(res.text)).find((l) => l.text === "Go Back Home")?.href).toBe("/us");
  });

  test("a list page beyond the last page answers 404", async () => {
    const res = await request(t.app).get("/info/blog?page=2");
    expect(res.status).toBe(404);
    expectNotFoundScreen(res.text, "/");
  });
});

describe("a page is served only under its own navigation section", () => {
  test.each([
    ["/info/doors-drawers", "a Products page under Info"],
    ["/doors-drawers", "a Products page without its section"],
    ["/products/about-us", "an Info page under Products"],
    ["/about-us", "an Info page without its section"],
    ["/products/quote", "a page outside the nav, under a section"],
    ["/us/info/doors-drawers", "a us Products page under Info"],
    ["/us/doors-drawers", "a us Products page without its section"],
  ])("%s (%s) answers 404", async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(404);
    expectNotFoundScreen(res.text, path.startsWith("/us") ? "/us" : "/");
  });

  test("the same pages answer 200 at their own URLs", async () => {
    for (const path of ["/products/doors-drawers", "/info/about-us", "/quote", "/us/products/doors-drawers"]) {
      expect((await request(t.app).get(path)).status).toBe(200);
    }
  });
});

describe("route validation: a uid that cannot exist is a 404 without asking the content service", () => {
  test.each([
    ["a uid with a dot", "/gallery/a.b", "a.b"],
    ["markup as a uid", "/info/blog/%3Cscript%3E", "<script>"],
    ["a uid with a space", "/info/blog/a%20b", "a b"],
    ["a 151-character uid", `/gallery/${"a".repeat(151)}`, "a".repeat(151)],
    ["an emoji uid", "/gallery/%F0%9F%98%80", "😀"],
  ])("%s answers 404 with 'Page Not Found: {path}' in the hydration payload", async (_name, path, uid) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(404);
    expectNotFoundScreen(res.text, path.startsWith("/us") ? "/us" : "/");
    expect(errorMessage(res.text)).toBe(`Page Not Found: ${path}`);
    // The layout still loads the menus; no per-document method is called, with any uid.
    expect(t.calls.count("galleryProject")).toBe(0);
    expect(t.calls.count("article")).toBe(0);
    expect(t.calls.count("page")).toBe(0);
    expect(t.calls.log.some((c) => c.args.includes(uid))).toBe(false);
  });

  test("a markup-like path cannot break out of the hydration script", async () => {
    const res = await request(t.app).get("/gallery/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(res.status).toBe(404);
    expect(res.text).not.toContain("<script>alert(1)");
    // Ours only: the module preloader, the speculation rules, the hydration data and the entry loader.
    expect(res.text.match(/<script\b/g)?.length).toBe(4);
  });

  test("an invalid page number on a list is a 404 without asking for the list", async () => {
    const res = await request(t.app).get("/gallery?page=abc");
    expect(res.status).toBe(404);
    expect(errorMessage(res.text)).toBe("Page Not Found: /gallery");
    expect(t.calls.count("galleryProjects")).toBe(0);
  });
});

describe("malformed requests answer 4xx, never 5xx", () => {
  test.each([
    ["bad percent-encoding", "/%E0%A4%A", 400],
    ["an invalid escape in a uid", "/gallery/%ZZ", 400],
    ["a lone percent sign", "/gallery/100%", 400],
    ["an overlong UTF-8 sequence", "/%C0%AF", 400],
    ["a NUL byte", "/%00", 400],
    ["a NUL inside a uid", "/gallery/braybrook%00-st", 400],
    ["an encoded CR LF", "/gallery/x%0D%0ASet-Cookie:%20a=b", 400],
    ["a DEL character", "/info/blog/%7F", 400],
  ])("%s (%s) answers %d without touching content", async (_name, path, status) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(status);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(t.calls.log).toEqual([]);
  });

  test("a 3000-character path answers 414 URI Too Long", async () => {
    const res = await request(t.app).get(`/${"a".repeat(3000)}`);
    expect(res.status).toBe(414);
    expect(t.calls.log).toEqual([]);
  });

  test("a 3000-character query string answers 414 too", async () => {
    const res = await request(t.app).get(`/gallery?q=${"a".repeat(3000)}`);
    expect(res.status).toBe(414);
  });

  test.each([
    "/~!$&'()*+,;=:@",
    "/gallery/'%22%3E%3Cimg%20src=x%3E",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/gallery/..%2F..%2Fpackage.json",
    "/info/blog/%252e%252e",
    "/gallery/%E2%80%AE",
    "/%EF%BB%BF",
    "/gallery/%20",
    "/us/%C3%A9",
    "/a//b",
    "//evil.example",
    "/info/blog/a;b",
  ])(
    "the odd path %s answers a 4xx, not a 5xx (at most after one redirect to its canonical spelling, on this site)",
    async (path) => {
      let res = await request(t.app).get(path);
      if (res.status === 301) {
        // Another spelling of a page path (repeated slashes, dot segments): one hop to a path here.
        expect(res.headers.location).toMatch(/^\/(?![/\\])/);
        res = await request(t.app).get(res.headers.location);
      }
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toContain('"name"'); // no package.json or other file served
      expect(res.headers.location).toBeUndefined();
    },
  );

  test.each(["POST", "PUT", "DELETE", "PATCH"] as const)(
    "%s to a page answers 405 with Allow: GET, HEAD",
    async (method) => {
      const res = await request(t.app)
        [method.toLowerCase() as "post" | "put" | "delete" | "patch"]("/quote")
        .send({ a: 1 });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD");
      expect(t.calls.log).toEqual([]);
    },
  );

  test("HEAD of a page answers 200 without a body", async () => {
    const res = await request(t.app).head("/quote");
    expect(res.status).toBe(200);
    expect(res.text ?? "").toBe("");
  });
});

describe("a loader failure that is not a 404", () => {
  const SECRET = "boom secret";

  /** The embedded content service, with one method that throws. */
  function failing(method: keyof ContentService): ContentService {
    const config = loadConfig({ CONTENT_DIR: "content" }, ROOT);
    const real = createContentService(createContentClient(config, { standIn: prismicStandIn }).client);
    return {
      ...real,
      [method]: async () => {
        throw new Error(SECRET);
      },
    };
  }

  function expectNoLeak(body: string): void {
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain("boom");
    expect(body).not.toMatch(/^\s*at \S/m);
    expect(body).not.toMatch(/\bat [\w.<>]+ \(/);
    expect(body).not.toContain(ROOT);
    expect(body).not.toMatch(/node_modules|\.tsx?:\d+|\.js:\d+/);
  }

  test.each([
    ["the page's document", "galleryProject", "/gallery/braybrook-st", "/"],
    ["a list", "articles", "/info/blog", "/"],
    ["the menus of the layout", "navigation", "/us", "/us"],
    ["the home document", "home", "/", "/"],
  ] as const)(
    "when loading %s fails, answers 500 with the same screen and no error detail",
    async (_name, method, path, home) => {
      const { app } = createTestApp({ content: failing(method) });
      const res = await request(app).get(path);
      expect(res.status).toBe(500);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expectNotFoundScreen(res.text, home);
      expectNoLeak(res.text);
      expect(errorMessage(res.text)).toBe("Internal Server Error");
    },
  );

  test("the data endpoint answers 500 JSON with no error detail", async () => {
    const { app } = createTestApp({ content: failing("galleryProject") });
    const res = await request(app).get("/_data/gallery/braybrook-st?_route=gallery-uid___gb");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status: 500, message: "Internal Server Error" });
    expectNoLeak(res.text);
  });
});
