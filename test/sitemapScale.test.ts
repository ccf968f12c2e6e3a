/**
 * /sitemap.xml at scale: SITEMAP_SCALE_DOCS generated documents (default below; the full
 * 100,000 with `npm run test:sitemap-scale`) in a temporary CONTENT_DIR, mostly articles, half
 * en-gb and half en-us, each with its translation. Over 50,000 URLs, /sitemap.xml is a sitemap
 * index; every child is fetched, its URLs counted (each child ≤ 50,000) and summed to the
 * expected total. Prints the phases' times and the RSS growth while the sitemap is generated.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { XMLValidator } from "fast-xml-parser";
import request from "supertest";
import { MAX_URLS_PER_FILE } from "../server/sitemap/sitemapRoute";
import { parseIndex, parseUrlset } from "./support/sitemapXml";
import { createTestApp } from "./support/testApp";

/** Just past 50,000 URLs, so the index path runs, while this file stays around 20 s in CI. */
const DEFAULT_DOCS = 52_000;
const DOCS = Number(process.env.SITEMAP_SCALE_DOCS ?? DEFAULT_DOCS);
/** Generous: the 100,000-document run takes a fraction of it on a 2-core machine. */
const GENERATION_BOUND_MS = 60_000;

const LANGS = ["en-gb", "en-us"] as const;

/** A full collection before the baseline, so the growth measured is the generation's. */
function collectGarbage(): void {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
}
const STAMP = "2025-02-03T04:05:06+0000";

