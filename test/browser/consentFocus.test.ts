/**
 * Focus around the consent notice, as a keyboard user meets it (docs/accessibility.md, "Nothing
 * covers focus"), on a site with the US opt-out model: the phone menu, opened while the opt-out
 * notice waits for an answer, is not covered by it: every link of the menu shows some of itself
 * while it has focus (375 × 740 and 320 × 256), and the notice is back once the menu closes.
 */
import type { Page } from "puppeteer";
import { useStandInSiteAndBrowser } from "../support/browserSuite";
import { firstVisitTab } from "../support/firstVisitTab";
import { tabTo } from "../support/focusPixels";

jest.setTimeout(90_000);

const suite = useStandInSiteAndBrowser({ US_CONSENT_MODEL: "opt-out" });
const tab = firstVisitTab(() => suite.browser);
afterAll(() => tab.close());

const PHONE = { width: 375, height: 740 };
const ZOOM_400 = { width: 320, height: 256 };

const NOTICE = "section.consent-notice";

/** What has focus: a short label, or "body". */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    const name = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]} "${name}"`;
  });

/**
 * Whether the focused control is wholly covered by the notice: elementFromPoint over a grid of its
 * box inside the window finds neither it nor anything inside it, and the notice at one point at least.
 */
const hiddenByNotice = (page: Page) =>
  page.evaluate((noticeSelector) => {
    const el = document.activeElement as HTMLElement;
    const r = el.getBoundingClientRect();
    const [left, right] = [Math.max(r.left, 0), Math.min(r.right, innerWidth)];
    const [top, bottom] = [Math.max(r.top, 0), Math.min(r.bottom, innerHeight)];
    if (right - left < 1 || bottom - top < 1) return "outside the window";
    let underNotice = false;
    for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9])
      for (const fy of [0.1, 0.5, 0.9]) {
        const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
        if (hit && (hit === el || el.contains(hit))) return null;
        if (hit?.closest(noticeSelector)) underNotice = true;
      }
    return underNotice ? "the notice" : "something else";
  }, NOTICE);

/** The notice can be seen: its middle is the notice's own. */
const noticeShows = (page: Page) =>
  page.$eval(NOTICE, (notice) => {
    const r = notice.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && notice.contains(hit);
  });

const consentCookie = (page: Page) => page.evaluate(() => /(?:^|; )consent=/.test(document.cookie));

describe("the phone menu opened while the opt-out notice waits for an answer", () => {
  test.each([
    ["375 × 740", PHONE],
    ["320 × 256 (400 % zoom)", ZOOM_400],
  ])(
    "at %s every link of the menu shows while it has focus, and the notice is back once it closes",
    async (_, size) => {
      const page = await tab.open(`${suite.server.url}/us`, size);
      await page.waitForSelector(NOTICE);
      expect(await noticeShows(page)).toBe(true);
      await tabTo(page, ".mobile-menu__toggle");
      await page.keyboard.press("Enter");
      expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(true);
      const inPanel = () => page.evaluate(() => !!document.activeElement?.closest(".mobile-menu__panel"));
      const hidden: string[] = [];
      let links = 0;
      await page.keyboard.press("Tab");
      while ((await inPanel()) && links < 40) {
        links++;
        const by = await hiddenByNotice(page);
        if (by) hidden.push(`${await focused(page)} under ${by}`);
        await page.keyboard.press("Tab");
      }
      console.info(
        `${size.width}×${size.height}: ${hidden.length} of ${links} menu links hidden: ${hidden.join("; ")}`,
      );
      expect(links).toBeGreaterThanOrEqual(13);
      expect(hidden).toEqual([]);
      // Tab past the last item closed the menu: the notice shows again, still unanswered.
      expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await noticeShows(page)).toBe(true);
      expect(await consentCookie(page)).toBe(false);
    },
  );

  test("Escape closes the menu and the notice shows again; the notice is not a Tab stop while the menu covers it", async () => {
    const page = await tab.open(`${suite.server.url}/us`, PHONE);
    await page.waitForSelector(NOTICE);
    await tabTo(page, ".mobile-menu__toggle");
    await page.keyboard.press("Enter");
    // Shift+Tab from the toggle walks back through the header, never into the notice.
    await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    await page.keyboard.up("Shift");
    expect(await page.evaluate((s) => !!document.activeElement?.closest(s), NOTICE)).toBe(false);
    await tabTo(page, ".mobile-menu__toggle");
    await page.keyboard.press("Escape");
    expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await noticeShows(page)).toBe(true);
  });
});
