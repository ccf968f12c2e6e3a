/**
 * What the visitor's first interaction costs (decision record 008), under a phone profile:
 * slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up) and a CPU 4× slower. For each run, a
 * fresh browser context opens the page, waits until it has loaded and gone quiet (the entry
 * fetches the app's modules then), presses a key as the first interaction, and measures in the
 * page: the time from that key press to the app having hydrated the header, and the longest
 * task (PerformanceObserver "longtask") from the key press until then.
 *
 * Usage: `npm run bench:wake -- [baseUrl] [runs] [path]` against a running site (default
 * http://127.0.0.1:3000, 5 runs, `/`). test/browser/wake.test.ts runs one, with a loose bound.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium as launchChromiumWith } from "./lib/chromium.mjs";

export const PHONE_PROFILE = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4 };

/** One first interaction on `url` in a fresh context of `browser`: `{ wakeToHydratedMs, longestTaskMs, tasksOver50 }`. */
export async function measureWake(browser, url, profile = PHONE_PROFILE) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    const cdp = await page.createCDPSession();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: (profile.downloadKbps * 1000) / 8,
      uploadThroughput: (profile.uploadKbps * 1000) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
    await page.evaluateOnNewDocument(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
      window.addEventListener("keydown", (event) => (window.__wakeAt ??= event.timeStamp), { capture: true });
    });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    // Loaded and quiet: the entry's idle fetch of the app (where there is one) has finished.
    await page.waitForNetworkIdle({ idleTime: 1000, timeout: 120_000 });
    await page.keyboard.press("Shift");
    await page.waitForFunction(
      () => {
        const header = document.querySelector(".site-header");
        if (!header || !Object.keys(header).some((k) => k.startsWith("__reactFiber"))) return false;
        window.__hydratedAt ??= performance.now();
        return true;
      },
      { polling: "raf", timeout: 60_000 },
    );
    // Long tasks are reported after they end: let the last ones arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return await page.evaluate(() => {
      const tasks = window.__longTasks.filter(
        (t) => t.start + t.duration >= window.__wakeAt && t.start <= window.__hydratedAt,
      );
      return {
        wakeToHydratedMs: Math.round(window.__hydratedAt - window.__wakeAt),
        longestTaskMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
        tasksOver50: tasks.filter((t) => t.duration > 50).length,
      };
    });
  } finally {
    await context.close();
  }
}

export function launchChromium() {
  return launchChromiumWith({ userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), "wake-bench-")) });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const [base = "http://127.0.0.1:3000", runs = "5", page = "/"] = process.argv.slice(2);
  const browser = await launchChromium();
  try {
    const results = [];
    for (let i = 0; i < Number(runs); i++) {
      const result = await measureWake(browser, base.replace(/\/$/, "") + page);
      results.push(result);
      console.log(
        `run ${i + 1}: wake to hydrated ${result.wakeToHydratedMs} ms, longest task ${result.longestTaskMs} ms, ${result.tasksOver50} tasks over 50 ms`,
      );
    }
    console.log(
      `median of ${results.length} (${page}, slow 4G 150 ms / 1.6 Mbps, CPU 4×): wake to hydrated ${median(results.map((r) => r.wakeToHydratedMs))} ms, longest task ${median(results.map((r) => r.longestTaskMs))} ms`,
    );
  } finally {
    await browser.close();
  }
}

// Run as a script (not when a test imports it); no top-level await, so Jest can require it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
