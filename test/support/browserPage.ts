/** Helpers for browser tests: open a page and wait for hydration, watch requests, mark a document. */
import type { Browser, HTTPRequest, Page } from "puppeteer";
import { hydrationBegun, pageHydrated, scriptsRan } from "./hydration";
import { within } from "./waitFor";

/** Whether React has hydrated (or freshly mounted) the page: it marks its elements with its fiber key. */
export const isHydrated = (page: Page) => page.evaluate(hydrationBegun);

/** What a visitor's first interaction does (decision record 008): a press of Shift changes nothing on the page but wakes the app. */
export async function wakeApp(page: Page): Promise<void> {
  await page.waitForFunction(scriptsRan);
  await page.keyboard.press("Shift");
}

/**
 * The app wakes on the visitor's first interaction (decision record 008): a press of Shift,
 * which changes nothing on the page, wakes it; then this waits until React has hydrated all of it,
 * slices included (test/support/hydration.ts).
 */
export async function waitForHydration(page: Page, { wake = true } = {}): Promise<void> {
  // Pages the app wakes on by itself (a hash, a preview) need no key press, which would also count as the visitor acting.
  if (wake) await wakeApp(page);
  await page.waitForFunction(pageHydrated, { timeout: 15_000 }).catch((error: Error) => {
    throw new Error(`timed out waiting for React to hydrate ${page.url()}: ${error.message}`);
  });
}

/** A window size; what is left out is 1280 × 800. */
type WindowSize = { width?: number; height?: number };

export async function openPage(browser: Browser, url: string, size?: WindowSize): Promise<Page> {
  return openIn(await browser.newPage(), url, size);
}

/** Opens `url` in `page` at `size` as a new document, the app awake. */
export async function openIn(page: Page, url: string, { width = 1280, height = 800 }: WindowSize = {}): Promise<Page> {
  await page.setViewport({ width, height });
  await page.goto(url, { waitUntil: "load" });
  await waitForHydration(page);
  return page;
}

/**
 * One tab a file opens page after page in, each a new document: a tab is dear here, a document
 * cheap (docs/development.md, "A tab is dear; a document is cheap"). Only for pages that already
 * shared a browser context. The first call opens it and runs `prepare` (a setting every page of
 * the tab needs); each later call clears the session storage the last page left (React Router's
 * saved scroll positions, the pages to load in full), as a new tab starts without it, by a detour
 * to a plain text file of the same origin: about:blank would cost a new renderer.
 */
export function reusedTab(browser: () => Browser, prepare?: (page: Page) => Promise<unknown>): () => Promise<Page> {
  let tab: Page | undefined;
  return async () => {
    if (!tab) {
      tab = await browser().newPage();
      await prepare?.(tab);
    } else if (tab.url().startsWith("http")) {
      await tab.goto(`${new URL(tab.url()).origin}/robots.txt`);
      await tab.evaluate(() => sessionStorage.clear());
    }
    return tab;
  };
}

/** Puts a marker on `window`: it survives client-side navigation, not a document load. */
export const setMarker = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 42;
  });
export const hasMarker = (page: Page) =>
  page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 42);

/** Records the URL of every document (full page load) request from now on. */
export function documentRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r: HTTPRequest) => {
    if (r.resourceType() === "document" && r.frame() === page.mainFrame()) urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

/** Resolves once the window has not scrolled for `quietMs`. */
export async function scrollSettled(page: Page, quietMs = 250): Promise<number> {
  return within(
    `the window to stop scrolling for ${quietMs} ms`,
    10_000,
    page.evaluate(
      (quiet) =>
        new Promise<number>((resolve) => {
          let last = window.scrollY;
          let since = performance.now();
          const check = () => {
            if (window.scrollY !== last) {
              last = window.scrollY;
              since = performance.now();
            }
            if (performance.now() - since >= quiet) resolve(last);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
      quietMs,
    ),
  );
}

/** The distance of an element's top from the top of the window. */
export const topOf = (page: Page, selector: string) => page.$eval(selector, (el) => el.getBoundingClientRect().top);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
