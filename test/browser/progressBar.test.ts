/**
 * The navigation progress bar (docs/behaviour.md section 2.9): a 4 px bar in the accent colour at the top during a
 * client navigation slower than about 100 ms, announced as a progress bar with its value.
 */
import { useSiteAndBrowser } from "../support/browserSuite";
import { openPage, sleep } from "../support/browserPage";

const suite = useSiteAndBrowser();

test("a slow client navigation shows a 4 px progress bar with its value until the page arrives", async () => {
  const page = await openPage(suite.browser, `${suite.server.url}/`);
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const slow = new URL(request.url()).pathname === "/_data/info/about-us";
    setTimeout(() => void request.continue().catch(() => {}), slow ? 1200 : 0);
  });
  expect(await page.$("[role=progressbar]")).toBeNull();

  await page.$eval('.site-footer a[href="/info/about-us"]', (a) => (a as HTMLAnchorElement).click());
  const bar = await page.waitForSelector("[role=progressbar]", { timeout: 1000 });
  await sleep(500);
  const shown = await bar!.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const rect = el.querySelector("rect")!;
    return {
      min: el.getAttribute("aria-valuemin"),
      max: el.getAttribute("aria-valuemax"),
      now: Number(el.getAttribute("aria-valuenow")),
      label: el.getAttribute("aria-label"),
      top: box.top,
      height: box.height,
      width: box.width,
      rectWidth: Number(rect.getAttribute("width")),
      fill: getComputedStyle(rect).fill,
      styleAttributes: document.querySelectorAll("[role=progressbar] [style], [role=progressbar][style]").length,
    };
  });
  expect(shown).toMatchObject({
    min: "0",
    max: "100",
    label: "Loading page",
    top: 0,
    height: 4,
    width: 1280,
    styleAttributes: 0,
  });
  expect(shown.now).toBeGreaterThan(10);
  expect(shown.now).toBeLessThan(100);
  expect(shown.rectWidth).toBe(shown.now);
  expect(shown.fill).toBe("rgb(232, 180, 184)");

  await page.waitForFunction(() => location.pathname === "/info/about-us");
  await page.waitForFunction(() => !document.querySelector("[role=progressbar]"), { timeout: 2000 });
  await page.close();
});
