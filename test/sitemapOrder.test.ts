/**
 * The sitemap does not depend on an order Prismic never promises: 3,000 documents, published in
 * batches that share their publication dates (as a release publishes them), served over HTTP by
 * the Prismic stand-in, which shuffles whatever an ordering leaves tied; split into child
 * sitemaps by small limits, every routable document appears exactly once across the children.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import request from "supertest";
import { createLogger } from "../server/observability/logger";
import { createSitemapRouter } from "../server/sitemap/sitemapRoute";
import { startPrismicHttpStandIn, type PrismicHttpStandIn } from "./support/prismicHttpStandIn";
import { parseIndex, parseUrlset } from "./support/sitemapXml";
import { createTestApp } from "./support/testApp";

const PAIRS = 1_500;
const LANGS = ["en-gb", "en-us"] as const;

/** A stamp shared by every 50 pairs: ties that only a shuffled stand-in shows. */
const stampOf = (n: number) =>
  new Date(Date.UTC(2024, 0, 1) + Math.floor(n / 50) * 3_600_000).toISOString().replace(/\.\d{3}Z$/, "+0000");

function writeContent(dir: string): string[] {
  const expected: string[] = [];
  const write = (doc: Record<string, unknown>) => {
    const folder = path.join(dir, String(doc.lang), String(doc.type));
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `${String(doc.id)}.json`), JSON.stringify(doc));
  };
  const base = (id: string, uid: string | null, type: string, lang: string, stamp: string, other: string) => ({
    id,
    uid,
    type,
    lang,
    url: null,
    tags: [],
    slugs: [],
    linked_documents: [],
    first_publication_date: stamp,
    last_publication_date: stamp,
    alternate_languages: [{ id: other, uid, type, lang: lang === "en-gb" ? "en-us" : "en-gb" }],
  });
  const stamp = stampOf(0);
  for (const lang of LANGS) {
    const other = lang === "en-gb" ? "en-us" : "en-gb";
    write({ ...base(`home-${lang}`, null, "home", lang, stamp, `home-${other}`), data: { title: "Home", slices: [] } });
    write({ ...base(`nav-${lang}`, "primary-nav", "navigation", lang, stamp, `nav-${other}`), data: { body: [] } });
  }
  for (let n = 0; n < PAIRS; n++) {
    const uid = `article-${n}`;
    for (const lang of LANGS) {
      const other = lang === "en-gb" ? "en-us" : "en-gb";
      write({
        ...base(`${uid}-${lang}`, uid, "article", lang, stampOf(n), `${uid}-${other}`),
        data: { title: `Article ${n}`, slices: [] },
      });
      expected.push(`${lang === "en-us" ? "/us" : ""}/info/blog/${uid}`);
    }
  }
  return expected;
}

let dir: string;
let standIn: PrismicHttpStandIn;
let expected: string[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "sitemap-order-"));
  expected = writeContent(dir);
  standIn = await startPrismicHttpStandIn({ contentDir: dir });
});

afterAll(async () => {
  await standIn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test(`${(PAIRS * 2).toLocaleString("en")} documents with tied dates, shuffled by the stand-in: each appears exactly once across the child sitemaps`, async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  const { content, config } = createTestApp({
    contentDir: dir,
    env: { PRISMIC_REPOSITORY: "embedded", PRISMIC_API_ENDPOINT: standIn.endpoint },
  });
  const origin = config.SITE_URL;
  const app = express().use(
    createSitemapRouter({
      content,
      origin,
      logger: createLogger("silent"),
      documentsPerChild: 500,
      maxUrlsPerFile: 600,
      pageSize: 100,
    }),
  );
  const { locs } = parseIndex((await request(app).get("/sitemap.xml").expect(200)).text);
  expect(locs.length).toBe(Math.ceil((PAIRS * 2 + 4) / 500));

  const listed: string[] = [];
  for (const loc of locs) {
    const { urls } = parseUrlset((await request(app).get(loc.slice(origin.length)).expect(200)).text);
    listed.push(...urls.map((url) => url.loc.slice(origin.length)));
  }
  const documents = listed.filter((loc) => loc.includes("/info/blog/"));
  expect(documents).toHaveLength(expected.length);
  expect(new Set(documents)).toEqual(new Set(expected));
  // The stand-in really was asked for the explicit order.
  expect(
    standIn.requests.some((r) =>
      decodeURIComponent(r).includes("orderings=[document.first_publication_date,document.last_publication_date]"),
    ),
  ).toBe(true);
  warn.mockRestore();
});
