/** The region switcher in a real browser: to the translation when there is one, else the region's home. */
import type { Page } from "puppeteer";
import { useSiteAndBrowser } from "../support/browserSuite";

const suite = useSiteAndBrowser();

async function switchRegion(page: Page, code: "gb" | "us"): Promise<string> {
  const link = `.site-header__inner > .region-switcher a[hreflang="${code === "us" ? "en-US" : "en-GB"}"]`;
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click(link)]);
  return new URL(page.url()).pathname;
}

test("on a page with a translation the switcher goes to the translation, and back", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  await page.goto(`${suite.server.url}/gallery/braybrook-st`, { waitUntil: "load" });
  expect(await switchRegion(page, "us")).toBe("/us/gallery/braybrook-st");
  expect(await page.$eval("html", (h) => h.lang)).toBe("en-US");
  expect(await switchRegion(page, "gb")).toBe("/gallery/braybrook-st");
  expect(await page.$eval("html", (h) => h.lang)).toBe("en-GB");
  await page.close();
});

test("on a page without a translation the switcher goes to that region's home", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  // A legacy redirect sends /us/info/book-appointment to /us: the gb page has no us version.
  await page.goto(`${suite.server.url}/info/book-appointment`, { waitUntil: "load" });
  expect(await switchRegion(page, "us")).toBe("/us");
  await page.close();
});

test("the choice is remembered: the root then opens in the chosen region", async () => {
  const context = await suite.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  await page.goto(`${suite.server.url}/`, { waitUntil: "load" });
  expect(await switchRegion(page, "us")).toBe("/us");
  await page.goto(`${suite.server.url}/`, { waitUntil: "load" });
  expect(new URL(page.url()).pathname).toBe("/us");
  await context.close();
});
