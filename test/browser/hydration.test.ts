/**
 * In the browser: the server's markup hydrates without errors or hydration warnings,
 * header links navigate client-side, and back works.
 */
import type { ConsoleMessage, Page } from "puppeteer";
import { waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";

const suite = useSiteAndBrowser();
let pageTypesTab: Page | undefined;

/** Opens a page in a tab of its own and records every console error/warning and uncaught error. */
async function openPage(path: string): Promise<{ page: Page; problems: string[] }> {
  return openIn(await suite.browser.newPage(), path);
}

async function openIn(page: Page, path: string): Promise<{ page: Page; problems: string[]; stop: () => void }> {
  const problems: string[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === "error" || msg.type() === "warn") problems.push(`${msg.type()}: ${msg.text()}`);
  };
  const onError = (err: unknown) => problems.push(`pageerror: ${(err as Error).message}`);
  page.on("console", onConsole);
  page.on("pageerror", onError);
  await page.goto(suite.server.url + path, { waitUntil: "load" });
  await waitForHydration(page);
  const stop = () => {
    page.off("console", onConsole);
    page.off("pageerror", onError);
  };
  return { page, problems, stop };
}

test.each([
  "/",
  "/us",
  "/gallery/braybrook-st",
  "/info/blog/choosing-a-worktop",
  "/us/materials/samples",
  "/info/about-us",
])("%s hydrates with no console error and no hydration warning", async (path) => {
  // Each page a new document in one tab (a tab is dear here, a document cheap: docs/development.md),
  // its problems recorded by listeners of its own.
  pageTypesTab ??= await suite.browser.newPage();
  const { problems, stop } = await openIn(pageTypesTab, path);
  stop();
  expect(problems).toEqual([]);
});

test("the 404 screen hydrates too", async () => {
  const page = await suite.browser.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push((err as Error).message));
  page.on("console", (msg) => {
    // The 404 document request itself is reported by the browser; anything else is a problem.
    if ((msg.type() === "error" || msg.type() === "warn") && !/status of 404/.test(msg.text()))
      problems.push(msg.text());
  });
  const response = await page.goto(`${suite.server.url}/no/such/page/here`, { waitUntil: "load" });
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  expect(await page.$eval("h1", (h) => h.textContent)).toBe("Oops! Page Not Found");
  expect(problems).toEqual([]);
  await page.close();
});

test("a header link navigates client-side without a full reload, and back returns", async () => {
  const { page, problems } = await openPage("/");
  // A full page load would wipe this marker.
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  const documentRequests: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documentRequests.push(r.url());
  });

  await page.setViewport({ width: 1440, height: 900 });
  await page.click(".primary-nav li:first-child .primary-nav__title");
  await page.click('.primary-nav a[href="/products/doors-drawers"]');
  await page.waitForFunction(() => location.pathname === "/products/doors-drawers");
  await page.waitForFunction(() => document.querySelector("h1")?.textContent?.includes("Doors and drawers"));
  expect(await page.title()).toContain("doors and drawers");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);

  await page.goBack();
  await page.waitForFunction(() => location.pathname === "/");
  await page.waitForFunction(() => !!document.querySelector('[data-slice-type="hero"]'));
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  expect(documentRequests).toEqual([]);
  expect(problems).toEqual([]);
  await page.close();
});
