/**
 * Focus is visible on every surface the site has, measured from pixels as an auditor does: for a
 * control reached by the keyboard, what focus changes must reach 3:1 against what was there
 * before, over at least a line around the control (docs/accessibility.md, "Focus"). The surfaces:
 * the cream page and header, a white card, the pink of a dropdown item, the navy footer and video
 * frame, the navy pill of the current region, a carousel button that is disabled, and a block of
 * preformatted text that scrolls sideways on a phone (a Tab stop with a name, so the keyboard can scroll it).
 */
import type { Page } from "puppeteer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { openPage, waitForHydration } from "../support/browserPage";
import { type FocusIndicator, measureFocusIndicator, tabTo } from "../support/focusPixels";

jest.setTimeout(60_000);

const suite = useSiteAndBrowser();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/**
 * One tab for every address and size, each a new document in it when the address or size
 * changes, else the document shown, reused: each check starts from the top of the page. A tab is
 * dear here, a document cheap (docs/development.md, "A tab is dear; a document is cheap"); the
 * tabs shared the browser's context already.
 */
let tab: Page | undefined;
let shown: string | undefined;
async function visit(path: string, size = DESKTOP): Promise<Page> {
  const key = `${path} ${size.width}`;
  if (!tab) tab = await openPage(suite.browser, `${suite.server.url}${path}`, size);
  else if (shown !== key) {
    await tab.setViewport(size);
    await tab.goto(`${suite.server.url}${path}`, { waitUntil: "load" });
    await waitForHydration(tab);
  }
  shown = key;
  const page = tab;
  // A tab in the background draws no frames.
  await page.bringToFront();
  // Tab starts again from the top: from the skip link, the first stop of every page.
  await page.evaluate(() => {
    for (const d of document.querySelectorAll("details[open]")) d.removeAttribute("open");
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>(".skip-link")?.focus();
  });
  return page;
}

const measured: string[] = [];
afterAll(() => console.info(`Focus indicators, measured from pixels:\n${measured.join("\n")}`));

/** A visible focus indicator: a line of changed pixels around the control at 3:1 or more. */
function expectVisible(found: FocusIndicator, where: string) {
  measured.push(`${where}: ${found.ringContrast}:1 (${found.colours.join(" on ")})`);
  const passes = found.ringContrast >= 3;
  expect({ where, ...found, passes }).toEqual({ where, ...found, passes: true });
}

test("on the cream page: the brand link and the phone's Menu", async () => {
  const desktop = await visit("/");
  expectVisible(await measureFocusIndicator(desktop, await tabTo(desktop, ".site-header .brand")), "brand, cream");
  const phone = await visit("/", PHONE);
  expectVisible(await measureFocusIndicator(phone, await tabTo(phone, ".mobile-menu__toggle")), "Menu, cream");
});

test("on white cards: a gallery card and a product card", async () => {
  const gallery = await visit("/gallery");
  expectVisible(await measureFocusIndicator(gallery, await tabTo(gallery, ".card__link")), "gallery card");
  const home = await visit("/");
  const card = await tabTo(home, ".product-cards__link");
  expectVisible(await measureFocusIndicator(home, card, { around: ".product-cards__card" }), "product card");
});

test("in a dropdown, where the focused item turns pink", async () => {
  const page = await visit("/");
  await tabTo(page, ".primary-nav__title");
  await page.keyboard.press("Enter");
  const item = await tabTo(page, ".primary-nav__items a");
  expectVisible(await measureFocusIndicator(page, item), "dropdown item, pink on white");
});

test("on navy: the current region's pill, the footer, a video's play button", async () => {
  const home = await visit("/");
  const pill = await tabTo(home, '.site-header__inner > .region-switcher a[aria-current="true"]');
  expectVisible(await measureFocusIndicator(home, pill), "current region pill");
  const footer = await tabTo(home, ".site-footer a", { back: true });
  expectVisible(await measureFocusIndicator(home, footer), "footer link, navy");
  const video = await visit("/editions-speciales/heritage-collection");
  expectVisible(await measureFocusIndicator(video, await tabTo(video, ".embed__play")), "play button, navy frame");
});

test("a disabled carousel button keeps a ring as strong as any other", async () => {
  const page = await visit("/editions-speciales/heritage-collection");
  const previous = await tabTo(page, '.image-gallery__button[aria-disabled="true"]');
  expect(await previous.evaluate((el) => el.getAttribute("aria-label"))).toBe("Previous image");
  expectVisible(await measureFocusIndicator(page, previous), "Previous image, disabled");
});

test("preformatted text that scrolls sideways on a phone is a named Tab stop with a ring, and the arrow keys scroll it", async () => {
  const page = await visit("/us/info/blog/caring-for-oiled-oak", PHONE);
  const pre = await tabTo(page, ".rich-text pre");
  expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const node = await page.accessibility.snapshot({ root: pre, interestingOnly: false });
  expect({ role: node?.role, name: node?.name }).toEqual({ role: "region", name: expect.stringMatching(/\w{3}/) });
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction((el) => el.scrollLeft > 0, {}, pre);
  await pre.evaluate((el) => {
    el.scrollLeft = 0;
  });
  expectVisible(await measureFocusIndicator(page, pre), "preformatted text, phone");
});
