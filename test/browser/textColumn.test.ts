/**
 * On a text page of the basic layout (docs/behaviour.md section 8, "text column"), the title stands on the text
 * column below it: at desktop widths its left edge is the first paragraph's, whatever the title's
 * larger type (the column is 68ch of body text, views/styles/base.css `--text-column`, not 68ch of
 * the title's own type, which would be about twice as wide and leave the title at the window's edge).
 */
import type { Page } from "puppeteer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { openIn, reusedTab } from "../support/browserPage";

const suite = useSiteAndBrowser();

/** The pages in one tab, each a new document in it (reusedTab). */
const tab = reusedTab(() => suite.browser);

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
      const page = await openIn(await tab(), `${suite.server.url}${path}`, { width, height: 900 });
      const seen = await edges(page);
      expect(seen).not.toBeNull();
      expect(Math.abs(seen!.title - seen!.text)).toBeLessThanOrEqual(1);
      // A column, not the window: a title box as wide as the window is the bug this guards.
      expect(seen!.titleWidth).toBeLessThan(width * 0.75);
    },
  );
});
