/**
 * The KlaviyoForm slice in a real browser (docs/requests.md, "Klaviyo's own forms"): the site's
 * own request form is what the visitor has unless Klaviyo draws its form into the slice's
 * placeholder within 4 s of its script's request (client/klaviyoFallback.ts), and only then is it
 * hidden. Klaviyo not configured, marketing refused, its script blocked, or too slow: the site's
 * form stays. The fallback's code loads only on a page with the slice. Klaviyo is the local
 * stand-in (test/support/tagStandIns.ts), reached through a gate of this file's own that answers
 * as the test needs: at once, with a 404, or late.
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { isHydrated, waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";
import { ROOT, startBuiltServer, type RunningServer } from "../support/builtServer";
import { openRecordedPage, type RecordedPage } from "../support/recordedPage";
import { startStandIns, type StandIns } from "../support/tagStandIns";

// Real timers of 3 to 5 s, in a real browser: room for a busy machine.
jest.setTimeout(60_000);

/** The gb article with the slice (content/en-gb/article/from-sketch-to-fitting.json), form id Hs8vTq. */
const ARTICLE = "/info/blog/from-sketch-to-fitting";
/** client/klaviyoFallback.ts's wait. */
const DRAW_MS = 4000;
/** How late the gate answers for "too slow": a second past the wait. */
const SLOW_MS = DRAW_MS + 1000;

const suite = useSiteAndBrowser();

/** How the gate answers klaviyo.js: the stand-in at once, a 404, or the stand-in after `delayMs`. */
let klaviyo: { status: 200 | 404; delayMs: number } = { status: 200, delayMs: 0 };
let standIns: StandIns;
let gate: http.Server;
let site: RunningServer;

