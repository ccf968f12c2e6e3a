/**
 * /slice-simulator (docs/behaviour.md section 1.3) on the real app: a small noindex, uncached HTML document that
 * loads the simulator module with the response's CSP nonce; the only route that Prismic's
 * editor (and Slice Machine) may frame, while every other page stays unframeable; kept out of
 * the sitemap and robots. The browser side is test/browser/sliceSimulator.test.ts.
 */
import request from "supertest";
import { loadConfig } from "../server/config";
import { parseIndex, parseUrlset } from "./support/sitemapXml";
import { createTestApp, ROOT, type TestApp } from "./support/testApp";

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});

/** The sources of one CSP directive, or null when the policy lacks it. */
function directive(csp: string | undefined, name: string): string[] | null {
  for (const part of (csp ?? "").split(";")) {
    const [key, ...values] = part.trim().split(/\s+/);
    if (key === name) return values;
  }
  return null;
}

describe("GET /slice-simulator", () => {
  test("is a small HTML document: noindex, never cached, the simulator module with this response's nonce", async () => {
    const res = await request(t.app).get("/slice-simulator");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.text).toMatch(/^<!doctype html>/i);
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(res.text).toContain('<div id="root"></div>');

    const nonce = /'nonce-([^']+)'/.exec(res.headers["content-security-policy"])?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...res.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/type="module"/);
    expect(scripts[0]).toContain(`nonce="${nonce}"`);
    const src = /src="([^"]+)"/.exec(scripts[0])![1];
    expect(src).toMatch(/^\/assets\/slice-simulator-[\w-]+\.js$/);

    // The module and the site's stylesheet are served.
    const module = await request(t.app).get(src);
    expect(module.status).toBe(200);
    expect(module.headers["content-type"]).toMatch(/javascript/);
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(res.text)?.[1];
    expect(css).toBeTruthy();
    expect((await request(t.app).get(css!)).status).toBe(200);
  });

  test("each response gets its own nonce", async () => {
    const nonces = await Promise.all(
      [1, 2].map(async () => /nonce="([^"]+)"/.exec((await request(t.app).get("/slice-simulator")).text)?.[1]),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("may be framed by the site itself and the configured editors, nobody else; no X-Frame-Options", async () => {
    const res = await request(t.app).get("/slice-simulator");
    const ancestors = directive(res.headers["content-security-policy"], "frame-ancestors");
    expect(ancestors).toEqual(["'self'", ...t.config.SLICE_SIMULATOR_ANCESTORS]);
    // Embedded content outside development: no Prismic repository, so no editor may frame it.
    expect(ancestors).toEqual(["'self'"]);
    expect(res.headers["x-frame-options"]).toBeUndefined();
    // The rest of the policy is the site's.
    expect(directive(res.headers["content-security-policy"], "script-src")).toEqual(
      expect.arrayContaining(["'strict-dynamic'"]),
    );
    expect(directive(res.headers["content-security-policy"], "default-src")).toEqual(["'self'"]);
  });

  test("a production app of a Prismic repository may be framed by that repository's Page Builder only", async () => {
    const app = createTestApp({
      env: {
        SLICE_SIMULATOR_ANCESTORS: loadConfig(
          { PRISMIC_REPOSITORY: "hartley-reed" },
          ROOT,
        ).SLICE_SIMULATOR_ANCESTORS.join(" "),
      },
    });
    const res = await request(app.app).get("/slice-simulator");
    expect(directive(res.headers["content-security-policy"], "frame-ancestors")).toEqual([
      "'self'",
      "https://hartley-reed.prismic.io",
    ]);
  });

  test("HEAD answers like GET, and the framing permission does not leak to other paths under it", async () => {
    const head = await request(t.app).head("/slice-simulator");
    expect(head.status).toBe(200);
    expect(directive(head.headers["content-security-policy"], "frame-ancestors")).toEqual(["'self'"]);

    const below = await request(t.app).get("/slice-simulator/anything");
    expect(directive(below.headers["content-security-policy"], "frame-ancestors")).toEqual(["'none'"]);
    expect(below.headers["x-frame-options"]).toBe("DENY");
  });

  test.each(["/", "/gallery", "/us", "/robots.txt", "/does-not-exist"])(
    "%s stays unframeable: frame-ancestors 'none' and X-Frame-Options DENY",
    async (path) => {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(path === "/does-not-exist" ? 404 : 200);
      expect(directive(res.headers["content-security-policy"], "frame-ancestors")).toEqual(["'none'"]);
      expect(res.headers["x-frame-options"]).toBe("DENY");
    },
  );

  test("is not in the sitemap and is disallowed by robots.txt", async () => {
    const robots = await request(t.app).get("/robots.txt");
    expect(robots.text.split("\n")).toContain("Disallow: /slice-simulator");

    const sitemap = await request(t.app).get("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).not.toContain("slice-simulator");
    // Every listed URL, through the children when the sitemap is an index.
    const bodies = sitemap.text.includes("<sitemapindex")
      ? await Promise.all(
          parseIndex(sitemap.text).locs.map(async (loc) => (await request(t.app).get(new URL(loc).pathname)).text),
        )
      : [sitemap.text];
    const locs = bodies.flatMap((xml) => parseUrlset(xml).urls.map((u) => u.loc));
    expect(locs.length).toBeGreaterThan(0);
    expect(locs.filter((loc) => new URL(loc).pathname.includes("slice-simulator"))).toEqual([]);
  });
});

