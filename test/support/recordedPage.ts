/**
 * A page in a fresh browser context (its own cookies) that records every request it makes, and
 * answers the tracking relay (POST /api/meta-capi) itself, keeping each body: the assertions
 * read exactly what the browser sent, whether or not the relay is mounted. A visit that changed
 * nothing lasting gives its tab back for the file's next first visit, the visitor forgotten.
 */
import type { Browser, BrowserContext, CDPSession, Cookie, Page } from "puppeteer";
import { forgetVisitor } from "./firstVisitTab";
import type { StandInRecord } from "./tagStandIns";
import { until } from "./waitFor";

export interface RecordedPage {
  page: Page;
  context: BrowserContext;
  /** Every request, in order, with the Node clock when it left. */
  requests: Array<{ url: string; at: number }>;
  /** Bodies posted to /api/meta-capi, with their request headers and the Node clock when each arrived. */
  posts: Array<{ body: Record<string, any>; headers: Record<string, string>; at: number }>;
  /** With `relayStatus: "pass"`: the real relay's answers, in order. */
  relayAnswers: Array<{ status: number; body: string }>;
  /** Console errors and warnings (but the browser's own "Failed to load resource"), and uncaught errors. */
  problems: string[];
  standIns: () => Promise<StandInRecord>;
  /**
   * The context's cookies, once the browser's store has what the page's scripts wrote: Chromium's
   * renderer hands a script's cookie to the store without waiting, so a read straight after a
   * click could still see the value from before it.
   */
  settledCookies: () => Promise<Cookie[]>;
  /** A cookie in the browser's store (settled as above): what the next request sends. */
  cookie: (name: string) => Promise<string | undefined>;
  close: () => Promise<void>;
}

export interface RecordedPageOptions {
  /** Cookies set before the first request (on the site's host). */
  cookies?: Record<string, string>;
  /** Status the page answers the relay's posts with (default 200), or "pass" to let them reach the site's relay. */
  relayStatus?: number | "pass";
  width?: number;
  /**
   * Prepares the tab before it loads (e.g. installPageClock, sendGpc): scripts and headers for
   * every document. A tab it prepared is reused only by visits that pass the same function.
   */
  beforeLoad?: (page: Page) => Promise<void>;
  /** A later visit of the same visitor: a new page in this context (its cookies), which `close` leaves open. */
  context?: BrowserContext;
}

/** A tab that records for whichever RecordedPage holds it now; between holders it lets nothing out. */
interface RecordingTab {
  page: Page;
  context: BrowserContext;
  holder: { recorded: RecordedPage; options: RecordedPageOptions } | null;
  /** Origins its documents came from since it was opened: what forgetting the visitor clears. */
  origins: Set<string>;
  /** A test changed it in a way that outlives a document (LASTING_CHANGES), beyond its preparation. */
  changed: boolean;
  /** Lasting changes a test made that giving it back undoes (UNDOABLE_CHANGES). */
  toUndo: Set<keyof typeof UNDOABLE_CHANGES>;
  /** The `beforeLoad` that prepared it (null: none); undefined until its first visit. */
  preparedBy?: RecordedPageOptions["beforeLoad"] | null;
}

/**
 * Tabs given back by a visit that changed nothing that outlives a document beyond its
 * `beforeLoad` (and shared no context), kept for the file's next visits prepared the same way:
 * Chromium spends about 2.5 CPU-s here on starting and tearing down each tab's renderer process.
 * Each has a context of its own, as a new visit does (two at once are both visible, as in two windows).
 */
const freeTabs = new WeakMap<Browser, RecordingTab[]>();

/**
 * What a test can do to a tab that outlives its documents (scripts and headers for every
 * document, emulation, JavaScript off, a DevTools session of its own…): a tab they were called
 * on is closed, not reused.
 */
