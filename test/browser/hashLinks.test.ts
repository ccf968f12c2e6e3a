/**
 * In-page hash links (docs/behaviour.md section 2.5): smooth scroll to 80 px below the top of the window, the
 * hash written with replaceState (no new history entry), a jump under prefers-reduced-motion,
 * and keyboard focus on the target.
 */
import type { Page } from "puppeteer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { openPage, scrollSettled, topOf } from "../support/browserPage";

const suite = useSiteAndBrowser();
const ARTICLE = "/info/blog/choosing-a-worktop";

/** A link to a heading further down, as an editor would put in the copy (#our-advice is the article's last h2). */
async function addInPageLink(page: Page): Promise<void> {
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.id = "jump";
    link.href = "#our-advice";
    link.textContent = "Skip to our advice";
    document.querySelector(".article__body")!.prepend(link);
  });
}

/** Every scroll position the window passes through from now on. */
const recordScrolls = (page: Page) =>
  page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __scrolls: number[] }).__scrolls = seen;
    window.addEventListener("scroll", () => seen.push(window.scrollY), { passive: true });
  });

test("a click on an in-page hash link scrolls smoothly to 80 px below the top, writes the hash without a history entry and focuses the target", async () => {
  const page = await openPage(suite.browser, suite.server.url + ARTICLE);
  await addInPageLink(page);
  const before = await page.evaluate(() => ({ length: history.length, state: JSON.stringify(history.state) }));
  await recordScrolls(page);

  await page.click("#jump");
  await scrollSettled(page);

  expect(await topOf(page, "#our-advice")).toBeCloseTo(80, 0);
  const after = await page.evaluate(() => ({
    hash: location.hash,
    length: history.length,
    state: JSON.stringify(history.state),
    focused: document.activeElement?.id,
    steps: new Set((window as unknown as { __scrolls: number[] }).__scrolls).size,
  }));
  expect(after.hash).toBe("#our-advice");
  expect(after.length).toBe(before.length);
  // The router's entry (its key, so the saved scroll positions) is kept.
  expect(after.state).toBe(before.state);
  expect(after.focused).toBe("our-advice");
  // Smooth: the window passed through positions on the way.
  expect(after.steps).toBeGreaterThan(2);
  await page.close();
});

test("with prefers-reduced-motion the in-page link jumps there at once", async () => {
  const page = await openPage(suite.browser, suite.server.url + ARTICLE);
  await page.emulateMediaFeatures([{ name: "prefers-reduced-motion", value: "reduce" }]);
  await addInPageLink(page);
  // Measured in the same task as the click: a smooth scroll would not have moved yet.
  const top = await page.evaluate(() => {
    (document.getElementById("jump") as HTMLAnchorElement).click();
    return document.getElementById("our-advice")!.getBoundingClientRect().top;
  });
  expect(top).toBeCloseTo(80, 0);
  await page.close();
});

test("the skip link moves keyboard focus to the main content, with no new history entry", async () => {
  const page = await openPage(suite.browser, `${suite.server.url}/products/worktops`);
  await page.evaluate(() => window.scrollTo(0, 600));
  const length = await page.evaluate(() => history.length);
  await page.focus(".skip-link");
  await page.keyboard.press("Enter");
  await scrollSettled(page);
  const state = await page.evaluate(() => ({
    focused: document.activeElement?.id,
    hash: location.hash,
    length: history.length,
    main: document.getElementById("main")!.getBoundingClientRect().top,
  }));
  expect(state).toEqual({ focused: "main", hash: "#main", length, main: expect.closeTo(80, 0) });
  await page.close();
});
