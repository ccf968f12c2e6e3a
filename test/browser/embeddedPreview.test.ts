/**
 * Previews inside an editor's frame (docs/prismic.md, "Previews inside Prismic's editor"), in
 * Chromium: a stand-in editor on another site (http://localhost:<port>, the site being
 * http://127.0.0.1:<port>) frames /preview in an iframe named `prismic:embedded-preview`, as
 * Prismic's Live Preview does. The draft renders in the frame; the toolbar stand-in says it is
 * ready, reports the page's height after the editor's ack, and takes a pushed ref in place (no
 * reload); a message from another origin, one from the editor's origin that is not the frame's
 * parent, and an empty token are ignored. The exit inside the frame shows published content in
 * place and clears the cookie (a push then starts the preview again, in place); a Lax cookie an
 * older version left is replaced and cleared; a refused token keeps `frame-ancestors 'none'`; a
 * burst of refs ends on the last; `reload` refreshes the same ref; poll mode follows the cookie;
 * and an incognito window, which refuses the cookie in the frame, is told why, once, without a
 * reload. The same behaviours in Firefox and WebKit: test/engines/embeddedPreview.test.ts.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Browser, Frame, HTTPRequest, Page } from "puppeteer";
import * as prismicStandIn from "../../packages/prismic-stand-in/src/index";
import { embeddedPreviewToken, releaseRef } from "../../packages/prismic-stand-in/src/testing";
import { loadConfig } from "../../server/config";
import { createContentClient } from "../../server/content/contentClient";
import { useSiteAndBrowser } from "../support/browserSuite";
import { ROOT } from "../support/builtServer";
import { launchChromium } from "../../scripts/lib/chromium.mjs";
import { ensureChromium } from "../support/chromium";
import { startPreviewEditorStandIn } from "../../scripts/lib/previewEditorStandIn.mjs";
import { until } from "../support/waitFor";
import { DRAFT_HELD_FLAG, PREVIEW_LISTENING } from "../../shared/previewDraftHold";
import { COOKIE_REFUSED_MESSAGE } from "../../server/preview/previewCookieCheck";

const DRAFT_PROJECT = "Canal House, repainted for spring";
const PUBLISHED_PROJECT = "Canal House";
const FRAME_NAME = "prismic:embedded-preview";
const POLL_FRAME_NAME = "prismic:embedded-preview:poll";

interface Editor {
  origin: string;
  stranger: string;
  close(): Promise<void>;
}

/** The editor's page: the frame, a record of its messages, an ack to its ready, and a same-origin child frame. */
function editorPage(frameSrc: string, strangerOrigin: string, frameName = FRAME_NAME): string {
  return `<!doctype html><html><head><title>Stand-in editor</title></head><body>
<iframe name="${frameName}" src="${frameSrc}" style="width:1000px;height:700px"></iframe>
<iframe id="stranger" src="${strangerOrigin}/stranger" style="width:10px;height:10px"></iframe>
<iframe id="sibling" src="/sibling" style="width:10px;height:10px"></iframe>
<script>
window.__messages = [];
var preview = document.getElementsByName("${frameName}")[0];
window.addEventListener("message", function (event) {
  if (event.source !== preview.contentWindow) return;
  window.__messages.push({ origin: event.origin, data: event.data });
  if (event.data && event.data.type === "prismic:embedded-preview:ready")
    preview.contentWindow.postMessage({ type: "prismic:embedded-preview:ack" }, event.origin);
});
window.__push = function (token, target, reload) {
  var message = { type: "prismic:embedded-preview:set-ref", token: token };
  if (reload) message.reload = true;
  preview.contentWindow.postMessage(message, target);
};
</script></body></html>`;
}

/** A page that posts a ref to the preview frame, from where it is (another origin, or the editor's origin but not the parent). */
const posterPage = `<!doctype html><html><body><script>
window.__post = function (token) {
  window.parent.frames["${FRAME_NAME}"].postMessage({ type: "prismic:embedded-preview:set-ref", token: token }, "*");
};
</script></body></html>`;