describe("SLICE_SIMULATOR_ANCESTORS", () => {
  const load = (value?: string) => loadConfig({ SLICE_SIMULATOR_ANCESTORS: value }, ROOT).SLICE_SIMULATOR_ANCESTORS;

  test("in production, defaults to the repository's own Prismic origin (where its Page Builder runs), no wildcard", () => {
    const production = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: "production", ...env }, ROOT).SLICE_SIMULATOR_ANCESTORS;
    expect(production({ PRISMIC_REPOSITORY: "hartley-reed" })).toEqual(["https://hartley-reed.prismic.io"]);
    // Prismic's hostnames are lower-case whatever the spelling of the name.
    expect(production({ PRISMIC_REPOSITORY: "Hartley-Reed" })).toEqual(["https://hartley-reed.prismic.io"]);
    // Embedded content has no Page Builder: only the site itself.
    expect(production({})).toEqual([]);
    expect(loadConfig({ NODE_ENV: "test" }, ROOT).SLICE_SIMULATOR_ANCESTORS).toEqual([]);
    expect(load()).toEqual([]);
    expect(load("")).toEqual([]);
  });

  test("in development (`npm run dev`), Slice Machine's local app on http://localhost:9999 may frame it too", () => {
    expect(loadConfig({ NODE_ENV: "development" }, ROOT).SLICE_SIMULATOR_ANCESTORS).toEqual(["http://localhost:9999"]);
    expect(
      loadConfig({ NODE_ENV: "development", PRISMIC_REPOSITORY: "hartley-reed" }, ROOT).SLICE_SIMULATOR_ANCESTORS,
    ).toEqual(["https://hartley-reed.prismic.io", "http://localhost:9999"]);
  });

  test("an explicit list replaces the default", () => {
    expect(
      loadConfig(
        {
          NODE_ENV: "production",
          PRISMIC_REPOSITORY: "hartley-reed",
          SLICE_SIMULATOR_ANCESTORS: "http://localhost:9998",
        },
        ROOT,
      ).SLICE_SIMULATOR_ANCESTORS,
    ).toEqual(["http://localhost:9998"]);
  });

  test("takes origins separated by spaces or commas", () => {
    expect(load("https://*.prismic.io, http://localhost:9998  http://127.0.0.1:4000")).toEqual([
      "https://*.prismic.io",
      "http://localhost:9998",
      "http://127.0.0.1:4000",
    ]);
  });

  test.each([
    "'unsafe-inline'",
    "https://prismic.io/path",
    "prismic.io",
    "https://a.io; script-src *",
    "javascript:alert(1)",
    " , ",
  ])("refuses %j with a message naming the variable", (value) => {
    expect(() => load(value)).toThrow(/SLICE_SIMULATOR_ANCESTORS/);
  });
});
