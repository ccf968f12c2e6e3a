/**
 * Tracking from a real browser (docs/behaviour.md section 5): a PageView posted to /api/meta-capi about
 * 300 ms after each page mounts (first load and client navigation) with region, fbp, fbclid and
 * the page; Klaviyo form events forwarded by form id; nothing without marketing consent; a
 * failing relay only logged. The page answers the relay itself (test/support/recordedPage.ts),
 * and every body is checked against the relay's own schema.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "puppeteer";
import { parseTrackingPayload } from "../../server/tracking/trackingPayload";
import { startBuiltServer, type RunningServer } from "../support/builtServer";
import { launchBrowser } from "../support/chromium";
import { installPageClock, readPageClock } from "../support/pageClock";
import { openRecordedPage, waitForHydration, type RecordedPage } from "../support/recordedPage";
import { startStandIns, type StandIns } from "../support/tagStandIns";
import { until } from "../support/waitFor";
import { startTogether } from "../support/startTogether";

// Real timers of 3 s and more, in a real browser: room for a busy machine.
jest.setTimeout(60_000);

let standIns: StandIns;
let site: RunningServer;
let browser: Browser;

beforeAll(async () => {
  standIns = await startStandIns();
  // The relay's outbox (server/outbox/) in a folder of this run's own.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tracking-outbox-"));
  [site, browser] = await startTogether([startBuiltServer({ ...standIns.env, DATA_DIR: dataDir }), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await standIns?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const choice = (marketing: boolean) =>
  encodeURIComponent(JSON.stringify({ v: 1, functional: false, marketing, ts: Date.now() }));
const FBP = "fb.1.1700000000000.1234567890";
const CONSENTED = { consent: choice(true), _fbp: FBP };

const postCount = (r: RecordedPage, n: number, timeoutMs = 5000) =>
  until(`${n} tracking post(s) (${r.posts.length} so far)`, () => r.posts.length >= n, { timeoutMs, intervalMs: 20 });

/**
 * A PageView 300 ms after the page mounts (docs/behaviour.md section 5.2). Measured in the page (test/support/pageClock.ts),
 * from where the page starts it: the entry's run on a document load, the router's push on a client
 * navigation. The window leaves room for a late timer on a busy machine and still fails at 0 ms
 * or 1000 ms and more; the exact delay is held on a fake clock (test/pageViewTiming.test.ts).
 */
const PAGE_VIEW_WINDOW = { from: 250, to: 800 };

test("a PageView is posted about 300 ms after the page mounts, with region, fbp, fbclid and the page", async () => {
  const r = await openRecordedPage(browser, `${site.url}/us/gallery/braybrook-st?fbclid=AbC123`, {
    cookies: CONSENTED,
    beforeLoad: installPageClock,
  });
  await postCount(r, 1);
  const [{ body }] = r.posts;
  expect(body).toEqual({
    event_name: "PageView",
    region: "us",
    fbp: FBP,
    fbclid: "AbC123",
    custom_data: { page_url: `${site.url}/us/gallery/braybrook-st?fbclid=AbC123`, page_title: await r.page.title() },
  });
  expect(parseTrackingPayload(body, site.url)).toMatchObject({ ok: true });
  const clock = await readPageClock(r.page);
  expect(clock.entryRan).not.toBeNull();
  expect(clock.entryAdded).not.toBeNull();
  expect(clock.posts.map((p) => p.event)).toEqual(["PageView"]);
  // The tracking started while the entry ran: after its element was added, before its load event.
  // Each bound is held from the side that cannot flatter it.
  expect(Math.round(clock.posts[0].at - clock.entryAdded!)).toBeGreaterThanOrEqual(PAGE_VIEW_WINDOW.from);
  expect(Math.round(clock.posts[0].at - clock.entryRan!)).toBeLessThanOrEqual(PAGE_VIEW_WINDOW.to);
  await sleep(500);
  expect(r.posts).toHaveLength(1);
  expect(r.problems).toEqual([]);
  await r.close();
});

test("a client navigation posts another PageView about 300 ms later, for the new page and its title", async () => {
  const r = await openRecordedPage(browser, `${site.url}/?fbclid=AbC123`, {
    cookies: CONSENTED,
    beforeLoad: installPageClock,
  });
  await postCount(r, 1);
  expect(r.posts[0].body).toMatchObject({ region: "uk", custom_data: { page_url: `${site.url}/?fbclid=AbC123` } });
  // Client navigations are the app's: it has woken (decision record 008).
  await waitForHydration(r.page);
  await r.page.click(".primary-nav li:first-child .primary-nav__title");
  await r.page.click('.primary-nav a[href="/products/doors-drawers"]');
  await postCount(r, 2);
  const { body } = r.posts[1];
  expect(await r.page.evaluate(() => location.pathname)).toBe("/products/doors-drawers");
  const clock = await readPageClock(r.page);
  expect(clock.pushes.map((p) => p.path)).toEqual(["/products/doors-drawers"]);
  const delay = Math.round(clock.posts[1].at - clock.pushes[0].at);
  expect(delay).toBeGreaterThanOrEqual(PAGE_VIEW_WINDOW.from);
  expect(delay).toBeLessThanOrEqual(PAGE_VIEW_WINDOW.to);
  // The landing page's fbclid goes with the pages after it, exactly as given.
  expect(body).toEqual({
    event_name: "PageView",
    region: "uk",
    fbp: FBP,
    fbclid: "AbC123",
    custom_data: { page_url: `${site.url}/products/doors-drawers`, page_title: await r.page.title() },
  });
  expect(body.custom_data.page_title).toContain("oors and drawers");
  expect(parseTrackingPayload(body, site.url)).toMatchObject({ ok: true });
  await r.close();
});