async function listen(handler: http.RequestListener): Promise<{ port: number; server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

const env: Record<string, string> = { PRISMIC_PREVIEW_ANCESTORS: "http://localhost:1" };
let editor: Editor;
let frameSrc = "";

// Before the site starts (hooks run in order): the editor's origin is the site's PRISMIC_PREVIEW_ANCESTORS.
beforeAll(async () => {
  const stranger = await listen(
    (_req, res) => void res.writeHead(200, { "content-type": "text/html" }).end(posterPage),
  );
  const strangerOrigin = `http://localhost:${stranger.port}`;
  const main = await listen((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    if (req.url === "/sibling") return void res.end(posterPage);
    res.end(editorPage(frameSrc, strangerOrigin, req.url === "/poll" ? POLL_FRAME_NAME : FRAME_NAME));
  });
  editor = {
    origin: `http://localhost:${main.port}`,
    stranger: strangerOrigin,
    close: async () => {
      for (const { server } of [main, stranger]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
  // A port for `npm run dev`'s stand-in editor (scripts/lib/previewEditorStandIn.mjs), started once the site is.
  const reserved = await listen(() => undefined);
  standInPort = reserved.port;
  await new Promise((resolve) => reserved.server.close(resolve));
  env.PRISMIC_PREVIEW_ANCESTORS = `${editor.origin} http://localhost:${standInPort}`;
});
let standInPort = 0;
const afterAllClose: Array<() => void> = [];
afterAll(() => {
  for (const close of afterAllClose) close();
});
afterAll(() => editor?.close());

const suite = useSiteAndBrowser(env);

/**
 * A Chromium of its own, and pages in its default profile: the shared one's contexts are like
 * incognito windows, which refuse a cookie in a frame on another site (third-party cookies), as
 * an editor's incognito window would (docs/prismic.md says so).
 */
let browser: Browser;
beforeAll(async () => {
  ensureChromium();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chromium-profile-"));
  // Third-party cookies allowed, as in a default Chrome window (this build's default profile blocks them).
  fs.mkdirSync(path.join(userDataDir, "Default"));
  fs.writeFileSync(
    path.join(userDataDir, "Default", "Preferences"),
    JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
  );
  browser = await launchChromium({ userDataDir, extraArgs: ["--disable-dev-shm-usage"] });
}, 60_000);
afterAll(() => browser?.close());

function refsOfServer(): { ref: string; masterRef: string } {
  const config = loadConfig({ CONTENT_DIR: "content", EMBEDDED_PREVIEWS: "on", SITE_URL: suite.server.url }, ROOT);
  const repository = createContentClient(config, { standIn: prismicStandIn }).embedded!.current();
  return { ref: releaseRef(repository, "spring-refresh")!, masterRef: repository.masterRef };
}

interface Opened {
  page: Page;
  frame: Frame;
  documents: string[];
  dataRequests: string[];
  problems: string[];
}

interface OpenOptions {
  /** Requests for this path wait until the test continues them (to open the frame with the app still loading). */
  held?: { path: string; requests: HTTPRequest[] };
  /** The editor's page: "/" (push) or "/poll" (its frame named for poll mode). */
  editorPath?: string;
  /** Where the page opens: the browser's default context unless given (an incognito one, say). */
  context?: { newPage(): Promise<Page> };
  /** What the frame shows once it is open: the draft (default) or the refusal's words. */
  expect?: "draft" | "refused";
  /** Called with the page before the editor loads (a cookie to plant). */
  before?: (page: Page) => Promise<void>;
}

async function openEditor({
  held,
  editorPath = "/",
  context = browser,
  expect: expected = "draft",
  before,
}: OpenOptions = {}): Promise<Opened> {
  const { ref } = refsOfServer();
  frameSrc = `${suite.server.url}/preview?token=${encodeURIComponent(embeddedPreviewToken(ref))}&documentId=gallery-canal-house-gb`;
  const page = await context.newPage();
  if (before) await before(page);
  await page.setViewport({ width: 1440, height: 900 });
  const opened: Opened = { page, frame: undefined as unknown as Frame, documents: [], dataRequests: [], problems: [] };
  if (held) await page.setRequestInterception(true);
  page.on("request", (r: HTTPRequest) => {
    const url = new URL(r.url());
    if (held) {
      if (url.origin === suite.server.url && url.pathname === held.path) held.requests.push(r);
      else void r.continue();
    }
    if (url.origin !== suite.server.url) return;
    if (r.resourceType() === "document") opened.documents.push(url.pathname);
    if (url.pathname.startsWith("/_data/")) opened.dataRequests.push(url.pathname);
  });
  page.on("console", (msg) => {
    if (msg.type() === "error") opened.problems.push(msg.text());
  });
  page.on("pageerror", (err) => opened.problems.push((err as Error).message));
  await page.goto(editor.origin + editorPath, { waitUntil: "load" });
  const frameName = editorPath === "/poll" ? POLL_FRAME_NAME : FRAME_NAME;
  await until(`the preview frame to show the ${expected}`, async () => {
    const frame = page.frames().find((f) => f.name() === frameName);
    if (!frame) return false;
    const text = await frame.$eval("body", (el) => (el as HTMLElement).innerText).catch(() => "");
    const title = await frame.$eval("h1", (el) => el.textContent?.trim() ?? "").catch(() => "");
    if (expected === "draft" ? title !== DRAFT_PROJECT : !text.includes(COOKIE_REFUSED_MESSAGE)) return false;
    opened.frame = frame;
    return true;
  });
  return opened;
}

const h1 = (frame: Frame) => frame.$eval("h1", (el) => el.textContent?.trim() ?? "");
const messages = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __messages: Array<{ origin: string; data: { type: string } }> }).__messages,
  );
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("the editor frames /preview on another site: the draft renders, ready is said, the height reported after the ack", async () => {
  const { page, frame, problems } = await openEditor();
  expect(await h1(frame)).toBe(DRAFT_PROJECT);
  await until("the frame's ready and a height after the ack", async () => {
    const types = (await messages(page)).map((m) => m.data.type);
    return (
      types.includes("prismic:embedded-preview:ready") && types.includes("prismic:embedded-preview:document-height")
    );
  });
  const all = await messages(page);
  expect(all.every((m) => m.origin === suite.server.url)).toBe(true);
  const heights = all.filter((m) => m.data.type === "prismic:embedded-preview:document-height");
  expect((heights[0].data as unknown as { height: number }).height).toBeGreaterThan(900);
  // The stand-in's bar is not shown in the editor's frame: the editor is the toolbar there.
  expect(await frame.$("[data-prismic-toolbar-stand-in]")).toBeNull();
  expect(problems).toEqual([]);
  await page.close();
}, 60_000);

test("a pushed ref updates the frame in place; the same ref again changes nothing; messages from elsewhere or empty are ignored", async () => {
  const { page, frame, documents, dataRequests, problems } = await openEditor();
  const { ref, masterRef } = refsOfServer();
  await frame.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  documents.length = 0;
  dataRequests.length = 0;

  // From another origin: ignored.
  const stranger = page.frames().find((f) => f.url().startsWith(editor.stranger))!;
  await stranger.evaluate((t) => (window as unknown as { __post(t: string): void }).__post(t), masterRef);
  // From the editor's origin, but not the frame's parent (a sibling frame): ignored.
  const sibling = page.frames().find((f) => f.url() === `${editor.origin}/sibling`)!;
  await sibling.evaluate((t) => (window as unknown as { __post(t: string): void }).__post(t), masterRef);
  // From the parent, with an empty token: ignored.
  await page.evaluate(
    (origin) => (window as unknown as { __push(t: string, o: string): void }).__push("", origin),
    suite.server.url,
  );
  await settle(1_500);
  expect(await h1(frame)).toBe(DRAFT_PROJECT);
  expect(dataRequests).toEqual([]);

  // From the parent, the published ref: in place, no document load, the frame's window kept.
  await page.evaluate(
    (t, origin) => (window as unknown as { __push(t: string, o: string): void }).__push(t, origin),
    masterRef,
    suite.server.url,
  );
  await until("the frame to show the pushed ref's content", async () => (await h1(frame)) === PUBLISHED_PROJECT);
  // Back to the release by its plain ref, as the editor pushes it.
  await page.evaluate(
    (t, origin) => (window as unknown as { __push(t: string, o: string): void }).__push(t, origin),
    ref,
    suite.server.url,
  );
  await until("the frame to show the draft again", async () => (await h1(frame)) === DRAFT_PROJECT);
  const fetched = dataRequests.length;
  // The same ref again: nothing.
  await page.evaluate(
    (t, origin) => (window as unknown as { __push(t: string, o: string): void }).__push(t, origin),
    ref,
    suite.server.url,
  );
  await settle(1_000);
  expect(dataRequests.length).toBe(fetched);

  expect(documents).toEqual([]);
  expect(await frame.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
  expect(problems).toEqual([]);
  await page.close();
}, 90_000);

test("a ref pushed while the app is still loading is held, not a reload of the frame, and shows once the app starts", async () => {
  // The app's preview code (client/preview.ts) held back: the frame shows the server's draft, the toolbar is ready.
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "dist/client/manifest.json"), "utf8")) as {
    modules: Record<string, string[]>;
  };
  const held = { path: manifest.modules["client/preview.ts"][0], requests: [] as HTTPRequest[] };
  const { page, frame, documents, problems } = await openEditor({ held });
  const { masterRef } = refsOfServer();
  await until("the toolbar's ready and the app's preview code asked for", async () => {
    const types = (await messages(page)).map((m) => m.data.type);
    return types.includes("prismic:embedded-preview:ready") && held.requests.length > 0;
  });
  await frame.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  documents.length = 0;
  await page.evaluate(
    (t, origin) => (window as unknown as { __push(t: string, o: string): void }).__push(t, origin),
    masterRef,
    suite.server.url,
  );
  await settle(1_000);
  expect(documents).toEqual([]);
  expect(await h1(frame)).toBe(DRAFT_PROJECT);

  for (const request of held.requests) await request.continue();
  await until(
    "the frame to show the ref pushed before the app started",
    async () => (await h1(frame)) === PUBLISHED_PROJECT,
  );
  expect(documents).toEqual([]);
  expect(await frame.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
  expect(problems).toEqual([]);
  await page.close();
}, 90_000);

