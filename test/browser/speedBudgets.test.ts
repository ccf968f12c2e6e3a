/**
 * Speed budgets (docs/behaviour.md section 7.5), measured as a visitor's browser loads the home pages: JavaScript
 * run before the first interaction, files and inline scripts, within the line of budgets.json for
 * that page (held per chunk in the quick tier by test/jsBudget.test.ts; here, what a browser
 * really loaded), CSS ≤ 15 KB gzipped, the HTML ≤ 30 KB gzipped. Sizes are gzip level 9 of the
 * bytes the browser received, each file or inline script on its own, so they do not depend on
 * the encoding it negotiated. The app itself loads on the first interaction (decision record 008).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "puppeteer";
import { isHydrated, sleep, waitForHydration } from "../support/browserPage";
import { settledCookies } from "../support/recordedPage";
import { useSiteAndBrowser } from "../support/browserSuite";
import { startBuiltServer, type RunningServer } from "../support/builtServer";
import { startStandIns, type StandIns } from "../support/tagStandIns";

const KB = 1024;
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const suite = useSiteAndBrowser();

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

/** The committed budgets (budgets.json): a page's JavaScript before interaction may be `tolerance` bytes past its line. */
const budgets = JSON.parse(fs.readFileSync(path.join(__dirname, "../../budgets.json"), "utf8")) as {
  tolerance: number;
  beforeInteraction: { pages: Record<string, number> };
};
const ceiling = (page: string) => {
  const budget = budgets.beforeInteraction.pages[page];
  if (budget === undefined) throw new Error(`budgets.json has no line for "${page}"`);
  return budget + budgets.tolerance;
};

/** The page's executable inline scripts (the shell's preloader and loaders, the tags' head), each gzipped on its own. */
async function gzippedInline(page: Page): Promise<number> {
  const scripts = await page.evaluate(() =>
    [...document.scripts]
      .filter((s) => !s.src && (!s.type || s.type === "module" || s.type === "text/javascript"))
      .map((s) => s.textContent ?? ""),
  );
  return scripts.reduce((sum, script) => sum + gzipSize(script), 0);
}

/** Every script and stylesheet from the site's origin the page has received so far, by URL, with its body. */
function recordAssets(page: Page, siteUrl = suite.server.url): Map<string, { type: string; body: Promise<Buffer> }> {
  const assets = new Map<string, { type: string; body: Promise<Buffer> }>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    // The idle fetch brings the app's modules into the HTTP cache with fetch() (client/modulePreload.ts): JavaScript all the same.
    const type =
      response.request().resourceType() === "fetch" && url.pathname.endsWith(".js")
        ? "script"
        : response.request().resourceType();
    if ((type === "script" || type === "stylesheet") && url.origin === siteUrl) {
      assets.set(response.url(), { type, body: response.buffer() });
    }
  });
  return assets;
}

async function gzippedTotal(
  assets: ReturnType<typeof recordAssets>,
  type: string,
  only?: Set<string>,
): Promise<number> {
  let total = 0;
  for (const [url, asset] of assets)
    if (asset.type === type && (!only || only.has(url))) total += gzipSize(await asset.body);
  return total;
}

