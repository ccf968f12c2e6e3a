/**
 * The document stream (server/render/streamDocument.tsx) on a small route table of its own, served by
 * an Express app on 127.0.0.1: browsers get the shell before a suspended part is ready, crawlers
 * the whole document before the first byte; a render is aborted when the visitor goes away or
 * after 10 s (that one timer is held by the test, which fires it), and its timer cleared when it ends;
 * errors before the shell
 * are a plain 500. `renderDocumentToBuffer`, the cached pages' renderer, waits for everything and
 * rejects on any error.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { Suspense, use } from "react";
import { createStaticHandler, createStaticRouter, Outlet, type RouteObject, useLoaderData } from "react-router";
import { DOCUMENT_END } from "../server/render/htmlShell";
import { renderDocumentToBuffer, streamDocument } from "../server/render/streamDocument";
import { type SiteFeatures, useSiteFeatures } from "../views/siteFeatures";
import { capturingLogger, type LogLine } from "./support/capturingLogger";

const START = '<!doctype html><html lang="en"><head><title>Test</title></head><body><div id="root">';
const ENTRY = "/assets/entry-abc123.js";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** The promise the slow part waits for: a new one per test. */
let slowText: Deferred<string>;
function SlowPart() {
  return <p>{use(slowText.promise)}</p>;
}
function Thrower({ where }: { where: string }): never {
  throw new Error(`broke ${where}`);
}

const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    Component: () => (
      <main>
        <Outlet />
      </main>
    ),
    children: [
      {
        id: "plain",
        path: "plain",
        loader: () => ({ title: "Oak kitchens" }),
        Component: () => <h1>{useLoaderData<{ title: string }>().title}</h1>,
      },
      {
        id: "slow",
        path: "slow",
        Component: () => (
          <Suspense fallback={<p>Loading the slow part</p>}>
            <SlowPart />
          </Suspense>
        ),
      },
      { id: "shell-error", path: "shell-error", Component: () => <Thrower where="the shell" /> },
      {
        id: "part-error",
        path: "part-error",
        Component: () => (
          <Suspense fallback={<p>Loading the broken part</p>}>
            <Thrower where="inside a part" />
          </Suspense>
        ),
      },
      { id: "features", path: "features", Component: () => <p>{featureList(useSiteFeatures())}</p> },
    ],
  },
];

const featureList = (features: SiteFeatures) =>
  Object.entries(features)
    .map(([name, on]) => `${name} ${typeof on === "string" ? on : on ? "on" : "off"}`)
    .join(", ");

/**
 * The render's 10 s timer, held rather than run (React's own scheduling uses setTimeout too, so
 * jest's fake timers would stop it): the test fires it, and sees whether it was cleared.
 */
interface HeldTimer {
  fire: () => void;
  cleared: boolean;
}
let heldTimers: HeldTimer[];
function holdRenderTimers(): void {
  heldTimers = [];
  const realSetTimeout = global.setTimeout;
  const realClearTimeout = global.clearTimeout;
  jest.spyOn(global, "setTimeout").mockImplementation(((callback: () => void, ms?: number, ...args: unknown[]) => {
    if (ms !== 10_000) return realSetTimeout(callback, ms, ...args);
    const held: HeldTimer = { fire: callback, cleared: false };
    heldTimers.push(held);
    return held;
  }) as typeof setTimeout);
  jest.spyOn(global, "clearTimeout").mockImplementation((handle) => {
    const held = heldTimers.find((timer) => timer === (handle as unknown));
    if (held) held.cleared = true;
    else realClearTimeout(handle);
  });
}

async function routerFor(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://127.0.0.1${path}`));
  if (context instanceof Response) throw new Error(`unexpected ${context.status}`);
  return { router: createStaticRouter(handler.dataRoutes, context), context };
}

let server: http.Server;
let port: number;
let lines: LogLine[];
/** What streamDocument resolved with, per request, in order. */
let results: Array<Promise<{ completed: boolean }>>;
let features: SiteFeatures | undefined;

