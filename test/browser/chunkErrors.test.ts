/**
 * A route chunk that fails to load (an old tab after a deploy) loads the page as a new
 * document, once: the reload is guarded for 10 s (docs/behaviour.md section 2.10), so a chunk that stays broken ends
 * on the error screen instead of reloading again and again.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "puppeteer";
import { ROOT } from "../support/builtServer";
import { useSiteAndBrowser } from "../support/browserSuite";
import {
  documentRequests,
  hasMarker,
  openPage,
  setMarker,
  sleep,
  waitForHydration,
  wakeApp,
} from "../support/browserPage";

const suite = useSiteAndBrowser();

/** The gallery list page's own chunk, as the build names it. */
function galleryListChunk(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "dist/client/manifest.json"), "utf8"));
  return manifest.modules["views/pages/GalleryListPage.tsx"][0];
}

/** Answers 404 for `chunk`, as a server does once a deploy has removed it. */
async function removeChunk(page: Page, chunk: string): Promise<void> {
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === chunk)
      void request.respond({ status: 404, contentType: "text/plain", body: "Not Found" });
    else void request.continue();
  });
}

test("a failed route chunk reloads the page at the link's URL once, then shows the error screen instead of reloading again", async () => {
  const page = await openPage(suite.browser, `${suite.server.url}/`);
  const documents = documentRequests(page);
  await removeChunk(page, galleryListChunk());
  await setMarker(page);

  await page.$eval('.site-footer a[href="/gallery"]', (a) => (a as HTMLAnchorElement).click());
  // The page loaded again shows the server's markup; once the visitor acts, the app finds the chunk still missing.
  await page.waitForFunction(() => location.pathname === "/gallery" && document.readyState === "complete", {
    timeout: 10_000,
  });
  await waitForHydration(page);
  await page.waitForSelector(".not-found");
  expect(await hasMarker(page)).toBe(false);
  expect(await page.$eval("h1", (h) => h.textContent)).toBe("Oops! Page Not Found");

  // Still one reload a while later: the guard holds.
  await sleep(1500);
  expect(documents).toEqual(["/gallery"]);
  expect(Number(await page.evaluate(() => sessionStorage.getItem("chunk-reload-at")))).toBeGreaterThan(
    Date.now() - 10_000,
  );
  await page.close();
});

test("a route chunk that loads again after the reload shows its page as usual", async () => {
  const page = await openPage(suite.browser, `${suite.server.url}/`);
  const documents = documentRequests(page);
  const chunk = galleryListChunk();
  // The chunk is missing until the page is loaded again (a deploy that was still rolling out).
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === chunk && documents.length === 0)
      void request.respond({ status: 404, body: "" });
    else void request.continue();
  });
  await page.$eval('.site-footer a[href="/gallery"]', (a) => (a as HTMLAnchorElement).click());
  await page.waitForFunction(
    () => location.pathname === "/gallery" && document.querySelector('main a[href^="/gallery/"]') !== null,
    {
      timeout: 10_000,
    },
  );
  expect(documents).toEqual(["/gallery"]);
  await page.close();
});

test("an app chunk the server no longer has (404) when the visitor wakes the app reloads the page once, then leaves it as the server's page", async () => {
  const page = await suite.browser.newPage();
  const appChunk = JSON.parse(fs.readFileSync(path.join(ROOT, "dist/client/manifest.json"), "utf8")).modules[
    "client/app.tsx"
  ][0];
  await removeChunk(page, appChunk);
  await page.goto(`${suite.server.url}/info/about-us`, { waitUntil: "load" });
  const documents = documentRequests(page);
  await wakeApp(page);
  await page.waitForFunction(
    () => sessionStorage.getItem("chunk-reload-at") !== null && document.readyState === "complete",
    { timeout: 10_000 },
  );
  await sleep(500);
  await wakeApp(page);
  await sleep(1500);
  expect(documents).toEqual(["/info/about-us"]);
  expect(await page.evaluate(() => location.pathname)).toBe("/info/about-us");
  await page.close();
});
