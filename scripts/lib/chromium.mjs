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

export const CHROMIUM_SWITCHES = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Launches Chromium; `userDataDir` defaults to a fresh folder under the system's temp. */
export function launchChromium({ userDataDir, extraArgs = [] } = {}) {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: userDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "chromium-profile-")),
    args: [...CHROMIUM_SWITCHES, ...extraArgs],
  });
}
