/**
 * Client navigations are announced and focused (docs/behaviour.md section 2.11): the new page's title is
 * read into a polite live region that the server's markup already holds (empty), and focus
 * moves to the new page's main heading; the first load announces nothing, and the skip link
 * stays first in tab order.
 */
import type { Page } from "puppeteer";
import { openPage } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";

const suite = useSiteAndBrowser();

const announcement = (page: Page) => page.$eval("[data-route-announcer]", (el) => el.textContent);

test("the server's markup holds an empty polite live region", async () => {
  const html = await (await fetch(`${suite.server.url}/info/about-us`)).text();
  expect(html).toMatch(
    /<[a-z]+ [^>]*aria-live="polite"[^>]*data-route-announcer[^>]*><\/[a-z]+>|<[a-z]+ [^>]*data-route-announcer[^>]*aria-live="polite"[^>]*><\/[a-z]+>/,
  );
});

test("a client navigation announces the new page's title and moves focus to its main heading; the first load announces nothing", async () => {
  const page = await openPage(suite.browser, `${suite.server.url}/`);
  expect(await announcement(page)).toBe("");
  await page.$eval('.site-footer a[href="/gallery"]', (a) => (a as HTMLAnchorElement).scrollIntoView());
  await page.click('.site-footer a[href="/gallery"]');
  await page.waitForFunction(
    () => location.pathname === "/gallery" && document.querySelector("[data-route-announcer]")?.textContent !== "",
    { timeout: 10_000 },
  );
  expect(await announcement(page)).toBe(await page.title());
  const focused = await page.evaluate(() => ({
    inMain: !!document.activeElement?.closest("main"),
    tag: document.activeElement?.tagName,
    text: document.activeElement?.textContent,
    heading: document.querySelector("main h1")?.textContent,
  }));
  expect(focused).toEqual({ inMain: true, tag: "H1", text: focused.heading, heading: expect.any(String) });

  // The skip link is still the first stop in tab order: nothing focusable came before it.
  const firstStop = await page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [tabindex]")].find(
        (el) => el.tabIndex >= 0,
      )?.className,
  );
  expect(firstStop).toBe("skip-link");
  await page.close();
});

test("going back announces the page returned to", async () => {
  const page = await openPage(suite.browser, `${suite.server.url}/info/about-us`);
  const firstTitle = await page.title();
  await page.click('.site-footer a[href="/gallery"]');
  await page.waitForFunction(
    () => location.pathname === "/gallery" && document.querySelector("[data-route-announcer]")?.textContent !== "",
    { timeout: 10_000 },
  );
  await page.goBack();
  await page.waitForFunction(
    (title) => document.querySelector("[data-route-announcer]")?.textContent === title,
    { timeout: 10_000 },
    firstTitle,
  );
  await page.close();
});
