/**
 * A page in a fresh browser context (its own cookies) that records every request it makes, and
 * answers the tracking relay (POST /api/meta-capi) itself, keeping each body: the assertions
 * read exactly what the browser sent, whether or not the relay is mounted.
 */
import type { Browser, BrowserContext, Page } from "puppeteer";
import type { StandInRecord } from "./tagStandIns";

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
  cookie: (name: string) => Promise<string | undefined>;
  close: () => Promise<void>;
}

export interface RecordedPageOptions {
  /** Cookies set before the first request (on the site's host). */
  cookies?: Record<string, string>;
  /** Status the page answers the relay's posts with (default 200), or "pass" to let them reach the site's relay. */
  relayStatus?: number | "pass";
  width?: number;
  /** Runs on the page before it loads (e.g. installPageClock). */
  beforeLoad?: (page: Page) => Promise<void>;
  /** A later visit of the same visitor: a new page in this context (its cookies), which `close` leaves open. */
  context?: BrowserContext;
}

export async function openRecordedPage(
  browser: Browser,
  url: string,
  options: RecordedPageOptions = {},
): Promise<RecordedPage> {
  const context = options.context ?? (await browser.createBrowserContext());
  const { hostname } = new URL(url);
  for (const [name, value] of Object.entries(options.cookies ?? {}))
    await context.setCookie({ name, value, domain: hostname, path: "/" });
  const page = await context.newPage();
  await page.setViewport({ width: options.width ?? 1440, height: 900 });
  const recorded: RecordedPage = {
    page,
    context,
    requests: [],
    posts: [],
    relayAnswers: [],
    problems: [],
    standIns: () => page.evaluate(() => ({ ...((window as unknown as { __standIns?: object }).__standIns ?? {}) })),
    cookie: async (name) => (await context.cookies()).find((c) => c.name === name)?.value,
    close: () => (options.context ? page.close() : context.close()),
  };
  page.on("console", (msg) => {
    // Failed requests are the request log's business; the site's own misses are not ours here.
    if ((msg.type() === "error" || msg.type() === "warn") && !msg.text().startsWith("Failed to load resource")) {
      recorded.problems.push(`${msg.type()}: ${msg.text()}`);
    }
  });
  page.on("pageerror", (error) => recorded.problems.push(`pageerror: ${(error as Error).message}`));
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    recorded.requests.push({ url: request.url(), at: Date.now() });
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
      request.method() === "POST" &&
      new URL(request.url()).pathname === "/api/meta-capi" &&
      options.relayStatus === "pass"
    ) {
      void response.text().then(
        (body) => recorded.relayAnswers.push({ status: response.status(), body }),
        () => {},
      );
    }
  });
  await options.beforeLoad?.(page);
  await page.goto(url, { waitUntil: "load" });
  return recorded;
}

export { waitForHydration } from "./browserPage";

/** Requests to any origin other than the site's. */
export const thirdPartyRequests = (recorded: RecordedPage, siteUrl: string) =>
  recorded.requests.map((r) => r.url).filter((u) => new URL(u).origin !== new URL(siteUrl).origin);