test("npm run dev's stand-in editor: the framed draft, a ref typed and pushed shows in place", async () => {
  const standIn = (await startPreviewEditorStandIn({ siteUrl: suite.server.url, port: standInPort }))!;
  expect(standIn).not.toBeNull();
  const { masterRef } = refsOfServer();
  afterAllClose.push(() => standIn.close());
  const page = await browser.newPage();
  // The gb home: root detection would send an en-US browser to /us.
  await page.setExtraHTTPHeaders({ "Accept-Language": "en-GB" });
  await page.setViewport({ width: 1440, height: 900 });
  await page.goto(standIn.url, { waitUntil: "load" });
  let frame: Frame | undefined;
  await until(
    "the stand-in editor's frame to show the draft home and connect",
    async () => {
      frame = page.frames().find((f) => f.name() === FRAME_NAME);
      const title = frame ? await h1(frame).catch(() => "") : "";
      const status = await page.$eval("#status", (el) => el.textContent ?? "");
      return title.includes("Spring in the workshop") && status.startsWith("connected");
    },
    { timeoutMs: 20_000 },
  );
  await page.screenshot({ path: path.join(os.tmpdir(), "stand-in-editor-draft.png") });
  await frame!.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  await page.$eval("#ref", (el) => ((el as HTMLInputElement).value = ""));
  await page.type("#ref", masterRef);
  await page.click("button[type=submit]");
  await until(
    "the pushed ref's published home in the frame",
    async () =>
      (await frame!.$eval("main", (el) => (el as HTMLElement).innerText)).includes("Kitchens made to measure"),
    { timeoutMs: 20_000 },
  );
  expect(await frame!.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
  await page.screenshot({ path: path.join(os.tmpdir(), "stand-in-editor-pushed.png") });
  await page.close();
}, 90_000);

const push = (page: Page, token: string, reload = false) =>
  page.evaluate(
    (t, origin, r) => (window as unknown as { __push(t: string, o: string, r: boolean): void }).__push(t, origin, r),
    token,
    suite.server.url,
    reload,
  );
const endInFrame = (frame: Frame) =>
  frame.evaluate(() =>
    (window as unknown as { __prismicToolbarStandIn: { end(): void } }).__prismicToolbarStandIn.end(),
  );
/**
 * Waits until the frame's app takes preview events over (client/preview.ts): until then the
 * page's own first script holds them (shared/previewDraftHold.ts), so a cancelled event proves
 * nothing; the app marks the window as it starts listening.
 */
const previewCodeListens = (frame: Frame) =>
  until("the frame's preview code to listen", () =>
    frame.evaluate(
      (flag, listening) => (window as unknown as Record<string, unknown>)[flag] === listening,
      DRAFT_HELD_FLAG,
      PREVIEW_LISTENING,
    ),
  );
const previewCookieOf = async (page: Page) =>
  (await page.cookies(suite.server.url)).find((c) => c.name === "io.prismic.preview");

test("the exit inside the frame shows published content in place and clears the cookie; a push then starts the preview again in place", async () => {
  const { page, frame, documents, problems } = await openEditor();
  const { ref } = refsOfServer();
  await previewCodeListens(frame);
  await frame.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  documents.length = 0;
  // Recorded after the app's own listener: whether the site took the events over.
  await frame.evaluate(() => {
    for (const name of ["prismicPreviewEnd", "prismicPreviewStart"])
      window.addEventListener(name, (e) => sessionStorage.setItem(name, String(e.defaultPrevented)));
  });
  await endInFrame(frame);
  await until("the published project in the frame", async () => (await h1(frame)) === PUBLISHED_PROJECT);
  expect(await frame.evaluate(() => sessionStorage.getItem("prismicPreviewEnd"))).toBe("true");
  expect(await previewCookieOf(page)).toBeUndefined();
  expect(await frame.evaluate(() => document.cookie.includes("io.prismic.preview="))).toBe(false);

  // The editor pushes a ref again: the cookie held none, so it is a start (prismicPreviewStart), taken in place.
  await push(page, ref);
  await until("the draft again", async () => (await h1(frame)) === DRAFT_PROJECT);
  expect(await frame.evaluate(() => sessionStorage.getItem("prismicPreviewStart"))).toBe("true");
  expect(documents).toEqual([]);
  expect(await frame.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
  expect(problems).toEqual([]);
  await page.close();
}, 90_000);

test("a Lax preview cookie an older version left is replaced by the framed preview's, and the exit in the frame leaves none", async () => {
  const token = embeddedPreviewToken(refsOfServer().ref);
  const { page, frame } = await openEditor({
    before: (p) =>
      p.setCookie({
        name: "io.prismic.preview",
        value: encodeURIComponent(JSON.stringify({ "embedded.prismic.io": { preview: token } })),
        domain: new URL(suite.server.url).hostname,
        path: "/",
        sameSite: "Lax",
      }),
  });
  // One cookie of that name: the frame's SameSite=None one took the leftover's place.
  const cookie = await previewCookieOf(page);
  expect(cookie?.sameSite).toBe("None");
  expect(cookie?.secure).toBe(true);
  await previewCodeListens(frame);
  await endInFrame(frame);
  await until("the published project in the frame", async () => (await h1(frame)) === PUBLISHED_PROJECT);
  expect(await previewCookieOf(page)).toBeUndefined();
  await page.close();
}, 90_000);

test("a refused token: the frame is sent to a published page, which keeps frame-ancestors 'none' (the browser shows no site there)", async () => {
  const page = await browser.newPage();
  const refused = embeddedPreviewToken(`release~ended~${Date.now()}`);
  frameSrc = `${suite.server.url}/preview?token=${encodeURIComponent(refused)}&documentId=gallery-canal-house-gb`;
  const policies: string[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).origin === suite.server.url && r.request().resourceType() === "document")
      policies.push(r.headers()["content-security-policy"] ?? "");
  });
  await page.goto(editor.origin, { waitUntil: "load" });
  await until("the frame's answers", () => policies.length >= 2);
  await settle(1_000);
  const frame = page.frames().find((f) => f.name() === FRAME_NAME);
  expect(await frame?.$("main h1").catch(() => null)).toBeFalsy();
  expect(policies.at(-1)).toContain("frame-ancestors 'none'");
  expect(await previewCookieOf(page)).toBeUndefined();
  await page.close();
}, 60_000);

