/**
 * One tab that opens page after page as a first visit: before each, the tab's browser context
 * forgets the visitor (cookies, local storage, IndexedDB, caches, service workers) and the
 * document's session storage is cleared, as in a new browser context.
 *
 * Why not a new context and tab per test: here Chromium spends about 2.5 CPU-s starting and
 * tearing down the renderer process of each tab, more than most tests' own work. A test that
 * changes the tab itself (emulated media, request interception, exposed functions) still opens a
 * context of its own, since those outlive a navigation.
 */
import type { Browser, BrowserContext, CDPSession, Page } from "puppeteer";
import { waitForHydration } from "./browserPage";

export interface FirstVisitTab {
  /** Opens `url` at `size` as a first visit, the app awake; the same Page every time. */
  open(url: string, size: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Leaves the tab on about:blank with the visitor forgotten, as in a new browser context: the last
 * document's session storage, then cookies, storage, caches and service workers of `origins`.
 * `cdp` is a DevTools session of the tab's.
 */
export async function forgetVisitor(page: Page, cdp: CDPSession, origins: Iterable<string>): Promise<void> {
  if (page.url().startsWith("http")) await page.evaluate(() => sessionStorage.clear());
  await page.goto("about:blank");
  for (const origin of origins) await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
  await cdp.send("Network.clearBrowserCookies");
}

export function firstVisitTab(browser: () => Browser): FirstVisitTab {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let cdp: CDPSession | undefined;
  const visited = new Set<string>();

  return {
    async open(url, size) {
      if (!page || page.isClosed()) {
        await context?.close().catch(() => undefined);
        context = await browser().createBrowserContext();
        page = await context.newPage();
        cdp = await page.createCDPSession();
        visited.clear();
      } else {
        await forgetVisitor(page, cdp!, visited);
      }
      visited.add(new URL(url).origin);
      await page.setViewport(size);
      await page.goto(url, { waitUntil: "load" });
      await waitForHydration(page);
      return page;
    },
    async close() {
      await context?.close().catch(() => undefined);
    },
  };
}
