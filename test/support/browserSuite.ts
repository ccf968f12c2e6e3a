/**
 * A browser test file's fixtures: the production build served on a free port and a Chromium of
 * the file's own (test/support/chromium.ts), ready before the file's tests and closed after them.
 */
import type { Browser } from "puppeteer";
import { sharedBuiltServer, startBuiltServer, type RunningServer } from "./builtServer";
import { launchBrowser } from "./chromium";
import { startTogether } from "./startTogether";
import { startStandIns, type StandIns } from "./tagStandIns";

export interface SiteAndBrowser {
  server: RunningServer;
  browser: Browser;
}

/**
 * With `env`, or `ownServer` for a file that reads the server's log, a server of the file's own;
 * otherwise the run's shared one in the default configuration (test/support/builtServer.ts).
 */
export function useSiteAndBrowser(env: Record<string, string> = {}, { ownServer = false } = {}): SiteAndBrowser {
  const suite = {} as SiteAndBrowser;
  beforeAll(async () => {
    const server = ownServer || Object.keys(env).length > 0 ? startBuiltServer(env) : sharedBuiltServer();
    [suite.server, suite.browser] = await startTogether([server, launchBrowser()]);
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
