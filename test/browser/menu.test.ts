/** The header menus: dropdowns on desktop, one menu on phones; keyboard and pointer both work. */
import type { Page } from "puppeteer";
import { isHydrated, sleep, waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";
import { readDocument } from "../support/contentFiles";

const suite = useSiteAndBrowser();

/**
 * One tab for every test, each page a new document in it (a tab is dear here, a document cheap:
 * docs/development.md, "A tab is dear; a document is cheap"). The tests shared the browser's
 * context already; a new document starts asleep, unfocused and at the top, and no page here
 * writes session storage (no email-marketing page, no failed chunk). Each test sets its own
 * viewport, touch and mobile emulation included.
 */
let menuTab: Page | undefined;
const tab = async () => (menuTab ??= await suite.browser.newPage());

async function open(path: string, width: number): Promise<Page> {
  const page = await tab();
  await page.setViewport({ width, height: 900 });
  await page.goto(suite.server.url + path, { waitUntil: "load" });
  await waitForHydration(page);
  return page;
}

const isVisible = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
  });

test("on desktop a navigation group opens from the keyboard and Escape closes it, returning focus", async () => {
  const page = await open("/", 1440);
  const summary = ".primary-nav li:first-child .primary-nav__title";
  await page.focus(summary);
  await page.keyboard.press("Enter");
  expect(await page.$eval(".primary-nav li:first-child details", (d) => (d as HTMLDetailsElement).open)).toBe(true);
  expect(await isVisible(page, ".primary-nav li:first-child .primary-nav__items a")).toBe(true);
  await page.keyboard.press("Escape");
  expect(await page.$eval(".primary-nav li:first-child details", (d) => (d as HTMLDetailsElement).open)).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.classList.contains("primary-nav__title"))).toBe(true);
});

test("on desktop opening one group closes the other, and a click outside closes it", async () => {
  const page = await open("/", 1440);
  await page.click(".primary-nav li:nth-child(1) .primary-nav__title");
  await page.click(".primary-nav li:nth-child(2) .primary-nav__title");
  const states = await page.$$eval(".primary-nav details", (ds) => ds.map((d) => (d as HTMLDetailsElement).open));
  expect(states.slice(0, 2)).toEqual([false, true]);
  await page.mouse.click(700, 600);
  expect(await page.$$eval(".primary-nav details[open]", (ds) => ds.length)).toBe(0);
});

test("on a phone the menu button opens one menu with every group, and following a link closes it", async () => {
  const page = await open("/", 375);
  expect(await isVisible(page, ".mobile-menu__toggle")).toBe(true);
  expect(await page.$eval(".primary-nav", (el) => getComputedStyle(el).display)).toBe("none");
  await page.click(".mobile-menu__toggle");
  expect(await isVisible(page, ".mobile-menu__panel")).toBe(true);
  const groups = await page.$$eval(".mobile-menu__group h2", (hs) => hs.map((h) => h.textContent));
  const nav = readDocument("en-gb", "navigation", "primary-nav");
  expect(groups).toEqual(
    nav.data.body.map((group: { primary: { title: Array<{ text: string }> } }) => group.primary.title[0].text),
  );
  await page.click('.mobile-menu__panel a[href="/info/about-us"]');
  await page.waitForFunction(() => location.pathname === "/info/about-us");
  await page.waitForFunction(() => !document.querySelector(".mobile-menu")?.hasAttribute("open"));
});

/** Opens `path` at `width` and waits until it has loaded, without waking the app (decision record 008). */
async function openAsleep(path: string, width: number): Promise<Page> {
  const page = await tab();
  await page.setViewport({ width, height: 900, isMobile: width < 600, hasTouch: width < 600 });
  await page.goto(suite.server.url + path, { waitUntil: "load" });
  expect(await isHydrated(page)).toBe(false);
  return page;
}

test("on a phone the menu opened by the tap that wakes the app stays open once the app has hydrated", async () => {
  const page = await openAsleep("/", 375);
  await page.tap(".mobile-menu__toggle");
  expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(true);
  await waitForHydration(page, { wake: false });
  // A few frames more: effects run after the commit that hydration marks.
  await sleep(300);
  expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(true);
  expect(await isVisible(page, ".mobile-menu__panel")).toBe(true);
});

test("on desktop the dropdown opened by the click that wakes the app stays open once the app has hydrated, and still closes on Escape", async () => {
  const page = await openAsleep("/", 1440);
  await page.click(".primary-nav li:first-child .primary-nav__title");
  await waitForHydration(page, { wake: false });
  await sleep(300);
  expect(await page.$eval(".primary-nav li:first-child details", (d) => (d as HTMLDetailsElement).open)).toBe(true);
  await page.keyboard.press("Escape");
  expect(await page.$eval(".primary-nav li:first-child details", (d) => (d as HTMLDetailsElement).open)).toBe(false);
});