const LASTING_CHANGES = [
  "evaluateOnNewDocument",
  "exposeFunction",
  "setExtraHTTPHeaders",
  "setUserAgent",
  "setJavaScriptEnabled",
  "setBypassCSP",
  "setOfflineMode",
  "setCacheEnabled",
  "setGeolocation",
  "authenticate",
  "emulate",
  "emulateMediaType",
  "emulateMediaFeatures",
  "emulateTimezone",
  "emulateIdleState",
  "emulateVisionDeficiency",
  "emulateCPUThrottling",
  "emulateNetworkConditions",
  "createCDPSession",
] as const;

/** Lasting changes with a setting that undoes them exactly (the arguments), which giving the tab back applies. */
const UNDOABLE_CHANGES = {
  setBypassCSP: [false],
  setJavaScriptEnabled: [true],
} as const;
const undoable = (name: string): name is keyof typeof UNDOABLE_CHANGES => Object.hasOwn(UNDOABLE_CHANGES, name);

async function newRecordingTab(context: BrowserContext): Promise<RecordingTab> {
  const page = await context.newPage();
  const tab: RecordingTab = { page, context, holder: null, origins: new Set(), changed: false, toUndo: new Set() };
  for (const name of LASTING_CHANGES) {
    const original = (page[name] as (...args: unknown[]) => unknown).bind(page);
    Object.defineProperty(page, name, {
      value: (...args: unknown[]) => {
        if (undoable(name)) tab.toUndo.add(name);
        else tab.changed = true;
        return original(...args);
      },
    });
  }
  page.on("console", (msg) => {
    // Failed requests are the request log's business; the site's own misses are not ours here.
    if ((msg.type() === "error" || msg.type() === "warn") && !msg.text().startsWith("Failed to load resource")) {
      tab.holder?.recorded.problems.push(`${msg.type()}: ${msg.text()}`);
    }
  });
  page.on("pageerror", (error) => tab.holder?.recorded.problems.push(`pageerror: ${(error as Error).message}`));
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (!tab.holder) {
      // Between visits (the last document's pagehide beacons): nothing reaches a server.
      void request.abort();
      return;
    }
    const { recorded, options } = tab.holder;
    recorded.requests.push({ url: request.url(), at: Date.now() });
    if (request.url().startsWith("http")) tab.origins.add(new URL(request.url()).origin);
    const toRelay = request.method() === "POST" && new URL(request.url()).pathname === "/api/meta-capi";
    if (toRelay)
      recorded.posts.push({
        body: JSON.parse(request.postData() ?? "null"),
        headers: request.headers(),
        at: Date.now(),
      });
    if (toRelay && options.relayStatus !== "pass") {
      void request.respond({
        status: options.relayStatus ?? 200,
        contentType: "application/json",
        body: JSON.stringify({ ok: true }),
      });
    } else void request.continue();
  });
  page.on("response", (response) => {
    const request = response.request();
    if (
      tab.holder?.options.relayStatus === "pass" &&
      request.method() === "POST" &&
      new URL(request.url()).pathname === "/api/meta-capi"
    ) {
      const { recorded } = tab.holder;
      void response.text().then(
        (body) => recorded.relayAnswers.push({ status: response.status(), body }),
        () => {},
      );
    }
  });
  return tab;
}

/**
 * A free tab of this file's prepared by `prepare` (the same function), its visitor forgotten
 * (cookies, storage, session storage), or a new one.
 */
async function takeTab(browser: Browser, prepare: RecordingTab["preparedBy"]): Promise<RecordingTab> {
  const free = freeTabs.get(browser) ?? [];
  const at = free.findLastIndex((tab) => tab.preparedBy === prepare && !tab.page.isClosed());
  if (at < 0) return newRecordingTab(await browser.createBrowserContext());
  return free.splice(at, 1)[0];
}