/** The document as the server sends it to a browser that accepts gzip: the bytes on the wire. */
function gzippedDocument(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${suite.server.url}${path}`,
      { headers: { "Accept-Encoding": "gzip", Accept: "text/html", "Accept-Language": "en-GB" } },
      (res) => {
        if (res.statusCode !== 200 || res.headers["content-encoding"] !== "gzip")
          reject(new Error(`${path}: ${res.statusCode} ${res.headers["content-encoding"]}`));
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
      },
    );
    request.on("error", reject);
  });
}

test.each(["/", "/us"])(
  "%s: JavaScript before interaction within budgets.json and CSS ≤ 15 KB gzipped; the app loads on the first interaction",
  async (path) => {
    const page = await suite.browser.newPage();
    await page.setViewport(PHONE);
    const assets = recordAssets(page);
    await page.goto(`${suite.server.url}${path}`, { waitUntil: "networkidle0" });
    await sleep(1000);

    // Once idle, the entry fetches the app's modules and evaluates React without running the app
    // (mark "app-prefetch", decision record 017): what the page ran before that is what loaded before it.
    const { prefetchAt, before } = await page.evaluate(() => {
      const mark = performance.getEntriesByName("app-prefetch")[0];
      const loaded = performance.getEntriesByType("resource").filter((e) => mark && e.startTime < mark.startTime);
      return { prefetchAt: mark?.startTime ?? null, before: loaded.map((e) => e.name) };
    });
    expect(prefetchAt).not.toBeNull();
    const jsBefore = (await gzippedTotal(assets, "script", new Set(before))) + (await gzippedInline(page));
    const jsFetchedIdle = await gzippedTotal(assets, "script");
    const css = await gzippedTotal(assets, "stylesheet");
    expect(await isHydrated(page)).toBe(false);
    // The app is in the cache before the visitor acts, and has not hydrated.
    expect(jsFetchedIdle).toBeGreaterThan(jsBefore);
    expect(jsBefore).toBeGreaterThan(0);
    expect(jsBefore).toBeLessThanOrEqual(ceiling(`${path} without tags`));
    expect(css).toBeGreaterThan(0);
    expect(css).toBeLessThanOrEqual(15 * KB);

    await waitForHydration(page);
    await page.waitForNetworkIdle({ idleTime: 300 });
    const jsAfter = await gzippedTotal(assets, "script");
    expect(jsAfter).toBeGreaterThan(jsBefore);
    // Waking fetched nothing the idle prefetch had not (page modules of other routes aside).
    expect(jsAfter).toBeLessThan(jsFetchedIdle * 1.05);
    console.log(
      `${path}: JS ${(jsBefore / KB).toFixed(1)} KB gz before interaction (files and inline), ${(jsAfter / KB).toFixed(1)} KB once the app runs; CSS ${(css / KB).toFixed(1)} KB gz`,
    );
    await page.close();
  },
);

test.each(["/", "/us"])("%s: the HTML is ≤ 30 KB gzipped", async (path) => {
  const bytes = await gzippedDocument(path);
  expect(bytes).toBeGreaterThan(1 * KB);
  expect(bytes).toBeLessThanOrEqual(30 * KB);
});

describe("a first visit to a site with tags: the built-in consent banner", () => {
  let standIns: StandIns;
  let site: RunningServer;
  beforeAll(async () => {
    standIns = await startStandIns();
    site = await startBuiltServer(standIns.env);
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await standIns?.close();
  });

  test("the banner opens with the page and stores the choice without the app; JavaScript before interaction within budgets.json", async () => {
    const context = await suite.browser.createBrowserContext(); // no cookies: no stored choice
    const page = await context.newPage();
    await page.setViewport(PHONE);
    // A visitor saving data: the entry does not fetch the app while idle, so below the app's
    // modules can be held back and the banner shown to work without them.
    await page.evaluateOnNewDocument(() => {
      const connection = (navigator as any).connection;
      if (connection) Object.defineProperty(connection, "saveData", { get: () => true });
    });
    const assets = recordAssets(page, site.url);
    await page.goto(`${site.url}/`, { waitUntil: "networkidle0" });
    await page.waitForSelector("dialog.consent-dialog[open]");
    await sleep(1000);
    expect(await page.evaluate(() => performance.getEntriesByName("app-prefetch").length)).toBe(0);

    const jsBefore = (await gzippedTotal(assets, "script")) + (await gzippedInline(page));
    expect(await isHydrated(page)).toBe(false);
    expect(jsBefore).toBeGreaterThan(0);
    expect(jsBefore).toBeLessThanOrEqual(ceiling("/ with tags, first visit (banner open)"));

    // The click is an interaction, so the app starts loading: its modules are held back, and
    // the choice is stored by what the page already has.
    const received = new Set(assets.keys());
    await page.setRequestInterception(true);
    page.on("request", (request) => {
      const url = new URL(request.url());
      const appModule = url.origin === site.url && url.pathname.endsWith(".js") && !received.has(request.url());
      if (!appModule) void request.continue();
    });
    const accept = await page.waitForSelector("dialog.consent-dialog[open] button::-p-text(Accept all)");
    await accept!.click();
    await page.waitForFunction(() => !document.querySelector("dialog.consent-dialog"));
    const stored = (await settledCookies(page, context)).find((c) => c.name === "consent")?.value;
    expect(JSON.parse(decodeURIComponent(stored ?? "null"))).toMatchObject({ v: 1, functional: true, marketing: true });
    expect(await isHydrated(page)).toBe(false);
    console.log(
      `first visit with tags: JS ${(jsBefore / KB).toFixed(1)} KB gz before interaction (files and inline), with the consent banner open`,
    );
    await context.close();
  });
});
