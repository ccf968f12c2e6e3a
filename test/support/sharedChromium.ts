/**
 * One Chromium for a whole Jest run, shared by every browser test file that needs no switches of
 * its own (docs/development.md, "Running the tests"): starting a Chromium costs each file about
 * 1.7 s of CPU. A file connects, works only in browser contexts of its own (cookies, storage and
 * cache apart from every other file's, as in a browser of its own) and disconnects.
 *
 * The first file that asks starts it (test/support/sharedProcess.ts).
 */
import path from "node:path";
import puppeteer, { type Browser, type BrowserContext, type Target } from "puppeteer";
import { CHROMIUM, CHROMIUM_SWITCHES } from "../../scripts/lib/chromium.mjs";
import { readIfThere, sharedProcess, whenReady } from "./sharedProcess";

/**
 * The run's Chromium, with the switches puppeteer launches it with (headless, no throttling of
 * pages in the background, hidden scrollbars…); its DevTools endpoint.
 */
const sharedEndpoint = () =>
  sharedProcess("chromium", ({ dir, spawnShared }) => {
    const profile = path.join(dir, "profile");
    const args = puppeteer.defaultArgs({
      headless: true,
      userDataDir: profile,
      args: [...CHROMIUM_SWITCHES, "--disable-dev-shm-usage", "--remote-debugging-port=0"],
    });
    spawnShared(CHROMIUM, args);
    // Chromium writes the port it chose to DevToolsActivePort in its profile.
    return whenReady(
      "Chromium",
      () => {
        const [port, wsPath] = readIfThere(path.join(profile, "DevToolsActivePort")).split("\n");
        return port && wsPath ? `ws://127.0.0.1:${port}${wsPath}` : null;
      },
      dir,
    );
  });

/**
 * A test file's view of the shared Chromium, used as a Browser of its own: `newPage()` opens pages
 * in the file's own context, `createBrowserContext()` more contexts of its own, `targets()` and
 * `pages()` see only those, and `close()` closes them and disconnects, leaving Chromium to the others.
 */
export async function connectSharedChromium(onTarget: (target: Target) => void): Promise<Browser | null> {
  const endpoint = await sharedEndpoint();
  if (!endpoint) return null;
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint });
  const own = await browser.createBrowserContext();
  const contexts: BrowserContext[] = [own];
  browser.on("targetcreated", (target: Target) => {
    if (contexts.includes(target.browserContext())) onTarget(target);
  });
  const ownTargets = () => browser.targets().filter((target) => contexts.includes(target.browserContext()));
  const overrides: Partial<Browser> = {
    newPage: () => own.newPage(),
    createBrowserContext: async (options) => {
      const context = await browser.createBrowserContext(options);
      contexts.push(context);
      return context;
    },
    targets: ownTargets,
    pages: async () => (await Promise.all(contexts.map((context) => context.pages()))).flat(),
    close: async () => {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await browser.disconnect();
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof Browser];
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