beforeEach(async () => {
  holdRenderTimers();
  slowText = deferred<string>();
  results = [];
  features = undefined;
  const captured = capturingLogger("info");
  lines = captured.lines;
  const app = express();
  app.use(async (req, res) => {
    const { router, context } = await routerFor(req.url);
    const result = streamDocument(req, res, {
      router,
      context,
      nonce: "n0nce",
      entry: ENTRY,
      start: START,
      log: captured.logger,
      features,
    });
    results.push(result);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  jest.restoreAllMocks();
  slowText.resolve("done");
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Exchange {
  /** Resolves at the response's headers. */
  response: Promise<http.IncomingMessage>;
  /** Resolves with the body received so far once it contains `text`. */
  until(text: string): Promise<string>;
  /** Resolves with the whole body when the response ends, or what came before it was cut. */
  body: Promise<string>;
  request: http.ClientRequest;
}

function get(path: string, userAgent: string): Exchange {
  const response = deferred<http.IncomingMessage>();
  const body = deferred<string>();
  const waiting: Array<{ text: string; resolve: (so: string) => void }> = [];
  let received = "";
  const request = http.get({ host: "127.0.0.1", port, path, headers: { "user-agent": userAgent }, agent: false });
  request.on("error", () => undefined);
  request.on("response", (res) => {
    response.resolve(res);
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      received += chunk;
      for (const wait of waiting) if (received.includes(wait.text)) wait.resolve(received);
    });
    res.on("end", () => body.resolve(received));
    res.on("close", () => body.resolve(received));
  });
  const until = (text: string) =>
    new Promise<string>((resolve) => {
      if (received.includes(text)) resolve(received);
      else waiting.push({ text, resolve });
    });
  return { response: response.promise, until, body: body.promise, request };
}

/** Lets the server's event loop turn a few times (React schedules its work with setImmediate). */
const turns = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
};

const messages = () => lines.map((line) => line.msg);

describe("streamDocument", () => {
  test("a page: the shell's start, React's markup with the entry module under the nonce, then the document's end", async () => {
    const exchange = get("/plain", BROWSER);
    const res = await exchange.response;
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const body = await exchange.body;
    expect(body.startsWith(START)).toBe(true);
    expect(body).toContain("<main><h1>Oak kitchens</h1></main>");
    expect(body).toMatch(new RegExp(`<script type="module" src="${ENTRY}" nonce="n0nce"[^>]*></script>`));
    expect(body).toMatch(/<script nonce="n0nce">window.__staticRouterHydrationData/);
    expect(body.endsWith(DOCUMENT_END)).toBe(true);
    expect(await results[0]).toEqual({ completed: true });
  });

  test("the status is the router's (a route that is not there: 404)", async () => {
    const exchange = get("/nowhere", BROWSER);
    expect((await exchange.response).statusCode).toBe(404);
    await exchange.body;
  });

  test("a browser gets the shell, with the slow part's fallback, before the slow part is ready", async () => {
    const exchange = get("/slow", BROWSER);
    const shell = await exchange.until("Loading the slow part");
    expect(shell.startsWith(START)).toBe(true);
    expect(shell).not.toContain(DOCUMENT_END);
    slowText.resolve("The slow part, ready");
    expect(await exchange.body).toContain("The slow part, ready");
    expect(await results[0]).toEqual({ completed: true });
  });

  test("a crawler gets nothing until the whole document is ready, then the part in place of its fallback", async () => {
    const exchange = get("/slow", CRAWLER);
    let answered = false;
    void exchange.response.then(() => (answered = true));
    while (results.length === 0) await turns(1);
    await turns(20);
    expect(answered).toBe(false);
    slowText.resolve("The slow part, ready");
    const body = await exchange.body;
    expect(body).toContain("<p>The slow part, ready</p>");
    expect(body).not.toContain("Loading the slow part");
  });

  test("the features given reach the views; without them, none", async () => {
    expect(await get("/features", BROWSER).body).toContain(
      "<p>klaviyo off, reviews off, privacyPolicy off, consentManager off, usConsentModel opt-in</p>",
    );
    features = {
      klaviyo: true,
      reviews: false,
      privacyPolicy: true,
      consentManager: "banner",
      usConsentModel: "opt-out",
    };
    expect(await get("/features", BROWSER).body).toContain(
      "<p>klaviyo on, reviews off, privacyPolicy on, consentManager banner, usConsentModel opt-out</p>",
    );
  });

  test("a visitor going away aborts the render: it resolves as not completed, its timer cleared", async () => {
    const exchange = get("/slow", BROWSER);
    await exchange.until("Loading the slow part");
    expect(heldTimers).toEqual([{ fire: expect.any(Function), cleared: false }]);
    exchange.request.destroy();
    expect(await results[0]).toEqual({ completed: false });
    expect(heldTimers[0].cleared).toBe(true);
    // Aborted, React gives up on the part it was waiting for (its work runs in zero-delay timers).
    for (let i = 0; i < 10 && !messages().includes("render error"); i++) await new Promise((r) => setTimeout(r, 0));
    expect(messages()).toContain("render error");
  });

  test("a render still waiting after 10 s is aborted: the document ends, not completed, the error logged", async () => {
    const exchange = get("/slow", BROWSER);
    await exchange.until("Loading the slow part");
    let settled = false;
    void results[0].then(() => (settled = true));
    await turns(10);
    expect(settled).toBe(false);
    expect(heldTimers).toHaveLength(1);
    heldTimers[0].fire();
    expect((await exchange.body).endsWith(DOCUMENT_END)).toBe(true);
    expect(await results[0]).toEqual({ completed: false });
    expect(messages()).toContain("render error");
  });

  test("a crawler's render still waiting after 10 s is aborted: the document it gets ends, and React reports nothing amiss", async () => {
    const reported = jest.spyOn(console, "error");
    const exchange = get("/slow", CRAWLER);
    while (heldTimers.length === 0) await turns(1);
    heldTimers[0].fire();
    const body = await exchange.body;
    expect(body.endsWith(DOCUMENT_END)).toBe(true);
    expect(body).toContain("Loading the slow part");
    expect(await results[0]).toEqual({ completed: false });
    expect(reported.mock.calls.flat().join("\n")).not.toMatch(/abortable task|bug in React/);
  });

  test("a finished render leaves no timer behind", async () => {
    await get("/plain", BROWSER).body;
    expect(await results[0]).toEqual({ completed: true });
    expect(heldTimers).toEqual([{ fire: expect.any(Function), cleared: true }]);
  });

  test("an error before the shell: a plain 500 without the error's text, logged", async () => {
    const exchange = get("/shell-error", BROWSER);
    const res = await exchange.response;
    expect(res.statusCode).toBe(500);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(await exchange.body).toBe("Internal Server Error");
    expect(await results[0]).toEqual({ completed: false });
    const logged = lines.find((line) => line.msg === "render failed before the shell was ready");
    expect(JSON.stringify(logged?.err)).toContain("broke the shell");
  });

  test("in a development build, the error before the shell is shown as a page", async () => {
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = "development";
    try {
      const exchange = get("/shell-error", BROWSER);
      const res = await exchange.response;
      expect(res.statusCode).toBe(500);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(await exchange.body).toContain("Error: broke the shell");
    } finally {
      process.env.NODE_ENV = env;
    }
  });

  test("an error inside a part: the page is sent whole, the part left to the browser, not completed, logged", async () => {
    const exchange = get("/part-error", BROWSER);
    expect((await exchange.response).statusCode).toBe(200);
    const body = await exchange.body;
    expect(body).toContain("Loading the broken part");
    expect(body.endsWith(DOCUMENT_END)).toBe(true);
    expect(await results[0]).toEqual({ completed: false });
    expect(messages()).toContain("render error");
  });
});

describe("renderDocumentToBuffer", () => {
  const render = async (path: string, extra: { hydrate?: boolean; end?: string; nonce?: string } = {}) => {
    const { logger, lines: logged } = capturingLogger("info");
    lines = logged;
    return renderDocumentToBuffer({ ...(await routerFor(path)), start: START, log: logger, ...extra });
  };

  test("the whole document in one buffer, and React's part of it", async () => {
    const { html, markup } = await render("/plain", { hydrate: false, end: "<script>tail()</script>" });
    expect(markup).toBe("<main><h1>Oak kitchens</h1></main>");
    expect(html.toString()).toBe(`${START}${markup}</div><script>tail()</script></body></html>`);
  });

  test("with the router's hydration script unless told not to, under the nonce given", async () => {
    expect((await render("/plain", { nonce: "abc" })).markup).toMatch(
      /<script nonce="abc">window.__staticRouterHydrationData/,
    );
    expect((await render("/plain", { hydrate: false })).markup).not.toContain("__staticRouterHydrationData");
  });

  test("waits for every part: the slow part in place, no fallback", async () => {
    const rendering = render("/slow", { hydrate: false });
    await turns(10);
    slowText.resolve("The slow part, ready");
    const { markup } = await rendering;
    expect(markup).toBe("<main><!--$--><p>The slow part, ready</p><!--/$--></main>");
  });

  test.each([
    ["before the shell", "/shell-error", "broke the shell", "render failed before the shell was ready"],
    ["inside a part", "/part-error", "broke inside a part", "render error"],
  ])("rejects on an error %s, and logs it", async (_case, path, message, logged) => {
    await expect(render(path)).rejects.toThrow(message);
    expect(messages()).toContain(logged);
  });

  test("rejects when a part is still waiting at its 10 s timer", async () => {
    let settled = false;
    const rendering = render("/slow");
    rendering.catch(() => undefined).finally(() => (settled = true));
    await turns(10);
    expect(settled).toBe(false);
    expect(heldTimers).toHaveLength(1);
    const reported = jest.spyOn(console, "error");
    heldTimers[0].fire();
    await expect(rendering).rejects.toThrow("the render did not finish within 10000 ms");
    // React finishes its abort in the next turns; it has nothing to report.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reported.mock.calls.flat().join("\n")).not.toMatch(/abortable task|bug in React/);
  });

  test("clears its timer when the document is done", async () => {
    await render("/plain");
    expect(heldTimers).toEqual([{ fire: expect.any(Function), cleared: true }]);
  });
});
