/**
 * A browser test file's fixtures: the production build served on a free port and one
 * Chromium, started before the file's tests and stopped after them.
 */
import type { Browser } from "puppeteer";
import { startBuiltServer, type RunningServer } from "./builtServer";
import { launchBrowser } from "./chromium";

export interface SiteAndBrowser {
  server: RunningServer;
  browser: Browser;
}

export function useSiteAndBrowser(env: Record<string, string> = {}): SiteAndBrowser {
  const suite = {} as SiteAndBrowser;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startBuiltServer(env), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
