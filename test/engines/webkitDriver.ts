/**
 * WebKit (the engine of Safari): Debian's WebKitGTK MiniBrowser, driven through its
 * WebKitWebDriver with selenium-webdriver (classic WebDriver) under a virtual X server.
 * `--full-screen` makes the viewport exactly the window's size, so a 375 px wide window is a
 * 375 px wide page. Classic WebDriver has no console, network or touch events: `consoleOf` runs
 * a MiniBrowser of its own that writes the page's console to its output.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Builder, By, Key as SeleniumKey, type WebDriver } from "selenium-webdriver";
import { freePort } from "../support/builtServer";
import { pollUntil, type Driver, type Key } from "./driver";
import { ensureEngine, MINIBROWSER, WEBKIT_DRIVER } from "./installed";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const KEYS: Record<Key, string> = {
  Shift: SeleniumKey.SHIFT,
  Escape: SeleniumKey.ESCAPE,
  Enter: SeleniumKey.ENTER,
  Tab: SeleniumKey.TAB,
  ArrowRight: SeleniumKey.ARROW_RIGHT,
};

/** Starts `command` under `xvfb-run -a` (a free display of its own) in a process group, so stopping it stops Xvfb too. */
let displays = 0;
function underXvfb(
  command: string[],
  env: NodeJS.ProcessEnv = process.env,
): { child: ChildProcess; output: () => string; stop: () => void } {
  // Each its own first display number to try: xvfb-run -a started side by side would otherwise race for the same one.
  const first = String(100 + ((process.pid * 13 + displays++ * 7) % 800));
  const child = spawn("xvfb-run", ["-a", "-n", first, "-s", "-screen 0 1920x1200x24", ...command], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return {
    child,
    output: () => output,
    stop: () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        /* already gone */
      }
    },
  };
}

async function startSession(): Promise<{ driver: WebDriver; stop: () => void }> {
  const port = await freePort();
  const server = underXvfb([WEBKIT_DRIVER, `--port=${port}`]);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`WebKitWebDriver exited with ${server.child.exitCode}:\n${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      server.stop();
      throw new Error(`WebKitWebDriver did not answer within 15 s:\n${server.output()}`);
    }
    await sleep(100);
  }
  const capabilities = {
    browserName: "MiniBrowser",
    "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation", "--full-screen"] },
  };
  try {
    const driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build();
    return { driver, stop: server.stop };
  } catch (error) {
    server.stop();
    throw error;
  }
}

/** Lines a MiniBrowser writes for console warnings and errors (`… CONSOLE WARN …`, `… CONSOLE JS ERROR …`). */
const CONSOLE_PROBLEM = /CONSOLE (\w+ )?(WARN|ERROR)/;
const PROBE = "data:text/html,<script>console.warn('console-probe')</script>";

export async function webkitDriver(): Promise<Driver> {
  ensureEngine("webkit");
  const session = await startSession();
  const driver = session.driver;
  await driver.manage().setTimeouts({ script: 20_000, pageLoad: 20_000 });
  const version = `WebKitGTK ${(await driver.getCapabilities()).get("browserVersion")}`;
  const find = (selector: string) => driver.findElement(By.css(selector));

  const self: Driver = {
    engine: "webkit",
    version,
    goto: (url) => driver.get(url),
    async click(selector) {
      await find(selector).click();
    },
    async press(key) {
      await driver.actions().keyDown(KEYS[key]).keyUp(KEYS[key]).perform();
    },
    // selenium-webdriver sends a function's source and calls it with the arguments; WebDriver awaits a returned promise.
    evaluate: (fn, ...args) => driver.executeScript(fn as never, ...args) as never,
    async frameEvaluate(frameName, fn, ...args) {
      await driver.switchTo().frame(find(`iframe[name="${frameName}"]`));
      try {
        return (await driver.executeScript(fn as never, ...args)) as never;
      } finally {
        await driver.switchTo().defaultContent();
      }
    },
    waitFor: (what, fn, args, timeoutMs = 10_000) => pollUntil(self, what, fn, args ?? ([] as never), timeoutMs),
    async setViewport(width, height) {
      await driver.manage().window().setRect({ width, height });
    },
    back: () => driver.navigate().back(),
    forward: () => driver.navigate().forward(),
    screenshot: async () => Buffer.from(await driver.takeScreenshot(), "base64"),
    async reset(origin, cookies = {}) {
      // One session for every visitor: cookies and storage are cleared from a small document of
      // the site's own (WebDriver reaches only the current document's site), which also ends
      // whatever the last page was still doing. Cookies ignore the port: one origin holds them all.
      const current = await driver.getCurrentUrl();
      const site = origin ?? (current.startsWith("http") ? new URL(current).origin : undefined);
      if (!site) return;
      await driver.get(`${site}/robots.txt`);
      await driver.manage().deleteAllCookies();
      await driver.executeScript("localStorage.clear(); sessionStorage.clear();");
      for (const [name, value] of Object.entries(cookies))
        await driver.manage().addCookie({ name, value, path: "/", sameSite: "Lax" });
    },
    async consoleOf(url, ms) {
      // A MiniBrowser of its own writing the console to its output (WebDriver cannot see it), with
      // a fresh profile (its --private mode writes no console), line-buffered: it is stopped by a
      // signal, which would lose a pipe's unflushed buffer. A first tab warns once, to prove the
      // console was read: no warning from the page (the last tab, in front) then means none.
      const home = fs.mkdtempSync(path.join(os.tmpdir(), "minibrowser-"));
      const env = { ...process.env, XDG_DATA_HOME: home, XDG_CACHE_HOME: home, XDG_CONFIG_HOME: home };
      const browser = underXvfb(
        ["stdbuf", "-oL", MINIBROWSER, "--enable-write-console-messages-to-stdout=true", PROBE, url],
        env,
      );
      // The probe's warning shows MiniBrowser is up (on a busy machine its start alone took over
      // 3 s); no load event to wait for from outside: then a generous allowance for the load, and the wait.
      const startedBy = Date.now() + 30_000;
      while (browser.child.exitCode === null && !browser.output().includes(PROBE) && Date.now() < startedBy)
        await sleep(100);
      await sleep(3_000 + ms);
      const exited = browser.child.exitCode;
      browser.stop();
      fs.rmSync(home, { recursive: true, force: true });
      const lines = browser.output().split("\n");
      if (exited !== null || !lines.some((line) => line.startsWith(PROBE))) {
        throw new Error(`MiniBrowser's console for ${url} could not be read (exit ${exited}):\n${browser.output()}`);
      }
      return lines
        .filter((line) => CONSOLE_PROBLEM.test(line) && !line.startsWith(PROBE))
        .map((line) => line.replace(/^.*?CONSOLE /, "CONSOLE "));
    },
    async close() {
      try {
        await driver.quit();
      } finally {
        session.stop();
      }
    },
  };
  return self;
}