async function giveBack(browser: Browser, tab: RecordingTab): Promise<void> {
  tab.holder = null;
  if (tab.page.isClosed()) return;
  if (tab.changed) {
    await tab.context.close().catch(() => undefined);
    return;
  }
  try {
    // The page's own methods, not the wrappers that mark a test's changes.
    const own = Object.getPrototypeOf(tab.page);
    for (const name of tab.toUndo) await own[name].call(tab.page, ...UNDOABLE_CHANGES[name]);
    tab.toUndo.clear();
    const cdp: CDPSession = await own.createCDPSession.call(tab.page);
    await forgetVisitor(tab.page, cdp, tab.origins);
    await cdp.detach();
    tab.origins.clear();
  } catch {
    // A tab that cannot be reset is not reused.
    await tab.context.close().catch(() => undefined);
    return;
  }
  const free = freeTabs.get(browser) ?? [];
  free.push(tab);
  freeTabs.set(browser, free);
}

export async function openRecordedPage(
  browser: Browser,
  url: string,
  options: RecordedPageOptions = {},
): Promise<RecordedPage> {
  // Whatever `beforeLoad` does to the tab (headers, scripts for new documents) outlives the visit:
  // its tab is reused only by a visit prepared by the same function.
  const prepare = options.beforeLoad ?? null;
  const reusable = !options.context;
  const tab = reusable
    ? await takeTab(browser, prepare)
    : await newRecordingTab(options.context ?? (await browser.createBrowserContext()));
  const { page, context } = tab;
  const { hostname, origin } = new URL(url);
  tab.origins.add(origin);
  for (const [name, value] of Object.entries(options.cookies ?? {}))
    await context.setCookie({ name, value, domain: hostname, path: "/" });
  await page.setViewport({ width: options.width ?? 1440, height: 900 });
  const recorded: RecordedPage = {
    page,
    context,
    requests: [],
    posts: [],
    relayAnswers: [],
    problems: [],
    standIns: () => page.evaluate(() => ({ ...((window as unknown as { __standIns?: object }).__standIns ?? {}) })),
    settledCookies: () => settledCookies(page, context),
    cookie: async (name) => (await settledCookies(page, context)).find((c) => c.name === name)?.value,
    close: () => (reusable ? giveBack(browser, tab) : options.context ? page.close() : context.close()),
  };
  tab.holder = { recorded, options };
  if (tab.preparedBy === undefined) {
    await options.beforeLoad?.(page);
    // The preparation is the tab's, not a change of this visit's.
    tab.changed = false;
    tab.preparedBy = prepare;
  }
  await page.goto(url, { waitUntil: "load" });
  return recorded;
}

/**
 * The context's cookies once those a script of the page can read (this host, not HttpOnly, on the
 * page's path) are in the store as `document.cookie` shows them; after 5 s, as they are.
 */
export async function settledCookies(page: Page, context: BrowserContext): Promise<Cookie[]> {
  const url = new URL(page.url());
  if (!url.protocol.startsWith("http")) return context.cookies();
  const readable = (cookie: Cookie) =>
    !cookie.httpOnly && cookie.domain.replace(/^\./, "") === url.hostname && url.pathname.startsWith(cookie.path);
  let cookies: Cookie[] = [];
  await until(
    "the page's cookies in the browser's store",
    async () => {
      const inPage = await page.evaluate(() => document.cookie);
      cookies = await context.cookies();
      const stored = cookies.filter(readable).map((cookie) => `${cookie.name}=${cookie.value}`);
      return JSON.stringify(stored.sort()) === JSON.stringify((inPage ? inPage.split("; ") : []).sort());
    },
    { timeoutMs: 5_000, intervalMs: 25 },
  ).catch(() => undefined);
  return cookies;
}

export { waitForHydration } from "./browserPage";

/** Requests to any origin other than the site's. */
export const thirdPartyRequests = (recorded: RecordedPage, siteUrl: string) =>
  recorded.requests.map((r) => r.url).filter((u) => new URL(u).origin !== new URL(siteUrl).origin);
