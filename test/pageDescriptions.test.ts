/**
 * Every page's description (`<meta name="description">`, shared/pageHead.ts): what a search
 * result shows under the title. A document's comes from its meta description; the list pages,
 * which have no document, use the line under their title (shared/listPages.ts), so the result
 * says what the page says.
 */
import request from "supertest";
import { LIST_PAGES } from "../shared/listPages";
import { elementByClass, metaTags, normalizeSpace, visibleText } from "./support/html";
import { parseUrlset } from "./support/sitemapXml";
import { createTestApp } from "./support/testApp";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const { app } = createTestApp();

const page = async (path: string) => (await request(app).get(path).set("User-Agent", BROWSER).expect(200)).text;

/** The page's description: undefined when it has none, and a failure when it has more than one. */
function descriptionOf(html: string): string | undefined {
  const descriptions = metaTags(html).description ?? [];
  if (descriptions.length > 1) throw new Error(`${descriptions.length} descriptions`);
  return descriptions[0];
}

test("every page in the sitemap, in both regions, has one description, and it is not empty", async () => {
  const { urls } = parseUrlset((await request(app).get("/sitemap.xml").expect(200)).text);
  const paths = urls.map((u) => new URL(u.loc).pathname);
  expect(paths.length).toBeGreaterThan(40);
  const without: string[] = [];
  for (const path of paths) if (!descriptionOf(await page(path))?.trim()) without.push(path);
  expect(without).toEqual([]);
});

test.each([
  ["/gallery", LIST_PAGES.gallery],
  ["/us/gallery", LIST_PAGES.gallery],
  ["/info/blog", LIST_PAGES.blog],
  ["/us/info/blog", LIST_PAGES.blog],
])("%s is described by the line under its title", async (path, list) => {
  const html = await page(path);
  const lede = normalizeSpace(visibleText(elementByClass(html, "p", "page__lede") ?? ""));
  expect(lede).toBe(list.lede);
  expect(descriptionOf(html)).toBe(lede);
});
