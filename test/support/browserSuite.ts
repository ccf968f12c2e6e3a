/**
 * A browser test file's fixtures: the production build served on a free port and one
 * Chromium, started before the file's tests and stopped after them.
 */
import type { Browser } from "puppeteer";
import { startBuiltServer, type RunningServer } from "./builtServer";
import { launchBrowser } from "./chromium";
import { startTogether } from "./startTogether";
import { startStandIns, type StandIns } from "./tagStandIns";

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

export interface StandInSiteAndBrowser extends SiteAndBrowser {
  /** The local stand-ins of the third-party scripts (Tag Manager, Klaviyo, …), which the site's settings point at. */
  standIns: StandIns;
}

/**
 * A browser test file's fixtures when it loads the third-party scripts: their stand-ins
 * (test/support/tagStandIns.ts), the production build configured to use them (plus `env`), and
 * one Chromium; started before the file's tests and stopped after them.
 */
export function useStandInSiteAndBrowser(env: Record<string, string> = {}): StandInSiteAndBrowser {
  const suite = {} as StandInSiteAndBrowser;
  beforeAll(async () => {
    suite.standIns = await startStandIns();
    [suite.server, suite.browser] = await startTogether([
      startBuiltServer({ ...suite.standIns.env, ...env }),
      launchBrowser(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.standIns?.close();
  });
  return suite;
}
