/**
 * Fatal errors in the browser (docs/behaviour.md section 2.8): an error during start-up or rendering switches
 * the view to the not-found screen and is reported to the server's log endpoint.
 */
import fs from "node:fs";
import path from "node:path";
import type { HTTPRequest, Page } from "puppeteer";
import { ROOT } from "../support/builtServer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { documentRequests, hasMarker, setMarker, sleep, wakeApp, waitForHydration } from "../support/browserPage";

const suite = useSiteAndBrowser({}, { ownServer: true });

const pageChunk = (source: string): string =>
  JSON.parse(fs.readFileSync(path.join(ROOT, "dist/client/manifest.json"), "utf8")).modules[source][0];

/** Intercepts requests: `answer` may respond to one (return true) or leave it to the server. */
async function intercept(page: Page, answer: (request: HTTPRequest) => Promise<boolean> | boolean): Promise<void> {
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    void Promise.resolve(answer(request)).then((answered) => (answered ? undefined : request.continue()));
  });
}

/** The client-log reports the page sends, as parsed JSON. */
function clientLogReports(page: Page): Array<Record<string, unknown>> {
  const reports: Array<Record<string, unknown>> = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/client-log" && r.method() === "POST")
      reports.push(JSON.parse(r.postData() ?? "{}"));
  });
  return reports;
}

const notFoundHeading = (page: Page) => page.$eval(".not-found h1", (h) => h.textContent);

test("an error while starting up shows the not-found screen and is reported to the server's log", async () => {
  const page = await suite.browser.newPage();
  const reports = clientLogReports(page);
  const homeChunk = pageChunk("views/pages/HomePage.tsx");
  // The home page's module throws when it runs (as it would on a browser missing something it needs).
  await intercept(page, async (request) => {
    if (new URL(request.url()).pathname !== homeChunk) return false;
    await request.respond({
      status: 200,
      contentType: "text/javascript",
      body: 'throw new Error("boom at start-up");',
    });
    return true;
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/client-log");
  await page.goto(`${suite.server.url}/`, { waitUntil: "load" });
  const documents = documentRequests(page);
  await wakeApp(page);
  await page.waitForSelector(".not-found");
  await waitForHydration(page);
  expect(await notFoundHeading(page)).toBe("Oops! Page Not Found");
  expect(await page.$eval(".not-found__code", (p) => p.textContent)).toBe("404");

  expect((await answered).status()).toBe(204);
  expect(reports[0]).toMatchObject({
    kind: "startup",
    path: "/",
    message: expect.stringContaining("boom at start-up"),
  });
  await sleep(300);
  expect(suite.server.output()).toContain("client error reported");
  expect(suite.server.output()).toContain("boom at start-up");
  expect(documents).toEqual([]);
  await page.close();
});

test("an error while rendering a page shows the not-found screen and is reported", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const reports = clientLogReports(page);
  // The about page's data arrives in a shape the page cannot render.
  await intercept(page, async (request) => {
    if (new URL(request.url()).pathname !== "/_data/info/about-us") return false;
    await request.respond({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ head: { title: "About us" } }),
    });
    return true;
  });
  await page.goto(`${suite.server.url}/`, { waitUntil: "load" });
  await waitForHydration(page);
  const reported = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/client-log");
  await page.$eval('.site-footer a[href="/info/about-us"]', (a) => (a as HTMLAnchorElement).click());
  await wakeApp(page);
  await page.waitForSelector(".not-found");
  expect(await notFoundHeading(page)).toBe("Oops! Page Not Found");
  await reported;
  expect(reports[0]).toMatchObject({
    kind: "render",
    path: "/info/about-us",
    message: expect.stringContaining("TypeError"),
  });
  await page.close();
});

test("when the page cannot even be mounted, the not-found screen replaces it and its home link loads the home page", async () => {
  const page = await suite.browser.newPage();
  const reports = clientLogReports(page);
  // A document whose shell has lost the app's root element.
  await intercept(page, async (request) => {
    if (request.resourceType() !== "document" || new URL(request.url()).pathname !== "/info/about-us") return false;
    const original = await fetch(request.url());
    const html = (await original.text()).replace('<div id="root">', '<div id="app">');
    const csp = original.headers.get("content-security-policy")!;
    await request.respond({
      status: 200,
      headers: { "Content-Security-Policy": csp },
      contentType: "text/html",
      body: html,
    });
    return true;
  });
  const reported = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/client-log");
  await page.goto(`${suite.server.url}/info/about-us`, { waitUntil: "load" });
  await page.waitForSelector("#root .not-found");
  expect(await notFoundHeading(page)).toBe("Oops! Page Not Found");
  expect(await page.title()).toContain("Page not found");
  await reported;
  expect(reports[0]).toMatchObject({ kind: "startup" });

  // A document load (possibly served from the prefetch the speculation rules made on hover): the window's marker is gone.
  await setMarker(page);
  await page.click(".not-found a.button");
  await page.waitForFunction(() => location.pathname === "/" && !!document.querySelector('[data-slice-type="hero"]'));
  expect(await hasMarker(page)).toBe(false);
  await page.close();
});
