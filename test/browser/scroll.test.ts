/**
 * Scrolling on navigation (docs/behaviour.md section 2.4): a new route starts at the top; a URL with a hash lands
 * its element under the sticky header, honouring the element's scroll-margin-top, on a first
 * load and after a client navigation, and late layout does not move it; back and forward
 * restore each history entry's position after the page's data is fetched again.
 */
import type { HTTPRequest, Page } from "puppeteer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { openIn, reusedTab, scrollSettled, sleep, topOf, waitForHydration } from "../support/browserPage";

const suite = useSiteAndBrowser();

/** Where `scrollIntoView` puts an element: the page's scroll-padding-top plus the element's scroll-margin-top. */
const landingTop = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    return { padding, margin: parseFloat(getComputedStyle(el).scrollMarginTop) || 0 };
  });

/** The tests that change nothing lasting in the tab share one, each page a new document in it (reusedTab). */
const startedTab = reusedTab(() => suite.browser);

/**
 * The page, hydrated and with the app's effects run: React attaches its fibers (what
 * waitForHydration sees) while it hydrates, before the commit whose effects start the scroll
 * management; React Router's <ScrollRestoration> then takes scrolling over from the browser.
 */
async function openStartedPage(url: string): Promise<Page> {
  const page = await openIn(await startedTab(), url);
  await page.waitForFunction(() => history.scrollRestoration === "manual");
  return page;
}

/** Clicks a link by script, so the test does not scroll to it first. */
const clickLink = (page: Page, selector: string) => page.$eval(selector, (a) => (a as HTMLAnchorElement).click());

test("a navigation to a new route scrolls to the top", async () => {
  const page = await openStartedPage(`${suite.server.url}/gallery`);
  await page.evaluate(() => window.scrollTo(0, 1500));
  expect(await page.evaluate(() => window.scrollY)).toBe(1500);
  await clickLink(page, 'main a[href="/gallery/old-rectory"]');
  await page.waitForFunction(() => location.pathname === "/gallery/old-rectory" && !!document.querySelector("h1"));
  expect(await scrollSettled(page)).toBe(0);
});

test("a URL with a hash lands its element under the header with its scroll margin on first load, and late layout does not move it until the visitor scrolls", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  // Content that arrives late above the heading (an embed, an image without dimensions), one
  // second after the document is parsed: timed inside the page, so it falls within the hold
  // (which starts at hydration and lasts 3 s) however slow the machine is. The browser's own
  // scroll anchoring is turned off, as some browsers lack it: what holds is ours.
  await page.evaluateOnNewDocument(() => {
    document.addEventListener("DOMContentLoaded", () =>
      setTimeout(() => {
        document.documentElement.style.overflowAnchor = "none";
        document.body.style.overflowAnchor = "none";
        const late = document.createElement("div");
        late.style.height = "600px";
        document.querySelector("main")!.prepend(late);
        (window as unknown as { __lateInserted: boolean }).__lateInserted = true;
      }, 1000),
    );
  });
  await page.goto(`${suite.server.url}/info/blog/choosing-a-worktop#our-advice`, { waitUntil: "load" });
  // A URL with a hash wakes the app by itself (decision record 008); a key press would end the hold.
  await waitForHydration(page, { wake: false });
  await page.waitForFunction(() => (window as unknown as { __lateInserted?: boolean }).__lateInserted === true);
  const { padding, margin } = await landingTop(page, "#our-advice");
  expect(padding).toBe(80);
  expect(margin).toBeGreaterThan(0);
  await sleep(100);
  expect(await topOf(page, "#our-advice")).toBeCloseTo(padding + margin, 0);

  // Once the visitor scrolls, the page is theirs: later layout moves the heading.
  await page.mouse.move(600, 400);
  await page.mouse.wheel({ deltaY: 40 });
  await scrollSettled(page);
  await page.evaluate(() => {
    const late = document.createElement("div");
    late.style.height = "300px";
    document.querySelector("main")!.prepend(late);
  });
  await sleep(100);
  expect(await topOf(page, "#our-advice")).toBeGreaterThan(padding + margin + 200);
  await page.close();
});

test("a link to another page's hash lands the element under the header with its scroll margin after the client navigation", async () => {
  const page = await openStartedPage(`${suite.server.url}/products/worktops`);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await clickLink(page, 'main a[href="/info/blog/choosing-a-worktop#our-advice"]');
  await page.waitForFunction(
    () => location.pathname === "/info/blog/choosing-a-worktop" && !!document.getElementById("our-advice"),
  );
  await scrollSettled(page);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  const { padding, margin } = await landingTop(page, "#our-advice");
  expect(await topOf(page, "#our-advice")).toBeCloseTo(padding + margin, 0);
  expect(await page.evaluate(() => location.hash)).toBe("#our-advice");
});

test("back and forward restore each entry's scroll position, after the page's data was fetched again", async () => {
  const page = await openStartedPage(`${suite.server.url}/gallery`);
  const galleryData: string[] = [];
  // This test's own listener, taken off at its end: the tab is shared.
  const onRequest = (r: HTTPRequest) => {
    if (new URL(r.url()).pathname === "/_data/gallery") galleryData.push(r.url());
  };
  page.on("request", onRequest);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await clickLink(page, 'main a[href="/gallery/old-rectory"]');
  await page.waitForFunction(() => location.pathname === "/gallery/old-rectory" && !!document.querySelector("h1"));
  expect(await scrollSettled(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 700));
  await sleep(50);

  await page.goBack();
  await page.waitForFunction(
    () => location.pathname === "/gallery" && !!document.querySelector('main a[href="/gallery/old-rectory"]'),
  );
  expect(await scrollSettled(page)).toBe(1500);
  expect(galleryData.length).toBeGreaterThanOrEqual(1);

  await page.goForward();
  await page.waitForFunction(() => location.pathname === "/gallery/old-rectory" && !!document.querySelector("h1"));
  expect(await scrollSettled(page)).toBe(700);
  page.off("request", onRequest);
});
