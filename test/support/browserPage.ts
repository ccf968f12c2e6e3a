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

export async function openPage(browser: Browser, url: string, { width = 1280, height = 800 } = {}): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  await page.goto(url, { waitUntil: "load" });
  await waitForHydration(page);
  return page;
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
