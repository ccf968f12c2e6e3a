/**
 * Preloading (docs/behaviour.md section 2.9): links in view, hovered or focused preload their route chunks, at most
 * 5 requests at once; after 1 s of idle the data of likely next pages is prefetched and the
 * navigation uses it; on save-data nothing is prefetched.
 */
import fs from "node:fs";
import path from "node:path";
import type { HTTPRequest, Page } from "puppeteer";
import { ROOT } from "../support/builtServer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { sleep, waitForHydration } from "../support/browserPage";
import { repeatUntil } from "../support/waitFor";

const suite = useSiteAndBrowser();

/** The preloader's own chunk (loaded once the page is idle, before it preloads anything). */
let preloader: string | undefined;
const preloaderChunk = () =>
  (preloader ??= JSON.parse(fs.readFileSync(path.join(ROOT, "dist/client/manifest.json"), "utf8")).modules[
    "client/preload.ts"
  ][0] as string);

/** Chunks, the route chunk map and route data: what the preloader asks for. */
const isPreloadable = (url: string) => {
  const { pathname } = new URL(url);
  if (pathname === preloaderChunk()) return false;
  return pathname.startsWith("/_data/") || (pathname.startsWith("/assets/") && /\.(js|json)$/.test(pathname));
};

interface Traffic {
  /** Requests (path and query) started after hydration, in order. */
  started: string[];
  /** The most preloadable requests that were in flight at once after hydration. */
  mostInFlight: () => number;
}

/**
 * The tab of the slow-network tests, its requests intercepted: each page a new document in it, as
 * a tab is dear here and a document cheap (docs/development.md, "A tab is dear; a document is
 * cheap"). Those tests shared the browser's context already and need the same interception.
 */
let slowTab: Page | undefined;
/** Takes the last test's listeners off, should it have failed before it did. */
let stopLast: (() => void) | undefined;

/**
 * Opens `path` with every preloadable request held for `delayMs`, so requests overlap the way
 * they do on a real network, and counts them from hydration on; `stop` takes the test's
 * listeners off the shared tab.
 */
async function openWithSlowNetwork(
  path: string,
  { width = 1280, height = 800, delayMs = 300 } = {},
): Promise<{ page: Page; traffic: Traffic; stop: () => void }> {
  if (!slowTab) {
    slowTab = await suite.browser.newPage();
    await slowTab.setRequestInterception(true);
  }
  stopLast?.();
  const page = slowTab;
  await page.setViewport({ width, height });
  let counting = false;
  let inFlight = 0;
  let most = 0;
  const started: Traffic["started"] = [];
  const pending = new Set<HTTPRequest>();
  const onRequest = (request: HTTPRequest) => {
    if (!isPreloadable(request.url())) return void request.continue();
    if (counting) {
      pending.add(request);
      inFlight++;
      most = Math.max(most, inFlight);
      const { pathname, search } = new URL(request.url());
      started.push(pathname + search);
    }
    setTimeout(() => void request.continue().catch(() => {}), delayMs);
  };
  const done = (request: HTTPRequest) => {
    if (pending.delete(request)) inFlight--;
  };
  page.on("request", onRequest);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  const stop = () => {
    page.off("request", onRequest);
    page.off("requestfinished", done);
    page.off("requestfailed", done);
  };
  stopLast = stop;
  await page.goto(suite.server.url + path, { waitUntil: "load" });
  await waitForHydration(page);
  counting = true;
  return { page, traffic: { started, mostInFlight: () => most }, stop };
}

/** Waits until no preloadable request has started for `quietMs` (a page that keeps requesting fails after 20 quiet checks). */
async function networkQuiet(traffic: Traffic, quietMs = 1500): Promise<void> {
  let seen = -1;
  await repeatUntil(`no new preload request for ${quietMs} ms (${traffic.started.length} so far)`, 20, async () => {
    if (seen === traffic.started.length) return true;
    seen = traffic.started.length;
    await sleep(quietMs);
    return false;
  });
}

test("links in view preload their route chunks and then their data, never more than 5 requests at once", async () => {
  // A window as tall as the home page: every link on it (menus, cards, footer) is in view.
  const { page, traffic, stop } = await openWithSlowNetwork("/", { height: 6400 });
  await networkQuiet(traffic);

  const chunks = traffic.started.filter((url) => /^\/assets\/chunk-.*\.js$/.test(url));
  const data = traffic.started.filter((url) => url.startsWith("/_data/"));
  expect(chunks.length).toBeGreaterThan(5);
  expect(new Set(chunks).size).toBe(chunks.length);
  expect(data.length).toBeGreaterThan(0);
  expect(traffic.mostInFlight()).toBeLessThanOrEqual(5);
  expect(traffic.mostInFlight()).toBeGreaterThanOrEqual(4);
  // Data only after 1 s of idle, by the page's own clock: from the end of its load event.
  const dataAfterLoad = await page.evaluate(() => {
    const loaded = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd;
    const data = performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname.startsWith("/_data/"));
    return Math.min(...data.map((e) => e.startTime)) - loaded;
  });
  expect(dataAfterLoad).toBeGreaterThanOrEqual(1000);
  stop();
});

test("a hovered link's data is prefetched and its navigation uses it", async () => {
  const { page, traffic, stop } = await openWithSlowNetwork("/");
  await sleep(1300);
  const link = '.site-footer a[href="/info/about-us"]';
  await page.hover(link);
  await page.waitForResponse((r) => new URL(r.url()).pathname === "/_data/info/about-us");
  const before = traffic.started.filter((url) => url.startsWith("/_data/info/about-us")).length;
  expect(before).toBe(1);

  await page.click(link);
  await page.waitForFunction(
    () => location.pathname === "/info/about-us" && document.querySelector(".page--content") !== null,
  );
  expect(traffic.started.filter((url) => url.startsWith("/_data/info/about-us")).length).toBe(1);
  stop();
});

test("on save-data nothing is prefetched, not even the preloader", async () => {
  const page = await suite.browser.newPage();
  await page.evaluateOnNewDocument(() => {
    Object.defineProperty(navigator, "connection", {
      value: { saveData: true, effectiveType: "4g" },
      configurable: true,
    });
  });
  const requests: string[] = [];
  let hydrated = false;
  page.on("request", (r) => {
    if (hydrated && (isPreloadable(r.url()) || new URL(r.url()).pathname === preloaderChunk())) requests.push(r.url());
  });
  await page.setViewport({ width: 1280, height: 6400 });
  await page.goto(`${suite.server.url}/`, { waitUntil: "load" });
  await waitForHydration(page);
  hydrated = true;
  await page.hover('.site-footer a[href="/gallery"]');
  await sleep(2000);
  expect(requests).toEqual([]);
  await page.close();
});