test("nothing is posted without marketing consent; a PageView waiting for the answer goes once it is yes", async () => {
  const refused = await openRecordedPage(browser, `${site.url}/`, { cookies: { consent: choice(false), _fbp: FBP } });
  await waitForHydration(refused.page);
  await sleep(1000);
  await refused.page.evaluate(() =>
    window.dispatchEvent(new CustomEvent("klaviyoForms", { detail: { type: "submit", formId: "RkTq8v" } })),
  );
  await sleep(300);
  expect(refused.posts).toEqual([]);
  await refused.close();

  const asked = await openRecordedPage(browser, `${site.url}/gallery`);
  await asked.page.waitForSelector("dialog.consent-dialog[open]");
  await sleep(800);
  expect(asked.posts).toEqual([]);
  await asked.page.click("dialog.consent-dialog button::-p-text(Accept all)");
  await postCount(asked, 1);
  expect(asked.posts[0].body).toMatchObject({
    event_name: "PageView",
    custom_data: { page_url: `${site.url}/gallery` },
  });
  expect(asked.posts[0].body).not.toHaveProperty("fbp");
  expect(asked.posts[0].body).not.toHaveProperty("fbclid");
  await asked.close();
});

test("Klaviyo form events are forwarded as events named by form id, and by source for steps", async () => {
  const r = await openRecordedPage(browser, `${site.url}/`, { cookies: CONSENTED });
  await postCount(r, 1);
  // Klaviyo, and with it the forwarding of its events, starts once the app has woken.
  await waitForHydration(r.page);
  await r.page.evaluate(() => {
    const send = (detail: object) => window.dispatchEvent(new CustomEvent("klaviyoForms", { detail }));
    send({ type: "open", formId: "RkTq8v" });
    send({ type: "viewedStep", formId: "RkTq8v", metaData: { $source: "Footer" } });
    send({ type: "stepSubmit", formId: "RkTq8v", metaData: { $source: "Footer", $email: "someone@example.com" } });
    send({ type: "submit", formId: "RkTq8v", metaData: { $email: "someone@example.com" } });
  });
  await postCount(r, 4);
  const events = r.posts.slice(1).map((p) => p.body);
  expect(events.map((e) => [e.event_name, e.custom_data.step_source])).toEqual([
    ["klaviyo_form_RkTq8v_view", "Footer"],
    ["klaviyo_form_RkTq8v_step", "Footer"],
    ["klaviyo_form_RkTq8v", undefined],
  ]);
  for (const event of events) {
    expect(event).toMatchObject({
      region: "uk",
      fbp: FBP,
      custom_data: { form_id: "RkTq8v", page_url: `${site.url}/` },
    });
    expect(JSON.stringify(event)).not.toContain("someone@example.com");
    expect(parseTrackingPayload(event, site.url)).toMatchObject({ ok: true });
  }
  await r.close();
});

test("a failing relay is only logged", async () => {
  const r = await openRecordedPage(browser, `${site.url}/`, { cookies: CONSENTED, relayStatus: 503 });
  await postCount(r, 1);
  // The warning follows the relay's answer, which a busy machine can take a while to deliver.
  await until("the refused PageView's warning in the console", () =>
    r.problems.some((p) => p.startsWith("warn: tracking: PageView was refused (503)")),
  );
  // As long after it as before the wait came in: anything else the failure set off has time to show.
  await sleep(200);
  expect(r.problems.filter((p) => !p.includes("503"))).toEqual([]);
  await r.close();
});

test("the site's own relay takes what the browser posts", async () => {
  const r = await openRecordedPage(browser, `${site.url}/?fbclid=AbC123`, { cookies: CONSENTED, relayStatus: "pass" });
  await postCount(r, 1);
  await waitForHydration(r.page);
  await r.page.evaluate(() =>
    window.dispatchEvent(new CustomEvent("klaviyoForms", { detail: { type: "submit", formId: "RkTq8v" } })),
  );
  await postCount(r, 2);
  await until("the relay's answers to both posts", () => r.relayAnswers.length >= 2, {
    timeoutMs: 5_000,
    intervalMs: 50,
  });
  expect(r.relayAnswers.map((a) => a.status)).toEqual([202, 202]);
  expect(r.problems).toEqual([]);
  await r.close();
});
