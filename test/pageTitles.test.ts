/**
 * Every page's `<title>` (shared/pageHead.ts, pageTitle): the page's own title, then the brand
 * once. A title an editor already ended with the brand is not given it a second time.
 */
import request from "supertest";
import { pageTitle } from "../shared/pageHead";
import { SITE_NAME } from "../shared/site";
import { titleOf } from "./support/html";
import { parseUrlset } from "./support/sitemapXml";
import { createTestApp } from "./support/testApp";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const { app } = createTestApp();

const timesIn = (text: string, part: string) => text.split(part).length - 1;

test("every page in the sitemap, in both regions, names the brand once in its title", async () => {
  const { urls } = parseUrlset((await request(app).get("/sitemap.xml").expect(200)).text);
  const paths = urls.map((u) => new URL(u.loc).pathname);
  expect(paths.filter((p) => p === "/us" || p.startsWith("/us/")).length).toBeGreaterThan(20);
  expect(paths.filter((p) => !p.startsWith("/us")).length).toBeGreaterThan(20);
  const twice: string[] = [];
  for (const path of paths) {
    const res = await request(app).get(path).set("User-Agent", BROWSER).expect(200);
    const title = titleOf(res.text) ?? "";
    if (timesIn(title, SITE_NAME) !== 1) twice.push(`${path}: ${title}`);
  }
  expect(twice).toEqual([]);
});

test("a title that already ends with the brand keeps it once", () => {
  expect(pageTitle(`Privacy policy | ${SITE_NAME}`)).toBe(`Privacy policy | ${SITE_NAME}`);
  expect(pageTitle(`Privacy policy – ${SITE_NAME}`)).toBe(`Privacy policy – ${SITE_NAME}`);
  expect(pageTitle("Privacy policy")).toBe(`Privacy policy | ${SITE_NAME}`);
  // The brand inside a title is the editor's wording and stays.
  expect(pageTitle(`Why ${SITE_NAME} cuts dovetails`)).toBe(`Why ${SITE_NAME} cuts dovetails | ${SITE_NAME}`);
});