test("a burst of pushed refs ends on the last: no older data answer overwrites a newer one", async () => {
  const { page, frame, dataRequests, documents } = await openEditor();
  const { ref, masterRef } = refsOfServer();
  await previewCodeListens(frame);
  documents.length = 0;
  // The first answers come last: each data request waits longer the earlier it was asked.
  let asked = 0;
  await page.setRequestInterception(true);
  page.on("request", (r: HTTPRequest) => {
    if (!new URL(r.url()).pathname.startsWith("/_data/")) return void r.continue();
    const delay = Math.max(0, 5 - asked++) * 300;
    setTimeout(() => void r.continue().catch(() => undefined), delay);
  });
  dataRequests.length = 0;
  // Five refs in 200 ms, the last the published one.
  for (const token of [masterRef, ref, masterRef, ref, masterRef]) {
    await push(page, token);
    await settle(40);
  }
  await until("the last ref's content", async () => (await h1(frame)) === PUBLISHED_PROJECT);
  await settle(2_500);
  expect(await h1(frame)).toBe(PUBLISHED_PROJECT);
  expect(dataRequests.length).toBeGreaterThanOrEqual(2);
  expect(documents).toEqual([]);
  await page.close();
}, 90_000);

test("set-ref with reload: true reads the same ref's data again, in place", async () => {
  const { page, frame, dataRequests, documents } = await openEditor();
  const { ref } = refsOfServer();
  await previewCodeListens(frame);
  await push(page, ref);
  await settle(1_000);
  dataRequests.length = 0;
  documents.length = 0;
  await push(page, ref);
  await settle(1_000);
  expect(dataRequests).toEqual([]);
  await push(page, ref, true);
  await until("the page's data read again", () => dataRequests.length > 0);
  expect(await h1(frame)).toBe(DRAFT_PROJECT);
  expect(documents).toEqual([]);
  await page.close();
}, 90_000);

