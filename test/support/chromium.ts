/**
 * Debian's Chromium for browser tests. Puppeteer never downloads a browser: when
 * /usr/bin/chromium is missing it is installed from Debian's package as root, or the test stops
 * and says how (scripts/lib/systemTools.mjs, the one mechanism for every system tool).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Target } from "puppeteer";
import { CHROMIUM, launchChromium } from "../../scripts/lib/chromium.mjs";
import { ensureSystemTools } from "../../scripts/lib/systemTools.mjs";
import { connectSharedChromium } from "./sharedChromium";

export { CHROMIUM };

export function ensureChromium(): void {
  ensureSystemTools("chromium");
}

/**
 * How long a page's waits (selectors, functions, navigations) last unless a test says otherwise.
 * Puppeteer's own default is 30 s, Jest's test timeout: a wait that never ends would surface as
 * Jest's anonymous "Exceeded timeout"; a shorter one fails first, naming what it waited for.
 */
export const PAGE_WAIT_MS = 20_000;

/** Every page, in any context: the handler runs as the target appears, before newPage() resolves. */
const withDefaultWait = (target: Target) => {
  if (target.type() === "page") void target.page().then((page) => page?.setDefaultTimeout(PAGE_WAIT_MS));
};

/**
 * A Chromium for one test file. Without switches of its own, the file's share of the run's one
 * Chromium (test/support/sharedChromium.ts): contexts of its own, as apart from other files as a
 * browser of its own. `extraArgs` (e.g. `--disable-features=…`) need a Chromium of their own.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  ensureChromium();
  if (extraArgs.length === 0) {
    const shared = await connectSharedChromium(withDefaultWait);
    if (shared) return shared;
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chromium-profile-"));
  const browser = await launchChromium({ userDataDir, extraArgs: ["--disable-dev-shm-usage", ...extraArgs] });
  browser.on("targetcreated", withDefaultWait);
  return browser;
}
