/**
 * Debian's Chromium for browser tests. Puppeteer never downloads a browser: when
 * /usr/bin/chromium is missing we install Debian's package as root, or stop and say how.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Target } from "puppeteer";
import { CHROMIUM, launchChromium } from "../../scripts/lib/chromium.mjs";

export { CHROMIUM };

export function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Browser tests need Debian's Chromium at ${CHROMIUM}: run \`sudo apt-get install -y chromium\``);
  }
  console.log("Installing Debian's chromium package for the browser tests…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}

/**
 * How long a page's waits (selectors, functions, navigations) last unless a test says otherwise.
 * Puppeteer's own default is 30 s, Jest's test timeout: a wait that never ends would surface as
 * Jest's anonymous "Exceeded timeout"; a shorter one fails first, naming what it waited for.
 */
export const PAGE_WAIT_MS = 20_000;

/** `extraArgs`: more Chromium switches for one test file (e.g. `--disable-features=…`). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  ensureChromium();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chromium-profile-"));
  const browser = await launchChromium({ userDataDir, extraArgs: ["--disable-dev-shm-usage", ...extraArgs] });
  // Every page, in any context: the handler runs as the target appears, before newPage() resolves.
  browser.on("targetcreated", (target: Target) => {
    if (target.type() === "page") void target.page().then((page) => page?.setDefaultTimeout(PAGE_WAIT_MS));
  });
  return browser;
}
