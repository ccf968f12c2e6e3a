/**
 * The page adapts to how a visitor sets their text (docs/accessibility.md, "Text and colours"):
 * with the text-spacing overrides at 320 px nothing is wider than the window and a video's poster
 * grows to hold its text; with only the text enlarged to 200 % at 1280 px the compact menu
 * replaces the desktop nav, so nothing is off the screen; in forced colours the FAQ's +/− and the
 * current region stay drawn.
 */
import type { CDPSession, Page } from "puppeteer";
import sharp from "sharp";
import { useSiteAndBrowser } from "../support/browserSuite";
import { openIn, reusedTab, waitForHydration } from "../support/browserPage";
import { contrast } from "../support/focusPixels";

jest.setTimeout(60_000);

const suite = useSiteAndBrowser();

/** WCAG 1.4.12's overrides, as the usual bookmarklet sets them. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/** The tests in forced colours share one tab with them set once, each page a new document in it (reusedTab). */
const forcedColoursTab = reusedTab(
  () => suite.browser,
  // puppeteer's own emulateMediaFeatures does not know forced-colors; DevTools' protocol does.
  async (page) =>
    (await page.createCDPSession()).send("Emulation.setEmulatedMedia", {
      features: [{ name: "forced-colors", value: "active" }],
    }),
);

const overflow = (page: Page) =>
  page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    wider: [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 1 && getComputedStyle(el).position !== "fixed")
      .filter((el) => !el.closest(".image-gallery__track, .visually-hidden, .skip-link, .mobile-menu__panel"))
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]}`)
      .slice(0, 5),
  }));

test("with text spacing at 320 px, nothing is wider than the window and the poster holds its text", async () => {
  // The three pages in one tab, each a new document in it (reusedTab), the CSP bypassed once for
  // all three: the overrides come as a style of the visitor's own, which the page's CSP would refuse.
  const bypassingTab = reusedTab(
    () => suite.browser,
    (page) => page.setBypassCSP(true),
  );
  let page: Page | undefined;
  for (const path of [
    "/us/info/blog/caring-for-oiled-oak",
    "/info/blog/looking-after-painted-doors",
    "/editions-speciales/heritage-collection",
  ]) {
    page = await bypassingTab();
    await page.setViewport({ width: 320, height: 740 });
    await page.goto(`${suite.server.url}${path}`, { waitUntil: "load" });
    await waitForHydration(page);
    await page.addStyleTag({ content: TEXT_SPACING });
    expect({ path, ...(await overflow(page)) }).toEqual({ path, pageWidth: 320, wider: [] });
    const spills = await page.$$eval(".embed__poster > *", (parts) =>
      parts.flatMap((part) => {
        const frame = part.closest(".embed__frame")!.getBoundingClientRect();
        const r = part.getBoundingClientRect();
        return r.top < frame.top - 0.5 || r.bottom > frame.bottom + 0.5 ? [part.className] : [];
      }),
    );
    expect({ path, spills }).toEqual({ path, spills: [] });
  }
  await page?.close();
});

test("with only the text enlarged to 200 % at 1280 px, the compact menu replaces the nav and nothing is off the screen", async () => {
  const page = await suite.browser.newPage();
  const cdp: CDPSession = await page.createCDPSession();
  // The browser's own font size setting (text-only zoom): 32 px where the default is 16.
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${suite.server.url}/us`, { waitUntil: "load" });
  expect(await page.$eval(".mobile-menu__toggle", (el) => el.getBoundingClientRect().width > 0)).toBe(true);
  expect(await overflow(page)).toEqual({ pageWidth: 1280, wider: [] });
  await page.close();
});

/** The contrast between the lightest and darkest pixels of a part of the window. */
async function spread(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const { data } = await sharp(await page.screenshot({ clip }))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [lo, hi]: [number[], number[]] = [
    [255, 255, 255],
    [0, 0, 0],
  ];
  for (let i = 0; i < data.length; i += 3) {
    const px = [data[i], data[i + 1], data[i + 2]];
    if (px[0] + px[1] + px[2] < lo[0] + lo[1] + lo[2]) lo = px;
    if (px[0] + px[1] + px[2] > hi[0] + hi[1] + hi[2]) hi = px;
  }
  return Math.round(contrast(lo as [number, number, number], hi as [number, number, number]) * 10) / 10;
}

test("in forced colours, the FAQ's plus and the current region's pill are still drawn", async () => {
  const page = await openIn(await forcedColoursTab(), `${suite.server.url}/products/doors-drawers`, {
    width: 1280,
    height: 800,
  });
  const question = await page.$(".faq__question");
  await question!.scrollIntoView();
  // The +: a few pixels at the centre of the circle drawn after the question.
  const icon = await question!.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const size = parseFloat(getComputedStyle(el, "::after").width);
    return { x: r.right - size / 2 - 4 + scrollX, y: r.top + r.height / 2 - 4 + scrollY, width: 8, height: 8 };
  });
  expect({ plus: await spread(page, icon) }).toEqual({ plus: expect.any(Number) });
  expect(await spread(page, icon)).toBeGreaterThanOrEqual(3);
  // The pill: a strip along its top edge, where only a border can draw.
  await page.evaluate(() => window.scrollTo(0, 0));
  const edge = await page.$eval('.site-header__inner > .region-switcher a[aria-current="true"]', (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 3, y: r.top, width: r.width / 3, height: 3 };
  });
  expect(await spread(page, edge)).toBeGreaterThanOrEqual(3);
});

test("in forced colours, the controls drawn by a fill alone stay drawn: the menu's lines and cross, play buttons, a disabled carousel button", async () => {
  const page = await openIn(await forcedColoursTab(), `${suite.server.url}/editions-speciales/heritage-collection`, {
    width: 375,
    height: 740,
  });
  const boxOf = (selector: string) =>
    page.$eval(selector, (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
    });
  // The phone's Menu: three lines, and a cross once open.
  await page.evaluate(() => window.scrollTo(0, 0));
  const icon = await boxOf(".mobile-menu__icon");
  const lines = { x: icon.x, y: icon.y - 8, width: icon.width, height: 17 };
  expect({ closed: await spread(page, lines) }).toEqual({ closed: expect.any(Number) });
  expect(await spread(page, lines)).toBeGreaterThanOrEqual(3);
  await page.click(".mobile-menu__toggle");
  expect(await spread(page, lines)).toBeGreaterThanOrEqual(3);
  await page.click(".mobile-menu__toggle");
  // The video's Play: a strip along its top edge, where only a border can draw.
  await (await page.$(".embed__play"))!.scrollIntoView();
  const play = await boxOf(".embed__play");
  expect(
    await spread(page, { x: play.x + play.width / 3, y: play.y, width: play.width / 3, height: 3 }),
  ).toBeGreaterThanOrEqual(3);
  // A disabled carousel button is drawn in GrayText, unlike the enabled one beside it.
  const colours = await page.$$eval(".image-gallery__button", (buttons) =>
    buttons.map(
      (b) => `${b.getAttribute("aria-disabled") === "true" ? "disabled" : "enabled"} ${getComputedStyle(b).color}`,
    ),
  );
  const [disabled, enabled] = ["disabled", "enabled"].map((s) =>
    colours
      .find((c) => c.startsWith(s))!
      .split(" ")
      .slice(1)
      .join(" "),
  );
  expect(disabled).not.toBe(enabled);
});
