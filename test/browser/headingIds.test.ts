/**
 * A page whose headings are named like every id the page uses (docs/behaviour.md sections 2.2 and
 * 2.5) survives the first interaction: a heading "Router hydration" once took the hydration data's
 * id, and the app woke to "Oops! Page Not Found" (`"Router hydration" is not valid JSON`).
 */
import fs from "node:fs";
import { waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";
import { ID_HEADINGS_PATH, writeIdHeadingsContent } from "../support/idHeadingsContent";

const dir = writeIdHeadingsContent();
const suite = useSiteAndBrowser({ CONTENT_DIR: dir });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("the first interaction hydrates the page it shows, headings and all, and client navigation works", async () => {
  const page = await suite.browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/client-log") errors.push(`client-log: ${r.postData()}`);
  });
  await page.goto(suite.server.url + ID_HEADINGS_PATH, { waitUntil: "load" });
  const served = await page.$eval("h1", (h) => h.textContent);
  // Not vacuous: the heading that once took the data's id is on the page, ahead of the data.
  expect(await page.$$eval("h2", (hs) => hs.map((h) => h.textContent))).toContain("Router hydration");
  await waitForHydration(page);
  expect(await page.$$eval(".not-found", (els) => els.length)).toBe(0);
  expect(await page.$eval("h1", (h) => h.textContent)).toBe(served);
  expect(await page.$$eval("h2", (hs) => hs.map((h) => [h.id, h.textContent]))).toContainEqual([
    "router-hydration-2",
    "Router hydration",
  ]);
  expect(await page.$$eval("[id='router-hydration']", (els) => els.map((e) => e.tagName))).toEqual(["SCRIPT"]);
  // The router has the server's data: a client navigation to the journal and back.
  await Promise.all([
    page.waitForFunction(() => location.pathname === "/info/blog"),
    page.$eval('a[href="/info/blog"]', (a) => (a as HTMLAnchorElement).click()),
  ]);
  await page.waitForFunction(() => document.title.startsWith("Journal"));
  expect(await page.$$eval(".not-found", (els) => els.length)).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});
