/** Lists paginate: 150 articles in a temporary CONTENT_DIR make pages with working next/previous links. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import type { Express } from "express";
import { LIST_PAGE_SIZE } from "../server/render/loaders";
import { createTestApp } from "./support/testApp";
import { repeatUntil } from "./support/waitFor";

const TOTAL = 150;
let dir: string;
let app: Express;

function article(i: number, lang: string) {
  const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  return {
    id: `article-${i}-${lang}`,
    uid: `article-${String(i).padStart(3, "0")}`,
    type: "article",
    lang,
    data: {
      title: `Article number ${i}`,
      meta_title: null,
      meta_description: null,
      meta_image: {},
      excerpt: `Excerpt ${i}`,
      author: "Test Author",
      publication_date: day,
      category: "design",
      cover: {},
      body: [{ type: "paragraph", text: `Body ${i}`, spans: [] }],
      slices: [],
    },
  };
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-150-"));
  for (let i = 1; i <= TOTAL; i++) {
    fs.writeFileSync(path.join(dir, `article-${i}.json`), JSON.stringify(article(i, "en-gb")));
  }
  app = createTestApp({ contentDir: dir }).app;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const titles = (html: string) =>
  [...html.matchAll(/<h2 class="card__title">Article number (\d+)<\/h2>/g)].map((m) => Number(m[1]));
const relLink = (html: string, rel: string) => {
  const anchor = new RegExp(`<a\\b[^>]*\\brel="${rel}"[^>]*>`).exec(html)?.[0];
  return anchor ? /\bhref="([^"]+)"/.exec(anchor)?.[1]?.replace(/&amp;/g, "&") : undefined;
};

test(`the first page shows the ${LIST_PAGE_SIZE} newest articles and links to the next page only`, async () => {
  const res = await request(app).get("/info/blog");
  expect(res.status).toBe(200);
  expect(titles(res.text)).toEqual(Array.from({ length: LIST_PAGE_SIZE }, (_, i) => TOTAL - i));
  expect(relLink(res.text, "next")).toBe("/info/blog?page=2");
  expect(relLink(res.text, "prev")).toBeUndefined();
  expect(res.text).toContain(`Page 1 of ${Math.ceil(TOTAL / LIST_PAGE_SIZE)}`);
});

test("following next links visits every article exactly once, and previous links walk back", async () => {
  const seen: number[] = [];
  let href: string | undefined = "/info/blog";
  const visited: string[] = [];
  // One round per page, and one more: a "next" link that loops back must fail here, not hang.
  await repeatUntil("the last page (one without a next link)", Math.ceil(TOTAL / LIST_PAGE_SIZE) + 1, async () => {
    const res = await request(app).get(href!);
    expect(res.status).toBe(200);
    visited.push(href!);
    seen.push(...titles(res.text));
    href = relLink(res.text, "next");
    return href === undefined;
  });
  expect(visited).toHaveLength(Math.ceil(TOTAL / LIST_PAGE_SIZE));
  expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));

  const last = await request(app).get(visited.at(-1)!);
  expect(relLink(last.text, "prev")).toBe(visited.at(-2));
  const second = await request(app).get("/info/blog?page=2");
  expect(relLink(second.text, "prev")).toBe("/info/blog");
});

test.each([
  "/info/blog?page=14",
  "/info/blog?page=0",
  "/info/blog?page=abc",
  "/info/blog?page=-1",
  "/info/blog?page=1.5",
])("%s is a 404, not an empty page or an error", async (url) => {
  const res = await request(app).get(url);
  expect(res.status).toBe(404);
});
