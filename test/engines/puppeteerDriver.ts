/**
 * Chromium (Debian's, over CDP, launched as every browser test does) and Firefox (Debian's
 * firefox-esr, over WebDriver BiDi) through the project's puppeteer. Each visitor starts with no
 * cookies, storage or cache of the one before: in Firefox a new browser context; in Chromium the
 * same tab with all of it cleared (test/support/firstVisitTab.ts), since there a new tab's renderer
 * costs about 2.5 CPU-s to start and tear down (docs/development.md, "A tab is dear").
 */
import puppeteer, { type Browser, type BrowserContext, type CDPSession, type Page } from "puppeteer";
import { launchBrowser, PAGE_WAIT_MS } from "../support/chromium";
import { forgetVisitor } from "../support/firstVisitTab";
import { pollUntil, type Driver, type DriverOptions, type Key } from "./driver";
import { ensureEngine, FIREFOX } from "./installed";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function launch(engine: "chromium" | "firefox", { globalPrivacyControl }: DriverOptions): Promise<Browser> {
  if (engine === "chromium")
    return launchBrowser(globalPrivacyControl ? ["--enable-features=GlobalPrivacyControlForce"] : []);
  ensureEngine("firefox");
  return puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    ...(globalPrivacyControl ? { extraPrefsFirefox: { "privacy.globalprivacycontrol.enabled": true } } : {}),
  });
}

export async function puppeteerDriver(engine: "chromium" | "firefox", options: DriverOptions = {}): Promise<Driver> {
  const browser = await launch(engine, options);
  let viewport = { width: 1280, height: 800 };
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession | undefined;
  /** Origins the tab's requests went to since its visitor was last forgotten. */
  const origins = new Set<string>();
  const newPage = async () => {
    context = await browser.createBrowserContext();
    page = await context.newPage();
    page.setDefaultTimeout(PAGE_WAIT_MS);
    await page.setViewport(viewport);
    if (engine !== "chromium") return;
    cdp = await page.createCDPSession();
    origins.clear();
    page.on("request", (request) => {
      if (request.url().startsWith("http")) origins.add(new URL(request.url()).origin);
    });
  };
  await newPage();
  /** A new visitor: Chromium's tab forgets the last one (cookies, storage, HTTP cache); Firefox gets a new context. */
  const newVisitor = async () => {
    if (!cdp) {
      await context.close();
      return newPage();
    }
    try {
      await forgetVisitor(page, cdp, origins);
      await cdp.send("Network.clearBrowserCache");
      origins.clear();
    } catch {
      // A tab that cannot be reset (its document went away meanwhile): a new one.
      await context.close().catch(() => undefined);
      await newPage();
    }
  };

  /** Back and forward resolve when the page has moved, or after a second if the app handles it in place. */
  const traverse = (move: () => Promise<unknown>) => Promise.race([move().catch(() => undefined), sleep(1000)]);

  const self: Driver = {
    engine,
    version: (await browser.version()).replace(/^firefox\//i, "Firefox ").replace(/^(Headless)?Chrome\//, "Chromium "),
    async goto(url) {
      await page.goto(url, { waitUntil: "load" });
    },
    async click(selector) {
      await page.click(selector);
    },
    async press(key: Key) {
      await page.keyboard.press(key);
    },
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    async frameEvaluate(frameName, fn, ...args) {
      // By the name its document sees (Frame.name() is not kept over WebDriver BiDi).
      for (const frame of page.frames()) {
        if (frame === page.mainFrame()) continue;
        const name = await frame.evaluate(() => window.name).catch(() => null);
        if (name === frameName) return frame.evaluate(fn as never, ...(args as unknown as never[])) as never;
      }
      throw new Error(`no frame named ${frameName}`);
    },
    waitFor: (what, fn, args, timeoutMs = 10_000) => pollUntil(self, what, fn, args ?? ([] as never), timeoutMs),
    async setViewport(width, height) {
      viewport = { width, height };
      await page.setViewport(viewport);
    },
    back: () => traverse(() => page.goBack()).then(() => undefined),
    forward: () => traverse(() => page.goForward()).then(() => undefined),
    screenshot: async () => Buffer.from(await page.screenshot()),
    async reset(origin, cookies = {}) {
      await newVisitor();
      // On the context, by domain: Firefox over BiDi ignores a page's cookie set by URL before it has loaded one.
      const domain = origin ? new URL(origin).hostname : "";
      if (origin)
        await context.setCookie(
          ...Object.entries(cookies).map(([name, value]) => ({
            name,
            value,
            domain,
            path: "/",
            sameSite: "Lax" as const,
          })),
        );
    },
    async consoleOf(url, ms) {
      const fresh = await browser.createBrowserContext();
      const view = await fresh.newPage();
      const seen: string[] = [];
      view.on("console", (message) => {
        if (["warn", "warning", "error", "assert"].includes(message.type()))
          seen.push(`${message.type()}: ${message.text()}`);
      });
      view.on("pageerror", (error) => seen.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
      await view.setViewport(viewport);
      await view.goto(url, { waitUntil: "load" });
      await sleep(ms);
      await fresh.close();
      return seen;
    },
    close: () => browser.close(),
  };
  return self;
}
