/**
 * A cross-engine test file's fixtures: one built server (with the third-party stand-ins) for the
 * whole file, and per engine one browser, started before that engine's checks and stopped after
 * them, so one engine runs at a time. The time each engine took in the file is printed (and
 * appended to the file named by `ENGINE_TIMINGS`, one JSON line each).
 */
import fs from "node:fs";
import path from "node:path";
import { startBuiltServer, type RunningServer } from "../support/builtServer";
import { hydrationBegun, pageHydrated, scriptsRan } from "../support/hydration";
import { startStandIns, type StandIns } from "../support/tagStandIns";
import type { Driver, DriverOptions, EngineName } from "./driver";
import { puppeteerDriver } from "./puppeteerDriver";
import { webkitDriver } from "./webkitDriver";

export { REPEATS, selectedEngines } from "./driver";

export interface Site {
  url: string;
  server: RunningServer;
  standIns: StandIns;
}

/**
 * The built server for the file. After each check, the errors the pages reported to the server
 * (`POST /api/client-log`, logged as "client error reported") fail it: classic WebDriver cannot
 * see a page's errors, the server's log can.
 */
export function useSite(): Site {
  const site = {} as Site;
  let seen = 0;
  beforeAll(async () => {
    site.standIns = await startStandIns();
    site.server = await startBuiltServer(site.standIns.env);
    site.url = site.server.url;
  }, 60_000);
  beforeEach(() => {
    seen = site.server.output().length;
  });
  afterEach(() => {
    const reported = site.server
      .output()
      .slice(seen)
      .split("\n")
      .filter((line) => line.includes("client error reported"));
    if (reported.length > 0) throw new Error(`the page reported errors to the server:\n${reported.join("\n")}`);
  });
  afterAll(async () => {
    await site.server?.stop();
    await site.standIns?.close();
  });
  return site;
}

// WebKitGTK has no Global Privacy Control setting to turn on (DriverOptions).
const openDriver = (engine: EngineName, options: DriverOptions): Promise<Driver> =>
  engine === "webkit" ? webkitDriver() : puppeteerDriver(engine, options);

/** The engine's browser for the checks of the enclosing `describe`; `driver` is set once it has started. */
export function useDriver(engine: EngineName, options: DriverOptions = {}): { driver: Driver } {
  const holder = {} as { driver: Driver };
  let started = 0;
  beforeAll(async () => {
    started = Date.now();
    holder.driver = await openDriver(engine, options);
  }, 90_000);
  // ENGINE_SCREENSHOTS=dir: the page as each check left it, to look at a failure.
  afterEach(async () => {
    const dir = process.env.ENGINE_SCREENSHOTS;
    if (!dir || !holder.driver) return;
    fs.mkdirSync(dir, { recursive: true });
    const name = `${expect.getState().currentTestName ?? "check"}`.replace(/[^\w-]+/g, "-").slice(0, 120);
    fs.writeFileSync(path.join(dir, `${name}.png`), await holder.driver.screenshot());
  });
  afterAll(async () => {
    await holder.driver?.close();
    const seconds = (Date.now() - started) / 1000;
    const file = path.basename(expect.getState().testPath ?? "");
    console.log(`${file}: ${holder.driver?.version ?? engine} took ${seconds.toFixed(1)} s`);
    if (process.env.ENGINE_TIMINGS)
      fs.appendFileSync(
        process.env.ENGINE_TIMINGS,
        `${JSON.stringify({ file, engine, version: holder.driver?.version, seconds })}\n`,
      );
  }, 30_000);
  return holder;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether React has hydrated the page (it marks its elements with its fiber key). */
export const isHydrated = (d: Driver) => d.evaluate(hydrationBegun);

/**
 * Waits until React has hydrated all of the page, slices included (test/support/hydration.ts; the
 * app wakes on the first interaction: decision record 008).
 */
export const hydrated = (d: Driver, timeoutMs = 15_000) =>
  d.waitFor("React to hydrate the page", pageHydrated, [], timeoutMs);

/** A press of Shift changes nothing on the page but wakes the app; then this waits until it has hydrated. */
export async function wake(d: Driver): Promise<void> {
  await d.waitFor("the page's scripts to have run", scriptsRan, []);
  await d.press("Shift");
  try {
    await hydrated(d);
  } catch (error) {
    // Where a wake that never ended stopped: the press unseen (no `app-wake` mark, client/entry.tsx),
    // or the app's load or hydration stuck after it.
    const state = await d
      .evaluate(
        () =>
          `${location.href} (${document.readyState}, wake begun: ${performance.getEntriesByName("app-wake").length > 0}, header hydrated: ${Object.keys(document.querySelector(".site-header") ?? {}).some((key) => key.startsWith("__reactFiber"))})`,
      )
      .catch(() => "(no answer)");
    throw new Error(`${(error as Error).message} after a press of Shift; the page: ${state}`);
  }
}

/**
 * A visitor who answered the consent banner before (everything optional refused), so the banner
 * does not cover what a check clicks, and chose the gb region. Set on the site's origin (cookies ignore the port).
 */
export async function returningVisitor(d: Driver, site: Site): Promise<void> {
  await d.reset(site.url, {
    consent: encodeURIComponent(JSON.stringify({ v: 1, functional: false, marketing: false, ts: Date.now() })),
    // The gb region chosen, so the root shows the gb home whatever language the browser asks for.
    i18n_redirected: "gb",
  });
}

/** Opens `path` at the given size as a returning visitor, and wakes the app unless told not to. */
export async function open(
  d: Driver,
  site: Site,
  urlPath: string,
  { width = 1280, height = 800, awake = true } = {},
): Promise<void> {
  await returningVisitor(d, site);
  await d.setViewport(width, height);
  await d.goto(site.url + urlPath);
  if (awake) await wake(d);
}

/** Puts a marker on `window`: it survives client-side navigation, not a document load. */
export const setMarker = (d: Driver) =>
  d.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 42;
  });
export const hasMarker = (d: Driver) => d.evaluate(() => (window as unknown as { __marker?: number }).__marker === 42);

/** Clicks a link by script (as from the keyboard), so the window does not scroll to it first. */
export const followLink = (d: Driver, selector: string) =>
  d.evaluate((s) => (document.querySelector(s) as HTMLAnchorElement).click(), selector);

/** Resolves with the window's scroll position once it has not changed for 250 ms (at most 10 s). */
export const scrollSettled = (d: Driver) =>
  d.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let since = performance.now();
        const started = since;
        const check = () => {
          if (window.scrollY !== last) {
            last = window.scrollY;
            since = performance.now();
          }
          if (performance.now() - since >= 250 || performance.now() - started > 10_000) resolve(last);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );

/** Waits for the document at `pathname` with a main heading, after a navigation of either kind; a timeout says where the page is instead. */
export async function arrivedAt(d: Driver, pathname: string, timeoutMs = 10_000): Promise<void> {
  try {
    await d.waitFor(
      `the page at ${pathname}`,
      (p) => location.pathname === p && document.readyState !== "loading" && !!document.querySelector("main h1"),
      [pathname],
      timeoutMs,
    );
  } catch (error) {
    const where = await d
      .evaluate(() => `${location.href} (${document.readyState}, h1: ${document.querySelector("h1")?.textContent})`)
      .catch(() => "(no answer)");
    throw new Error(`${(error as Error).message}; the page is at ${where}`);
  }
}
