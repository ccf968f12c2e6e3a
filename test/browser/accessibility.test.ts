/**
 * axe (axe-core, every rule it runs by default: WCAG 2.x A/AA and best practices) over every
 * page the sitemap lists, in both regions, as Chromium renders them: no violation anywhere.
 * Editors' rich text included (views/parts/headingOutline.ts keeps its outline valid). The Nu
 * checker runs over the same pages in `npm run validate:markup` (Java; too slow for CI).
 *
 * The pages are checked in a few pages of the one browser side by side, with axe given to the
 * browser once (it runs in each document before the page's own scripts, outside the page's CSP)
 * and the HTTP cache on (images are blocked by URL rather than intercepted, which would turn the
 * cache off): the site's CSS and scripts are fetched once, not once per page.
 */
import fs from "node:fs";
import type { Page } from "puppeteer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { parseIndex, parseUrlset } from "../support/sitemapXml";

jest.setTimeout(180_000);

/** Pages open side by side: the browser's and the server's work overlap with axe's. */
const SIDE_BY_SIDE = 3;

const suite = useSiteAndBrowser();
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** Every page of the sitemap (following an index), as paths. */
async function sitemapPaths(siteUrl: string): Promise<string[]> {
  const xml = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
  const files = xml.includes("<sitemapindex") ? parseIndex(xml).locs : [`${siteUrl}/sitemap.xml`];
  const paths: string[] = [];
  for (const file of files) {
    const urlset = parseUrlset(await (await fetch(`${siteUrl}${new URL(file).pathname}`)).text());
    paths.push(...urlset.urls.map((u) => new URL(u.loc).pathname));
  }
  return paths;
}

/** The site's images (under /media) are not fetched, by URL, which leaves the HTTP cache on. */
async function blockImages(page: Page) {
  const cdp = await page.createCDPSession();
  await cdp.send("Network.enable");
  await cdp.send("Network.setBlockedURLs", { urls: ["*/media/*"] });
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await page.evaluate(async () => {
    const axe = (window as any).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations.map(
      (v: any) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n: any) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  });
  return results as string[];
}

test("axe finds no violation on any page of the sitemap, in either region", async () => {
  const paths = await sitemapPaths(suite.server.url);
  // Both regions, and every kind of page: the demo content has some 70.
  expect(paths.filter((p) => p.startsWith("/us")).length).toBeGreaterThan(20);
  expect(paths.filter((p) => !p.startsWith("/us")).length).toBeGreaterThan(20);
  expect(paths).toContain("/info/privacy-policy");
  const found: Record<string, string[]> = {};
  const statuses: Array<[string, number | undefined]> = [];
  const queue = [...paths];
  const checkPages = async () => {
    const page = await suite.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    // axe reads images' markup (alt text), not their pixels: not transforming ~600 images keeps this within CI's time.
    await blockImages(page);
    // axe given to the browser once, for every document the page opens, rather than its half
    // megabyte sent over the DevTools connection again for each page.
    await page.evaluateOnNewDocument(AXE_SOURCE);
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await page.goto(`${suite.server.url}${path}`, { waitUntil: "domcontentloaded" });
      statuses.push([path, response?.status()]);
      const violations = await axeViolations(page);
      if (violations.length) found[path] = violations;
    }
    await page.close();
  };
  await Promise.all(Array.from({ length: SIDE_BY_SIDE }, checkPages));
  // Every page was checked, and answered 200.
  expect(statuses.map(([path]) => path).sort()).toEqual([...paths].sort());
  expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
  expect(found).toEqual({});
});

test("on a phone (375 px), axe finds no violation on the articles with preformatted text that scrolls sideways", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 375, height: 740 });
  // As above: axe and the preformatted text's width need the images' markup, not their pixels.
  await blockImages(page);
  await page.evaluateOnNewDocument(AXE_SOURCE);
  const found: Record<string, string[]> = {};
  let scrolling = 0;
  for (const path of [
    "/us/info/blog/caring-for-oiled-oak",
    "/us/info/blog/planning-a-pantry",
    "/us/info/blog/writing-a-kitchen-brief",
    "/info/blog/caring-for-oiled-oak",
  ]) {
    await page.goto(`${suite.server.url}${path}`, { waitUntil: "load" });
    scrolling += await page.$$eval(
      ".rich-text pre",
      (pres) => pres.filter((p) => p.scrollWidth > p.clientWidth).length,
    );
    const violations = await axeViolations(page);
    if (violations.length) found[path] = violations;
  }
  // At this width at least one of them is wider than the window's column, which is what axe looks at.
  expect(scrolling).toBeGreaterThan(0);
  expect(found).toEqual({});
  await page.close();
});
