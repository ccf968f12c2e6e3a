/**
 * Debian's Chromium as every script and browser test launches it through puppeteer: headless,
 * with a fresh profile and the switches that keep it off the network and quiet (no first-run,
 * sync, updates or QUIC). Callers add their own switches (`extraArgs`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer from "puppeteer";

export const CHROMIUM = "/usr/bin/chromium";

/**
 * Debian's Chromium headless shell: the same engine (Blink, V8, the network stack) without the
 * browser's windows and user interface, as automation runs it (puppeteer's `headless: "shell"`,
 * Playwright's headless default). The Chromium-only browser tests run in it: a page load costs
 * it about half the CPU (decision record 027). What shows the site to people or scores it
 * (screenshots, Lighthouse) and the cross-engine checks use the whole browser.
 */
export const CHROMIUM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export const CHROMIUM_SWITCHES = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Launches Chromium (the headless shell with `shell`); `userDataDir` defaults to a fresh folder
 * under the system's temp.
 */
export function launchChromium({ userDataDir, extraArgs = [], shell = false } = {}) {
  return puppeteer.launch({
    executablePath: shell ? CHROMIUM_HEADLESS_SHELL : CHROMIUM,
    headless: shell ? "shell" : true,
    userDataDir: userDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "chromium-profile-")),
    args: [...CHROMIUM_SWITCHES, ...extraArgs],
  });
}
