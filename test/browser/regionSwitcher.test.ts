/** The region switcher in a real browser: to the translation when there is one, else the region's home. */
import type { HTTPRequest, Page } from "puppeteer";
import { useSiteAndBrowser } from "../support/browserSuite";

const suite = useSiteAndBrowser();

const switcherLink = (code: "gb" | "us") =>
  `.site-header__inner > .region-switcher a[hreflang="${code === "us" ? "en-US" : "en-GB"}"]`;

/**
 * Clicks the switcher's link and waits for the next page's document to load. The click is the
 * visitor's first interaction, so it also wakes the app (decision record 008), whose router
 * rewrites the current history entry as it starts: a same-document navigation to the same URL,
 * which puppeteer's waitForNavigation takes for the click's and then returns before the next
 * document is there. So this waits for a document at another address, loaded.
 */
async function switchRegion(page: Page, code: "gb" | "us"): Promise<string> {
  const from = page.url();
  await page.click(switcherLink(code));
  await page.waitForFunction(
    (previous: string) => location.href !== previous && document.readyState === "complete",
    {},
    from,
  );
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

test("a click that wakes the app lands on the translation even when the app starts before the next page arrives", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  await page.goto(`${suite.server.url}/us/gallery/braybrook-st`, { waitUntil: "load" });
  // The switcher's answer is held until the app, woken by the same click, has started its router
  // (its same-document navigation), so the wake runs while the visitor's navigation is pending.
  let appStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (appStarted = resolve));
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) appStarted();
  });
  await page.setRequestInterception(true);
  page.on("request", (request: HTTPRequest) => {
    if (new URL(request.url()).pathname.startsWith("/_region/")) void started.then(() => request.continue());
    else void request.continue();
  });
  expect(await switchRegion(page, "gb")).toBe("/gallery/braybrook-st");
  expect(await page.$eval("html", (h) => h.lang)).toBe("en-GB");
  await page.close();
});
