/**
 * One session of the slice screenshot tool: the site's production build on a loopback port, Debian's
 * Chromium, and a parent page that frames /slice-simulator as Prismic's Page Builder does and sends
 * it one slice at a time. A production simulator only listens to parents on Prismic's https
 * origins, so the parent is served under PARENT_ORIGIN by Puppeteer's request interception
 * (nothing leaves the machine: every other outside request is refused), and the site lets that
 * origin frame the simulator (SLICE_SIMULATOR_ANCESTORS).
 *
 * Determinism: one device pixel per CSS pixel, no scrollbars, font hinting off, reduced motion (the
 * site's own rule stops transitions and the carousel), remaining animations finished, fonts loaded
 * and every image decoded before the capture; the capture is the slice's own box, whatever its height.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as esbuild from "esbuild";
import type { Browser, Frame, HTTPRequest, Page } from "puppeteer";
import { launchChromium } from "../lib/chromium.mjs";
import { freePort } from "../lib/freePort.mjs";

/** The Page Builder's desktop width: Slice Machine's simulator "Desktop" screen (1280 × 800). */
export const SCREENSHOT_WIDTH = 1280;
const FRAME_HEIGHT = 800;
const PARENT_ORIGIN = "https://slice-screenshots.prismic.io";

export interface ScreenshotSession {
  /** A PNG of `slice` as the simulator renders it, SCREENSHOT_WIDTH wide and as tall as the slice. */
  capture(slice: object): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openScreenshotSession(root: string): Promise<ScreenshotSession> {
  const [server, parentScript] = await Promise.all([startSite(root), bundleParent()]);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium({
      userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), "slice-shots-")),
      extraArgs: [
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--font-render-hinting=none",
        "--force-color-profile=srgb",
        "--disable-lcd-text",
        // The parent's public-looking origin framing a loopback site (see the file's comment).
        "--disable-features=LocalNetworkAccessChecks",
      ],
    });
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await page.setViewport({ width: SCREENSHOT_WIDTH, height: FRAME_HEIGHT, deviceScaleFactor: 1 });
    await page.emulateMediaFeatures([{ name: "prefers-reduced-motion", value: "reduce" }]);
    await page.setRequestInterception(true);
    page.on("request", (req: HTTPRequest) => void route(req, server.url, parentScript));
    const simulatorUrl = `${server.url}/slice-simulator`;
    const query = new URLSearchParams({
      simulator: simulatorUrl,
      width: String(SCREENSHOT_WIDTH),
      height: String(FRAME_HEIGHT),
    });
    await page.goto(`${PARENT_ORIGIN}/?${query}`, { waitUntil: "load" });
    const status = await page.evaluate(() => window.sliceShots.connected);
    if (status !== 200) throw new Error(`The simulator refused the connection (${status})`);
    const frame = await page.waitForFrame((f) => f.url().startsWith(simulatorUrl));
    const opened = browser;
    return {
      capture: (slice) => capture(page, frame, slice),
      close: async () => {
        await opened.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

async function capture(page: Page, frame: Frame, slice: object): Promise<Buffer> {
  const { slice_type: type, variation } = slice as { slice_type: string; variation: string };
  // An empty zone first: the next slice mounts afresh, as when an editor opens a variation.
  await page.evaluate(() => window.sliceShots.show([]));
  await page.evaluate((s) => window.sliceShots.show([s as never]), slice as never);
  await frame.waitForFunction(
    (t, v) => {
      const el = document.querySelector(`[data-slice-zone] > [data-slice-index="0"][data-slice-type="${t}"]`);
      return !!el && (el.querySelector("[data-variation]")?.getAttribute("data-variation") ?? v) === v;
    },
    {},
    type,
    variation,
  );
  // Tall enough to hold the whole slice, so lazy images load and nothing is cut.
  let height = await sliceHeight(frame);
  await page.evaluate(
    (h) => {
      document.querySelector<HTMLIFrameElement>("#simulator")!.height = String(h);
    },
    Math.max(height, FRAME_HEIGHT),
  );
  await page.setViewport({ width: SCREENSHOT_WIDTH, height: Math.max(height, FRAME_HEIGHT), deviceScaleFactor: 1 });
  await frame.evaluate(async () => {
    // Every declared face, not only those laid out so far: a face first used after a reflow would
    // otherwise arrive after the capture on one run and before it on another.
    await Promise.all([...document.fonts].map((face) => face.load().catch(() => undefined)));
    await document.fonts.ready;
    const images = [...document.querySelectorAll<HTMLImageElement>("[data-slice-zone] img")];
    for (const img of images) img.loading = "eager";
    // A refused image (an outside host) settles as broken: decode() rejects, which is fine.
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    for (const animation of document.getAnimations()) animation.finish();
    // A fresh layout of the finished slice: incremental relayouts as images arrived in a varying
    // order can leave multi-column balancing a pixel apart from run to run.
    const zone = document.querySelector<HTMLElement>("[data-slice-zone]")!;
    zone.style.display = "none";
    void zone.offsetHeight;
    zone.style.display = "";
    // Two frames: the decoded images are painted.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  // Settled: the same height twice, two frames apart.
  let previous = -1;
  height = await sliceHeight(frame);
  while (height !== previous) {
    previous = height;
    await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    height = await sliceHeight(frame);
  }
  return Buffer.from(
    await page.screenshot({ clip: { x: 0, y: 0, width: SCREENSHOT_WIDTH, height }, captureBeyondViewport: false }),
  );
}

const sliceHeight = (frame: Frame) =>
  frame.$eval('[data-slice-zone] > [data-slice-index="0"]', (el) =>
    Math.max(1, Math.ceil(el.getBoundingClientRect().height - 0.01)),
  );

async function route(req: HTTPRequest, siteUrl: string, parentScript: string): Promise<void> {
  const url = new URL(req.url());
  if (url.origin === PARENT_ORIGIN) {
    if (url.pathname === "/parent.js")
      return req.respond({ status: 200, contentType: "text/javascript", body: parentScript });
    return req.respond({
      status: 200,
      contentType: "text/html",
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slice screenshots</title><style>body{margin:0}iframe{border:0;display:block}</style><script type="module" src="/parent.js"></script></head><body></body></html>',
    });
  }
  if (url.origin === siteUrl) return req.continue();
  return req.abort("blockedbyclient");
}

async function bundleParent(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(import.meta.dirname, "simulatorParent.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "chrome111",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

/** The production build (dist/), embedded content, on a free loopback port. */
async function startSite(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (!fs.existsSync(path.join(root, "dist/server/index.js")))
    throw new Error("No build in dist/: run `npm run build` first");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "dist/server/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      LOG_LEVEL: "warn",
      MEDIA_WARM: "off",
      SHUTDOWN_DELAY_MS: "0",
      SLICE_SIMULATOR_ANCESTORS: PARENT_ORIGIN,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The site exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("The site did not start within 20 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
