/** In the browser, hostile content never runs: no dialog, no flag set, no CSP violation, on load or navigation. */
import fs from "node:fs";
import { waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";
import { writeHostileContent } from "../support/hostileContent";

const dir = writeHostileContent();
const suite = useSiteAndBrowser({ CONTENT_DIR: dir });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test.each(["/", "/info/blog/choosing-a-worktop"])("%s renders hostile text without running any of it", async (path) => {
  const page = await suite.browser.newPage();
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(suite.server.url + path, { waitUntil: "load" });
  await waitForHydration(page);
  // Hover and click what an attacker would want clicked.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll("a, img, span"))
      el.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
  });
  // The hostile paragraph's javascript: link, rendered as plain text: it must be there to be clicked.
  const clickMe = await page.$$("xpath/.//span[normalize-space(text())='click me']");
  expect(clickMe.length).toBeGreaterThan(0);
  await clickMe[0].click();
  // Navigate client-side to the other hostile page, so the client render is exercised too.
  await page.evaluate(() => (document.querySelector('a[href="/info/blog"]') as HTMLAnchorElement | null)?.click());
  await new Promise((r) => setTimeout(r, 300));
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(violations).toEqual([]);
  expect(await page.$$eval("[onerror], [onmouseover], a[href^='javascript:' i], iframe", (els) => els.length)).toBe(0);
  await page.close();
});
