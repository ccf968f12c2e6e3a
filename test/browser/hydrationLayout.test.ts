/**
 * The wake is invisible (docs/behaviour.md section 2.11): the server's markup takes the same room as the hydrated app,
 * so nothing on the page moves when the app wakes on the first interaction (decision record 008).
 * Measured as a visitor sees it: the page's height and where the footer starts, before and after
 * hydration, and the layout shifts the browser reports meanwhile (counted even though they follow
 * an input, which the CLS metric would forgive).
 */
import type { Page } from "puppeteer";
import { isHydrated, reusedTab, sleep, waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";

const suite = useSiteAndBrowser();

const layout = (page: Page) =>
  page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    footerTop: Math.round(document.querySelector(".site-footer")!.getBoundingClientRect().top + window.scrollY),
  }));

/**
 * The pages in one tab, each a new document in it (reusedTab), whose every document counts its
 * layout shifts from the start.
 */
const shiftCountingTab = reusedTab(
  () => suite.browser,
  (page) =>
    page.evaluateOnNewDocument(() => {
      (window as unknown as { __shift: number }).__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { __shift: number }).__shift += (entry as unknown as { value: number }).value;
      }).observe({ type: "layout-shift" });
    }),
);

for (const [path, width] of [
  ["/gallery/braybrook-st", 375],
  ["/gallery/braybrook-st", 1280],
  ["/", 375],
  ["/info/blog", 375],
] as const) {
  test(`${path} at ${width} px: nothing moves when the app hydrates`, async () => {
    const page = await shiftCountingTab();
    await page.setViewport({ width, height: 800 });
    await page.goto(suite.server.url + path, { waitUntil: "networkidle0" });
    // The images loaded so far decoded (lazy ones keep their room by their width and height), so only hydration can move things now.
    await page.evaluate(() =>
      Promise.all([...document.images].filter((img) => img.complete).map((img) => img.decode().catch(() => {}))),
    );
    expect(await isHydrated(page)).toBe(false);
    const before = await layout(page);
    const shiftBefore = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    await waitForHydration(page);
    await sleep(500);
    const after = await layout(page);
    const shift = await page.evaluate(
      (start) => (window as unknown as { __shift: number }).__shift - start,
      shiftBefore,
    );
    expect(after).toEqual(before);
    expect(shift).toBeLessThan(0.001);
  });
}