beforeAll(async () => {
  standIns = await startStandIns();
  gate = http.createServer((req, res) => {
    const answer = () => {
      if (klaviyo.status === 404) res.writeHead(404, { "Cache-Control": "no-store" }).end();
      else res.writeHead(302, { Location: `${standIns.origin}${req.url}`, "Cache-Control": "no-store" }).end();
    };
    setTimeout(answer, klaviyo.delayMs);
  });
  await new Promise<void>((resolve) => gate.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(gate.address() as net.AddressInfo).port}`;
  site = await startBuiltServer({
    KLAVIYO_COMPANY_ID: standIns.env.KLAVIYO_COMPANY_ID,
    KLAVIYO_SRC: `${origin}/klaviyo.js`,
  });
}, 60_000);

afterAll(async () => {
  await site?.stop();
  gate?.closeAllConnections();
  await new Promise((resolve) => gate?.close(resolve));
  await standIns?.close();
});

afterEach(() => {
  klaviyo = { status: 200, delayMs: 0 };
});

const consent = (marketing: boolean) =>
  encodeURIComponent(JSON.stringify({ v: 1, functional: true, marketing, ts: Date.now() }));

/** The fallback's chunk, as the build named it. */
const fallbackChunk = () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "dist/client/manifest.json"), "utf8"));
  return manifest.modules["client/klaviyoFallback.ts"][0] as string;
};
const requested = (r: RecordedPage, pathname: string) => r.requests.some((q) => new URL(q.url).pathname === pathname);

/** What the visitor has in the slice: each form, whether it is hidden and whether it is drawn at all. */
const slice = (r: RecordedPage) =>
  r.page.evaluate(() => {
    const section = document.querySelector<HTMLElement>('[data-slice-type="klaviyo_form"]')!;
    const own = section.querySelector<HTMLElement>("[data-klaviyo-fallback-form]")!;
    const embed = section.querySelector<HTMLElement>('[class^="klaviyo-form-"]');
    const klaviyoForm = embed?.querySelector("form");
    return {
      fallbackId: section.dataset.klaviyoFallback ?? null,
      own: { hidden: own.hidden, shown: own.querySelector("form")!.checkVisibility() },
      embed: embed
        ? { hidden: embed.hidden, drawn: Boolean(klaviyoForm), shown: klaviyoForm?.checkVisibility() ?? false }
        : null,
    };
  });

/** Milliseconds on the page's clock from the request of klaviyo.js to now. */
const sinceKlaviyoRequested = (r: RecordedPage) =>
  r.page.evaluate(() => {
    const entry = performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname === "/klaviyo.js");
    return entry ? performance.now() - entry.startTime : null;
  });

test("Klaviyo not configured: the site's own form, no placeholder, and none of the fallback's code", async () => {
  const r = await openRecordedPage(suite.browser, `${suite.server.url}${ARTICLE}`);
  expect(await slice(r)).toEqual({ fallbackId: null, own: { hidden: false, shown: true }, embed: null });
  expect(requested(r, fallbackChunk())).toBe(false);
  expect(r.problems).toEqual([]);
  await r.close();
});

test("a page without the slice loads none of the fallback's code, while Klaviyo fills the footer's form", async () => {
  const r = await openRecordedPage(suite.browser, `${site.url}/`, { cookies: { consent: consent(true) } });
  await r.page.waitForSelector(".site-footer .klaviyo-form-RkTq8v form.klaviyo-stand-in");
  expect(requested(r, fallbackChunk())).toBe(false);
  await r.close();
});

test("marketing refused: Klaviyo is never requested, and the site's own form stays", async () => {
  const r = await openRecordedPage(suite.browser, `${site.url}${ARTICLE}`, { cookies: { consent: consent(false) } });
  // Past the 3 s at which an undecided visitor's page would have asked for Klaviyo.
  await r.page.waitForFunction(() => performance.now() > 3500, { timeout: 10_000 });
  expect(requested(r, fallbackChunk())).toBe(true);
  expect(requested(r, "/klaviyo.js")).toBe(false);
  expect(await slice(r)).toEqual({
    fallbackId: "Hs8vTq",
    own: { hidden: false, shown: true },
    embed: { hidden: false, drawn: false, shown: false },
  });
  expect(r.problems).toEqual([]);
  await r.close();
});

test("Klaviyo's script blocked (404): the site's own form stays; the empty placeholder is put away after the wait", async () => {
  klaviyo = { status: 404, delayMs: 0 };
  const r = await openRecordedPage(suite.browser, `${site.url}${ARTICLE}`, { cookies: { consent: consent(true) } });
  expect(requested(r, "/klaviyo.js")).toBe(true);
  await r.page.waitForSelector('[class^="klaviyo-form-"][hidden]', { timeout: DRAW_MS + 5000 });
  expect(await sinceKlaviyoRequested(r)).toBeGreaterThanOrEqual(DRAW_MS);
  expect(await slice(r)).toEqual({
    fallbackId: "Hs8vTq",
    own: { hidden: false, shown: true },
    embed: { hidden: true, drawn: false, shown: false },
  });
  expect(r.problems).toEqual([
    expect.stringMatching(/^warn: tags: could not load http:\/\/127\.0\.0\.1:\d+\/klaviyo\.js/),
  ]);
  await r.close();
});

test("Klaviyo draws its form: the site's own form is hidden and Klaviyo's shown, before the app wakes and after", async () => {
  const r = await openRecordedPage(suite.browser, `${site.url}${ARTICLE}`, { cookies: { consent: consent(true) } });
  await r.page.waitForSelector("[data-klaviyo-fallback-form][hidden]", { timeout: DRAW_MS });
  const drawn = {
    fallbackId: "Hs8vTq",
    own: { hidden: true, shown: false },
    embed: { hidden: false, drawn: true, shown: true },
  };
  expect(await slice(r)).toEqual(drawn);
  expect(await sinceKlaviyoRequested(r)).not.toBeNull();
  expect(await isHydrated(r.page)).toBe(false);
  // The app hydrates the slice without undoing either: the attribute and Klaviyo's markup are not React's.
  await r.page.evaluate(() => {
    (document.querySelector(".klaviyo-stand-in") as HTMLElement & { __tagged?: number }).__tagged = 1;
  });
  await waitForHydration(r.page);
  expect(await slice(r)).toEqual(drawn);
  expect(
    await r.page.evaluate(() => (document.querySelector(".klaviyo-stand-in") as { __tagged?: number }).__tagged),
  ).toBe(1);
  expect(r.requests.filter((q) => new URL(q.url).pathname === "/api/client-log")).toEqual([]);
  expect(r.problems).toEqual([]);
  await r.close();
});

test("Klaviyo too slow: the site's own form stays, and Klaviyo's form, drawn after the wait, is not shown beside it", async () => {
  klaviyo = { status: 200, delayMs: SLOW_MS };
  const r = await openRecordedPage(suite.browser, `${site.url}${ARTICLE}`, { cookies: { consent: consent(true) } });
  // The page's load waits for the script: the stand-in has run and drawn, late.
  await r.page.waitForFunction(() => (window as any).__standIns?.klaviyoRuns === 1, { timeout: SLOW_MS + 5000 });
  expect(await slice(r)).toEqual({
    fallbackId: "Hs8vTq",
    own: { hidden: false, shown: true },
    embed: { hidden: true, drawn: true, shown: false },
  });
  expect(r.problems).toEqual([]);
  await r.close();
});

test("a visitor who has started on the site's own form keeps it when Klaviyo's form arrives", async () => {
  klaviyo = { status: 200, delayMs: 1500 };
  const r = await openRecordedPage(suite.browser, `${site.url}/`, { cookies: { consent: consent(true) } });
  // Not waiting for the page's load, which waits for Klaviyo's script: the visitor types first.
  await r.page.goto(`${site.url}${ARTICLE}`, { waitUntil: "domcontentloaded" });
  await r.page.type("[data-klaviyo-fallback-form] input[name=name]", "Ada");
  await r.page.waitForFunction(() => (window as any).__standIns?.klaviyoRuns === 1, { timeout: 8000 });
  await r.page.waitForSelector('[class^="klaviyo-form-"][hidden]', { timeout: 2000 });
  expect(await slice(r)).toEqual({
    fallbackId: "Hs8vTq",
    own: { hidden: false, shown: true },
    embed: { hidden: true, drawn: true, shown: false },
  });
  expect(
    await r.page.$eval("[data-klaviyo-fallback-form] input[name=name]", (input) => (input as HTMLInputElement).value),
  ).toBe("Ada");
  await r.close();
});
