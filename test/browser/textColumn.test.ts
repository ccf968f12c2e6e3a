/**
 * On a text page of the basic layout (docs/behaviour.md section 8, "text column"), the title stands on the text
 * column below it: at desktop widths its left edge is the first paragraph's, whatever the title's
 * larger type (the column is 68ch of body text, views/styles/base.css `--text-column`, not 68ch of
 * the title's own type, which would be about twice as wide and leave the title at the window's edge).
 */
import type { Page } from "puppeteer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { waitForHydration } from "../support/browserPage";

const suite = useSiteAndBrowser();

/**
 * One tab for every page, each a new document in it: a tab is dear here, a document cheap
 * (docs/development.md, "A tab is dear; a document is cheap"). The tests shared the browser
 * context already; the session storage a page leaves (the scroll positions React Router saves)
 * is cleared before the next, as a new tab starts without it.
 */
let tab: Page | undefined;
async function openPage(url: string, size: { width: number; height: number }): Promise<Page> {
  if (!tab) tab = await suite.browser.newPage();
  else {
    await tab.goto(`${suite.server.url}/robots.txt`);
    await tab.evaluate(() => sessionStorage.clear());
  }
  await tab.setViewport(size);
  await tab.goto(url, { waitUntil: "load" });
  await waitForHydration(tab);
  return tab;
}

/** The left edges of the title's text and of the first paragraph after it, and the title's width. */
const edges = (page: Page) =>
  page.evaluate(() => {
    const title = document.querySelector<HTMLElement>(".page > h1.page__title");
    const text = document.querySelector<HTMLElement>(".page p");
    if (!title || !text) return null;
    const textLeft = (el: HTMLElement) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return Math.round(range.getClientRects()[0]?.left ?? Number.NaN);
    };
    return {
      title: textLeft(title),
      text: textLeft(text),
      titleWidth: Math.round(title.getBoundingClientRect().width),
    };
  });

describe.each([1280, 1920])("at %i px", (width) => {
  test.each(["/privacy-choices", "/us/privacy-choices", "/accessibility-statement"])(
    "%s: the title starts where the text below it starts",
    async (path) => {
      const page = await openPage(`${suite.server.url}${path}`, { width, height: 900 });
      const seen = await edges(page);
      expect(seen).not.toBeNull();
      expect(Math.abs(seen!.title - seen!.text)).toBeLessThanOrEqual(1);
      // A column, not the window: a title box as wide as the window is the bug this guards.
      expect(seen!.titleWidth).toBeLessThan(width * 0.75);
    },
  );
});
