/**
 * One small driver for the cross-engine checks (docs/browsers.md): each check is written once
 * against this interface and runs in Chromium, Firefox and WebKit. Chromium and Firefox are
 * driven by puppeteer (CDP and WebDriver BiDi), WebKit by selenium-webdriver over classic
 * WebDriver, which sees no console, network or touch: what a check needs from the page it reads
 * from the page itself (`evaluate`) or from the server's log.
 */

export const ENGINE_NAMES = ["chromium", "firefox", "webkit"] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** How a browser is started for a file's checks. */
export interface DriverOptions {
  /**
   * The browser's own Global Privacy Control setting turned on, where the engine has one:
   * Chromium's `GlobalPrivacyControlForce` feature, Firefox's `privacy.globalprivacycontrol.enabled`
   * pref. WebKit (like Safari) has none: its visitor sends no signal.
   */
  globalPrivacyControl?: boolean;
}

/** Keys the checks press (WebDriver and puppeteer both know them by these names). */
export type Key = "Shift" | "Escape" | "Enter" | "Tab" | "ArrowRight";

export interface Driver {
  readonly engine: EngineName;
  /** The browser's product and version, as it reports it (e.g. "WebKitGTK 2.50.6"). */
  readonly version: string;
  /** Loads `url` as a new document; resolves after its load event. */
  goto(url: string): Promise<void>;
  /** A real pointer click (move, press, release) at the centre of the first element matching `selector`, scrolled into view. */
  click(selector: string): Promise<void>;
  /** Presses and releases `key` in the focused element (the document when none is). */
  press(key: Key): Promise<void>;
  /** Runs `fn` in the page (serialised: it sees only its arguments) and returns its result, awaited. */
  evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  /**
   * Runs `fn` in the document of the page's frame named `frameName` (an `<iframe name>`, on any
   * origin), as `evaluate` does in the page: for pages that frame another site (an editor's preview).
   */
  frameEvaluate<A extends unknown[], T>(frameName: string, fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  /** Resolves once `fn` returns something truthy in the page, polled; throws after `timeoutMs` naming `what`. */
  waitFor<A extends unknown[]>(what: string, fn: (...args: A) => unknown, args?: A, timeoutMs?: number): Promise<void>;
  /** The size of the page's viewport (window.innerWidth and innerHeight). */
  setViewport(width: number, height: number): Promise<void>;
  /** The browser's own back and forward buttons; they do not wait for what the page does then. */
  back(): Promise<void>;
  forward(): Promise<void>;
  /** A PNG of the viewport (for looking at a failure: `ENGINE_SCREENSHOTS=dir`). */
  screenshot(): Promise<Buffer>;
  /**
   * A fresh visitor: no cookies, storage or history of the previous one (a new browser context, or
   * a cleared session), holding `cookies` for `origin` when given.
   */
  reset(origin?: string, cookies?: Record<string, string>): Promise<void>;
  /**
   * The console warnings and errors (the browser's own included) of `url` loaded in a fresh view
   * and left alone for `ms` after its load event: no interaction, so the app sleeps and the idle
   * fetch runs.
   */
  consoleOf(url: string, ms: number): Promise<string[]>;
  close(): Promise<void>;
}

/** Polls `driver.evaluate(fn)` until it is truthy; errors while a new document loads count as "not yet". */
export async function pollUntil<A extends unknown[]>(
  driver: Pick<Driver, "evaluate">,
  what: string,
  fn: (...args: A) => unknown,
  args: A,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await driver.evaluate(fn, ...args)) return;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why =
        lastError instanceof Error ? ` (last error: ${lastError.name}: ${lastError.message.split("\n")[0]})` : "";
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The engines to run: all, or those named in `ENGINES` (comma-separated, e.g. `ENGINES=webkit`). */
export function selectedEngines(env = process.env.ENGINES): EngineName[] {
  if (!env) return [...ENGINE_NAMES];
  const names = env
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((name) => !(ENGINE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`ENGINES names unknown engines: ${unknown.join(", ")} (known: ${ENGINE_NAMES.join(", ")})`);
  return names as EngineName[];
}

/** How many fresh tries the first-tap checks make: a few in CI, `ENGINE_REPEATS=10` for a measurement. */
export const REPEATS = Math.max(1, Number(process.env.ENGINE_REPEATS) || 3);
