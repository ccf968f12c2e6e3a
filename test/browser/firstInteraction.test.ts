/**
 * The app wakes on the visitor's first interaction (decision record 008, client/entry.tsx,
 * client/firstInteraction.ts): until then the page is the server's HTML and works as such; a
 * tap on one of the app's buttons before it has hydrated is replayed once it has.
 */
import { documentRequests, isHydrated, sleep, waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";

const suite = useSiteAndBrowser();

test("without interaction the app does not load; links still work, as document loads", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${suite.server.url}/`, { waitUntil: "networkidle0" });
  await sleep(500);
  expect(await isHydrated(page)).toBe(false);
  expect(await page.$eval("h1", (h) => h.textContent)).toContain("Kitchens made to measure");
  const documents = documentRequests(page);
  // Followed without a pointer or key event, the link is the browser's own.
  await Promise.all([
    page.waitForNavigation(),
    page.$eval('.site-footer a[href="/gallery"]', (a) => (a as HTMLAnchorElement).click()),
  ]);
  expect(documents).toEqual(["/gallery"]);
  expect(await page.$eval("h1", (h) => h.textContent)).toBeTruthy();
  await page.close();
});

test("a key press wakes the app, which hydrates the server's markup", async () => {
  const page = await suite.browser.newPage();
  await page.goto(`${suite.server.url}/info/about-us`, { waitUntil: "networkidle0" });
  expect(await isHydrated(page)).toBe(false);
  await waitForHydration(page);
  expect(await isHydrated(page)).toBe(true);
  await page.close();
});

test("a tap on the carousel's next button before the app has hydrated is replayed once it has", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  // A slow connection: the app's modules arrive 1.5 s after they are asked for, and the visitor
  // saves data, so the entry does not fetch them while the page is idle (the tap asks for them).
  await page.evaluateOnNewDocument(() => {
    const connection = (navigator as any).connection;
    if (connection) Object.defineProperty(connection, "saveData", { get: () => true });
  });
  let loadedAt = Infinity;
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (
      path.startsWith("/assets/") &&
      path.endsWith(".js") &&
      !request.isNavigationRequest() &&
      Date.now() > loadedAt
    ) {
      setTimeout(() => void request.continue(), 1500);
    } else void request.continue();
  });
  await page.goto(`${suite.server.url}/`, { waitUntil: "networkidle0" });
  loadedAt = Date.now();
  const status = () => page.$eval(".image-gallery__status", (p) => p.textContent);
  expect(await status()).toBe("1 of 6");
  await page.$eval(".image-gallery__carousel", (el) => el.scrollIntoView({ block: "center" }));
  await page.tap('.image-gallery__button[aria-label="Next image"]');
  expect(await isHydrated(page)).toBe(false);
  await page.waitForFunction(() => document.querySelector(".image-gallery__status")?.textContent === "2 of 6", {
    timeout: 15_000,
  });
  expect(await isHydrated(page)).toBe(true);
  await page.close();
});