/** Writes `pairs` translated pairs (2 documents each) plus the homes and navigations; returns the routable count. */
function writeContent(dir: string, pairs: number): number {
  const folders = new Set<string>();
  const write = (lang: string, type: string, bucket: string, id: string, doc: object) => {
    const folder = path.join(dir, lang, type, bucket);
    if (!folders.has(folder)) {
      fs.mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    fs.writeFileSync(path.join(folder, `${id}.json`), JSON.stringify(doc));
  };
  const base = (id: string, uid: string | null, type: string, lang: string, other: { id: string; lang: string }) => ({
    id,
    uid,
    type,
    lang,
    url: null,
    tags: [],
    slugs: [],
    linked_documents: [],
    first_publication_date: STAMP,
    last_publication_date: STAMP,
    alternate_languages: [{ id: other.id, uid, type, lang: other.lang }],
  });
  for (const [i, lang] of LANGS.entries()) {
    const other = LANGS[1 - i];
    write(lang, "home", "0", `home-${lang}`, {
      ...base(`home-${lang}`, null, "home", lang, { id: `home-${other}`, lang: other }),
      data: { title: "Home", slices: [] },
    });
    write(lang, "navigation", "0", `nav-${lang}`, {
      ...base(`nav-${lang}`, "primary-nav", "navigation", lang, { id: `nav-${other}`, lang: other }),
      data: { body: [] },
    });
  }
  for (let n = 0; n < pairs; n++) {
    // Mostly articles; one pair in twenty a gallery project, one in twenty a page (at /{uid}).
    const type = n % 20 === 0 ? "gallery_project" : n % 20 === 1 ? "page" : "article";
    const uid = `${type.replace("_", "-")}-${n}`;
    const bucket = String(Math.floor(n / 1000));
    for (const [i, lang] of LANGS.entries()) {
      const other = LANGS[1 - i];
      const id = `${type}-${n}-${lang}`;
      write(lang, type, bucket, id, {
        ...base(id, uid, type, lang, { id: `${type}-${n}-${other}`, lang: other }),
        last_publication_date: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString().replace(/\.\d{3}Z$/, "+0000"),
        data: { title: `Document ${n}`, meta_title: null, meta_description: null, slices: [] },
      });
    }
  }
  return pairs * 2 + LANGS.length; // the pairs and the two homes
}

describe(`GET /sitemap.xml with ${DOCS.toLocaleString("en")} documents`, () => {
  let dir: string;
  beforeAll(() => {
    // tmpfs when there is one: writing 100,000 small files to a disk-backed /tmp is ~20× slower.
    const base = fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
    dir = fs.mkdtempSync(path.join(base, "sitemap-scale-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("becomes an index of children of at most 50,000 URLs that together list every document", async () => {
    const phases: Record<string, number> = {};
    const time = async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
      const start = performance.now();
      const result = await run();
      phases[name] = Math.round(performance.now() - start);
      return result;
    };

    const routable = await time("write files", () => writeContent(dir, Math.floor(DOCS / 2)));
    const { app, config } = await time("load embedded repository", () => createTestApp({ contentDir: dir }));
    const origin = config.SITE_URL;
    const expectedUrls = routable + 4; // + /gallery, /info/blog, /us/gallery, /us/info/blog
    expect(expectedUrls).toBeGreaterThan(MAX_URLS_PER_FILE);

    // RSS while the sitemap is generated (sampled, plus the kernel's high-water mark).
    collectGarbage();
    const baseline = process.memoryUsage();
    const baselineMaxRss = process.resourceUsage().maxRSS * 1024;
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 10);

    const bodies: string[] = [];
    const generationStart = performance.now();
    const index = await time("GET /sitemap.xml (index)", () => request(app).get("/sitemap.xml").expect(200));
    const { locs } = parseIndex(index.text);
    expect(locs.length).toBeGreaterThanOrEqual(2);
    for (const [i, loc] of locs.entries()) {
      expect(loc).toBe(`${origin}/sitemap-${i + 1}.xml`);
      const child = await time(`GET /sitemap-${i + 1}.xml`, () =>
        request(app).get(loc.slice(origin.length)).expect(200),
      );
      expect(child.headers["content-type"]).toBe("application/xml; charset=utf-8");
      bodies.push(child.text);
    }
    const generationMs = Math.round(performance.now() - generationStart);
    clearInterval(sampler);
    const finalMaxRss = process.resourceUsage().maxRSS * 1024;

    // Every child is checked well-formed by the XML validator, and its <loc> entries counted
    // (a full parse of 40 MB would triple the time); the smallest child is parsed in full.
    let total = 0;
    const seen = new Set<string>();
    await time("validate and count", () => {
      for (const body of bodies) {
        const valid = XMLValidator.validate(body);
        expect(valid).toBe(true);
        const locs = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
        expect(locs.length).toBe((body.match(/<url>/g) ?? []).length);
        expect(locs.length).toBeLessThanOrEqual(MAX_URLS_PER_FILE);
        total += locs.length;
        for (const loc of locs) seen.add(loc);
      }
      const smallest = bodies.reduce((a, b) => (b.length < a.length ? b : a));
      const { attributes, urls } = parseUrlset(smallest);
      expect(attributes["xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
      for (const url of urls.filter((u) => u.loc.includes("/info/blog/"))) {
        expect(url.lastmod).toBeDefined();
        expect(url.links.map((l) => l.hreflang)).toEqual(["en-GB", "en-US", "x-default"]);
      }
    });
    expect(total).toBe(expectedUrls);
    expect(seen.size).toBe(expectedUrls);

    // Cached: the second round trip costs no generation.
    await time("GET every file again (cached)", async () => {
      await request(app).get("/sitemap.xml").expect(200);
      for (const loc of locs) await request(app).get(loc.slice(origin.length)).expect(200);
    });

    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      [
        `sitemap scale: ${routable.toLocaleString("en")} routable documents → ${total.toLocaleString("en")} URLs in ${locs.length} child sitemaps`,
        `  sizes: ${bodies.map((b) => mb(Buffer.byteLength(b))).join(", ")}`,
        ...Object.entries(phases).map(([name, ms]) => `  ${name}: ${ms} ms`),
        `  generation (index + every child, first time): ${generationMs} ms`,
        `  RSS growth during generation: sampled peak +${mb(peakRss - baseline.rss)} (baseline ${mb(baseline.rss)}), ` +
          `high-water mark +${mb(Math.max(0, finalMaxRss - baselineMaxRss))}; heap used peak +${mb(peakHeap - baseline.heapUsed)}`,
      ].join("\n"),
    );
    expect(generationMs).toBeLessThan(GENERATION_BOUND_MS);
  }, 300_000);
});
