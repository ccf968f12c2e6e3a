/**
 * Speed budgets (issue 8), measured as a visitor's browser loads the home pages: JavaScript
 * loaded before the first interaction ≤ 90 KB gzipped, CSS ≤ 15 KB gzipped, the HTML ≤ 30 KB
 * gzipped. Sizes are gzip level 9 of the bytes the browser received, so they do not depend on
 * the encoding it negotiated. The app itself loads on the first interaction (decision record 008).
 */
import http from "node:http";
import { gzipSync } from "node:zlib";
import type { Page } from "puppeteer-core";
import { isHydrated, sleep, waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";

const KB = 1024;
const suite = useSiteAndBrowser();

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** Every same-origin script and stylesheet the page has received so far, by URL, with its body. */
function recordAssets(page: Page): Map<string, { type: string; body: Promise<Buffer> }> {
  const assets = new Map<string, { type: string; body: Promise<Buffer> }>();
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if ((type === "script" || type === "stylesheet") && response.url().startsWith(suite.server.url)) {
      assets.set(response.url(), { type, body: response.buffer() });
    }
  });
  return assets;
}

async function gzippedTotal(assets: ReturnType<typeof recordAssets>, type: string): Promise<number> {
  let total = 0;
  for (const asset of assets.values()) if (asset.type === type) total += gzipSize(await asset.body);
  return total;
}

/** The document as the server sends it to a browser that accepts gzip: the bytes on the wire. */
function gzippedDocument(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${suite.server.url}${path}`, { headers: { "Accept-Encoding": "gzip", Accept: "text/html", "Accept-Language": "en-GB" } }, (res) => {
      if (res.statusCode !== 200 || res.headers["content-encoding"] !== "gzip") reject(new Error(`${path}: ${res.statusCode} ${res.headers["content-encoding"]}`));
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(bytes));
    });
    request.on("error", reject);
  });
}

test.each(["/", "/us"])("%s: JavaScript before interaction ≤ 90 KB and CSS ≤ 15 KB gzipped; the app loads on the first interaction", async (path) => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  const assets = recordAssets(page);
  await page.goto(`${suite.server.url}${path}`, { waitUntil: "networkidle0" });
  await sleep(1000);

  const jsBefore = await gzippedTotal(assets, "script");
  const css = await gzippedTotal(assets, "stylesheet");
  expect(await isHydrated(page)).toBe(false);
  expect(jsBefore).toBeGreaterThan(0);
  expect(jsBefore).toBeLessThanOrEqual(90 * KB);
  expect(css).toBeGreaterThan(0);
  expect(css).toBeLessThanOrEqual(15 * KB);

  await waitForHydration(page);
  await page.waitForNetworkIdle({ idleTime: 300 });
  const jsAfter = await gzippedTotal(assets, "script");
  expect(jsAfter).toBeGreaterThan(jsBefore);
  console.log(`${path}: JS ${(jsBefore / KB).toFixed(1)} KB gz before interaction, ${(jsAfter / KB).toFixed(1)} KB once the app runs; CSS ${(css / KB).toFixed(1)} KB gz`);
  await page.close();
});

test.each(["/", "/us"])("%s: the HTML is ≤ 30 KB gzipped", async (path) => {
  const bytes = await gzippedDocument(path);
  expect(bytes).toBeGreaterThan(1 * KB);
  expect(bytes).toBeLessThanOrEqual(30 * KB);
});
