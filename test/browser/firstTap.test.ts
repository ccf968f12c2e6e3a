/**
 * The first tap always does what it says (decision record 017): a tap on a link right after the page has
 * loaded wakes the app (decision record 008) and follows the link; the link's navigation makes
 * the browser drop the app's module loads (WebKit does), and that failure is not taken for a
 * chunk removed by a deploy: no reload replaces the visitor's navigation.
 */
import fs from "node:fs";
import path from "node:path";
import type { HTTPRequest, Page } from "puppeteer";
import { SPECULATION_OFF } from "../../shared/speculationRules";
import { ROOT } from "../support/builtServer";
import { documentRequests, isHydrated, openPage, sleep } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";

const suite = useSiteAndBrowser();

/** The entry's own modules: everything else under /assets/ is the app's, fetched after the page has loaded. */
function entryModules(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "dist/client/manifest.json"), "utf8"));
  return new Set([manifest.entry, ...manifest.entryImports]);
}

/**
 * The app's module requests (the idle fetch's and the wake's) wait; once a document request
 * starts (the visitor's navigation), they fail as a navigating engine cancels them, and the
 * document arrives `documentDelayMs` later, so the old page is still there to handle the failure.
 */
async function cancelModuleLoadsOnNavigation(page: Page, documentDelayMs = 1000): Promise<void> {
  const entry = entryModules();
  const held: HTTPRequest[] = [];
  let documents = 0;
  let navigating = false;
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    // The first document is the page itself; the next one, the visitor's navigation.
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && ++documents > 1) {
      navigating = true;
      for (const chunk of held.splice(0)) void chunk.abort("aborted");
      setTimeout(() => void request.continue().catch(() => {}), documentDelayMs);
    } else if (!navigating && path.startsWith("/assets/") && path.endsWith(".js") && !entry.has(path))
      held.push(request);
    else void request.continue();
  });
}

for (const [name, selector] of [
  ["a gallery card", 'main a[href^="/gallery/"]'],
  ["the header's logo", ".site-header .brand"],
] as const) {
  test(`a first tap on ${name} right after load follows the link, without a reload in its place`, async () => {
    const page = await suite.browser.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await cancelModuleLoadsOnNavigation(page);
    await page.goto(`${suite.server.url}${name.includes("logo") ? "/gallery" : "/"}`, { waitUntil: "load" });
    const href = await page.$eval(selector, (a) => new URL((a as HTMLAnchorElement).href).pathname);
    const documents = documentRequests(page);
    expect(await isHydrated(page)).toBe(false);
    // As in an engine without speculation rules (WebKit, Firefox): the tap's navigation is a request of the page's own.
    await page.$eval(
      selector,
      (a, off) => {
        a.setAttribute(off.attribute, off.value);
        a.scrollIntoView({ block: "center" });
      },
      SPECULATION_OFF,
    );
    await page.tap(selector);
    // The document arrives after 1 s; then time for a wrong reload to start, had one been asked for.
    await sleep(3000);
    await page.waitForFunction(() => document.readyState === "complete", { timeout: 10_000 });
    expect(documents).toEqual([href]);
    expect(await page.evaluate(() => location.pathname)).toBe(href);
    expect(await page.evaluate(() => sessionStorage.getItem("chunk-reload-at"))).toBeNull();
    await page.close();
  });
}

test("a client navigation whose data fetch is cut off by the visitor's next navigation shows no error screen while the page is left", async () => {
  const page = await openPage(suite.browser, `${suite.server.url}/info/about-us`);
  // Watch for the error screen from now until the page is gone.
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector(".not-found")) sessionStorage.setItem("saw-error-screen", "1");
    }).observe(document.body, { childList: true, subtree: true });
  });
  const heldData: HTTPRequest[] = [];
  let documents = 0;
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/_data/")) return void heldData.push(request);
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documents++;
      // The engine cancels the page's requests as the new document is asked for; it arrives a second later.
      for (const data of heldData.splice(0)) void data.abort("aborted");
      return void setTimeout(() => void request.continue().catch(() => {}), 1000);
    }
    void request.continue();
  });
  await page.click('.site-footer a[href="/gallery"]');
  await sleep(300);
  expect(heldData.length).toBeGreaterThan(0);
  // The visitor goes elsewhere before the gallery's data has come.
  await page.evaluate(() => {
    location.href = "/info/delivery";
  });
  await page.waitForFunction(() => location.pathname === "/info/delivery" && document.readyState === "complete", {
    timeout: 10_000,
  });
  expect(documents).toBe(1);
  expect(await page.evaluate(() => sessionStorage.getItem("saw-error-screen"))).toBeNull();
  await page.close();
});
