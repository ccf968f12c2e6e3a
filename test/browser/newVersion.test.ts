/**
 * New deploys (docs/behaviour.md section 2.10): an open tab polls /builds/latest.json with a timestamp query, and
 * once it names another build, the next navigation is a full page load. The server runs from a
 * copy of the build, so the test can publish a "new" latest.json without touching dist/.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { HTTPResponse } from "puppeteer";
import { ROOT } from "../support/builtServer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { documentRequests, hasMarker, openPage, setMarker, waitForHydration } from "../support/browserPage";

const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-build-"));
beforeAll(() => fs.cpSync(path.join(ROOT, "dist"), buildDir, { recursive: true }));
afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));

const suite = useSiteAndBrowser({ BUILD_DIR: buildDir, BUILD_CHECK_INTERVAL_MS: "1000" });

/**
 * How long the test waits for a poll: a harness deadline, not the site's promise (the tab polls every
 * BUILD_CHECK_INTERVAL_MS, 1 s here). A renderer starved on a 2-core machine running two files with
 * servers and browsers side by side has missed 5 s.
 */
const POLL_WAIT_MS = 15_000;

const latestFile = () => path.join(buildDir, "client", "builds", "latest.json");
const isLatestPoll = (r: HTTPResponse) => new URL(r.url()).pathname === "/builds/latest.json";

test("the page polls builds/latest.json with a timestamp query, uncached, and names its own build", async () => {
  const page = await openPage(suite.browser, `${suite.server.url}/`);
  const own = JSON.parse(fs.readFileSync(latestFile(), "utf8")).id;
  expect(await page.$eval('meta[name="build-id"]', (m) => m.getAttribute("content"))).toBe(own);
  const poll = await page.waitForResponse(isLatestPoll, { timeout: POLL_WAIT_MS });
  expect(new URL(poll.url()).searchParams.get("t")).toMatch(/^\d+$/);
  expect(poll.headers()["cache-control"]).toBe("no-store");
  expect((await poll.json()).id).toBe(own);
  await page.close();
});

test("once a newer build is published, the next click is a full page load", async () => {
  const page = await openPage(suite.browser, `${suite.server.url}/`);
  const documents = documentRequests(page);
  await setMarker(page);
  const follow = async (href: string) => {
    await page.$eval(`.site-footer a[href="${href}"]`, (a) => (a as HTMLAnchorElement).click());
    await page.waitForFunction((p) => location.pathname === p && document.querySelector("h1") !== null, {}, href);
    await waitForHydration(page);
  };

  await follow("/info/about-us");
  expect(await hasMarker(page)).toBe(true);
  expect(documents).toEqual([]);

  fs.writeFileSync(latestFile(), JSON.stringify({ id: "a-newer-build", timestamp: Date.now() }));
  await page.waitForResponse(async (r) => isLatestPoll(r) && (await r.text()).includes("a-newer-build"), {
    timeout: POLL_WAIT_MS,
  });

  await follow("/gallery");
  expect(await hasMarker(page)).toBe(false);
  expect(documents).toEqual(["/gallery"]);
  await page.close();
});