test("poll mode: a pushed ref is ignored, a ref written into the cookie shows in place within the poll", async () => {
  const { page, frame, documents } = await openEditor({ editorPath: "/poll" });
  const { masterRef } = refsOfServer();
  await previewCodeListens(frame);
  documents.length = 0;
  await page.evaluate(
    (t, origin) => {
      const target = document.getElementsByName("prismic:embedded-preview:poll")[0] as HTMLIFrameElement;
      target.contentWindow!.postMessage({ type: "prismic:embedded-preview:set-ref", token: t }, origin);
    },
    masterRef,
    suite.server.url,
  );
  await settle(4_000);
  expect(await h1(frame)).toBe(DRAFT_PROJECT);
  // As the real toolbar does in poll mode, once its session has a new ref: the plain ref into the cookie.
  await frame.evaluate((t) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the toolbar's own write, as the page sees it
    document.cookie = `io.prismic.preview=${encodeURIComponent(t)}; Path=/; SameSite=None; Secure`;
  }, masterRef);
  await until("the cookie's ref in the frame", async () => (await h1(frame)) === PUBLISHED_PROJECT, {
    timeoutMs: 10_000,
  });
  expect(documents).toEqual([]);
  await page.close();
}, 90_000);

test("an incognito window refuses the cookie in the frame: the frame says why, the server log once, and nothing reloads", async () => {
  // The shared Chromium's contexts block third-party cookies, as an incognito window does (see above).
  const context = await suite.browser.createBrowserContext();
  const warnings = () =>
    suite.server
      .output()
      .split("\n")
      .filter((line) => line.includes("did not send back the preview cookie")).length;
  const before = warnings();
  const { frame, documents } = await openEditor({ context, expect: "refused" });
  await settle(3_000);
  expect(await frame.$eval("a[target=_blank]", (a) => (a as HTMLAnchorElement).pathname)).toBe("/preview");
  expect(documents.filter((p) => p === "/preview")).toHaveLength(1);
  expect(warnings() - before).toBe(1);
  await context.close();
}, 60_000);
