/**
 * Previews inside an editor's frame (docs/prismic.md, "Previews inside Prismic's editor"), in
 * Chromium: a stand-in editor on another site (http://localhost:<port>, the site being
 * http://127.0.0.1:<port>) frames /preview in an iframe named `prismic:embedded-preview`, as
 * Prismic's Live Preview does. The draft renders in the frame; the toolbar stand-in says it is
 * ready, reports the page's height after the editor's ack, and takes a pushed ref in place (no
 * reload); a message from another origin, one from the editor's origin that is not the frame's
 * parent, and an empty token are ignored.
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

const DRAFT_PROJECT = "Canal House, repainted for spring";
const PUBLISHED_PROJECT = "Canal House";
const FRAME_NAME = "prismic:embedded-preview";

interface Editor {
  origin: string;
  stranger: string;
  close(): Promise<void>;
}

/** The editor's page: the frame, a record of its messages, an ack to its ready, and a same-origin child frame. */
function editorPage(frameSrc: string, strangerOrigin: string): string {
  return `<!doctype html><html><head><title>Stand-in editor</title></head><body>
<iframe name="${FRAME_NAME}" src="${frameSrc}" style="width:1000px;height:700px"></iframe>
<iframe id="stranger" src="${strangerOrigin}/stranger" style="width:10px;height:10px"></iframe>
<iframe id="sibling" src="/sibling" style="width:10px;height:10px"></iframe>
<script>
window.__messages = [];
var preview = document.getElementsByName("${FRAME_NAME}")[0];
window.addEventListener("message", function (event) {
  if (event.source !== preview.contentWindow) return;
  window.__messages.push({ origin: event.origin, data: event.data });
  if (event.data && event.data.type === "prismic:embedded-preview:ready")
    preview.contentWindow.postMessage({ type: "prismic:embedded-preview:ack" }, event.origin);
});
window.__push = function (token, target) {
  preview.contentWindow.postMessage({ type: "prismic:embedded-preview:set-ref", token: token }, target);
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
    res.end(req.url === "/sibling" ? posterPage : editorPage(frameSrc, strangerOrigin));
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

/** `held`: requests for this path wait until `release` is called (to open the frame with the app still loading). */
async function openEditor(held?: { path: string; requests: HTTPRequest[] }): Promise<Opened> {
  const { ref } = refsOfServer();
  frameSrc = `${suite.server.url}/preview?token=${encodeURIComponent(embeddedPreviewToken(ref))}&documentId=gallery-canal-house-gb`;
  const page = await browser.newPage();
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
  await page.goto(editor.origin, { waitUntil: "load" });
  await until("the preview frame to show the draft", async () => {
    const frame = page.frames().find((f) => f.name() === FRAME_NAME);
    if (!frame) return false;
    const title = await frame.$eval("h1", (el) => el.textContent?.trim() ?? "").catch(() => "");
    if (title !== DRAFT_PROJECT) return false;
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
  const { page, frame, documents, problems } = await openEditor(held);
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
