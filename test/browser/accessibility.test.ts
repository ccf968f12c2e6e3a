/**
 * axe (axe-core, every rule it runs by default: WCAG 2.x A/AA and best practices) over every
 * page the sitemap lists, in both regions, as Chromium renders them: no violation anywhere.
 * Editors' rich text included (views/parts/headingOutline.ts keeps its outline valid). The Nu
 * checker runs over the same pages in `npm run validate:markup` (Java; too slow for CI).
 */
import fs from "node:fs";
import type { Page } from "puppeteer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { parseIndex, parseUrlset } from "../support/sitemapXml";

jest.setTimeout(180_000);

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
  const page = await suite.browser.newPage();
  // axe is injected as a script of our own: the page's CSP rightly refuses it otherwise.
  await page.setBypassCSP(true);
  await page.setViewport({ width: 1280, height: 900 });
  // axe reads images' markup (alt text), not their pixels: not transforming ~600 images keeps this within CI's time.
  await page.setRequestInterception(true);
  page.on("request", (request) => void (request.resourceType() === "image" ? request.abort() : request.continue()));
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    const response = await page.goto(`${suite.server.url}${path}`, { waitUntil: "domcontentloaded" });
    expect([path, response?.status()]).toEqual([path, 200]);
    await page.addScriptTag({ content: AXE_SOURCE });
    const violations = await axeViolations(page);
    if (violations.length) found[path] = violations;
  }
  await page.close();
  expect(found).toEqual({});
});
