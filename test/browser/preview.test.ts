/**
 * Previews in a real browser (embedded mode, demo release spring-refresh): the editor's link
 * lands on the draft with the toolbar stand-in; client-side navigation reads drafts through the
 * data endpoint; a toolbar update re-fetches the page's data in place; a preview start does too
 * where the page was answered 200, and loads a 404 again once (never in a loop); Exit returns to
 * the published site.
 */
import type { BrowserContext, HTTPRequest, Page } from "puppeteer";
import { loadConfig } from "../../server/config";
import { createContentClient } from "../../server/content/contentClient";
import * as prismicStandIn from "../../packages/prismic-stand-in/src/index";
import { embeddedPreviewToken, releaseRef } from "../../packages/prismic-stand-in/src/testing";
import { waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";
import { ROOT } from "../support/builtServer";
import { until } from "../support/waitFor";
import { PREVIEW_START_RELOAD_KEY } from "../../client/preview";

const suite = useSiteAndBrowser();

const DRAFT_HEADING = "Spring in the workshop";
const PUBLISHED_HEADING = "Kitchens made to measure, built to last a lifetime";
const DRAFT_PROJECT = "Canal House, repainted for spring";
const PUBLISHED_PROJECT = "Canal House";

/** The server's refs: the same content and SITE_URL give the same refs as in the server. */
function refsOfServer(): { token: string; masterRef: string } {
  const config = loadConfig({ CONTENT_DIR: "content", EMBEDDED_PREVIEWS: "on", SITE_URL: suite.server.url }, ROOT);
  const repository = createContentClient(config, { standIn: prismicStandIn }).embedded!.current();
  return { token: embeddedPreviewToken(releaseRef(repository, "spring-refresh")!), masterRef: repository.masterRef };
}

interface Watched {
  page: Page;
  problems: string[];
  documents: string[];
  dataRequests: string[];
}

/** A page that records console problems, document loads and data-endpoint requests. */
async function newPage(context?: BrowserContext): Promise<Watched> {
  const page = await (context ?? suite.browser).newPage();
  // The gb home: root detection would send an en-US browser to /us.
  await page.setExtraHTTPHeaders({ "Accept-Language": "en-GB" });
  await page.setViewport({ width: 1440, height: 900 });
  const watched: Watched = { page, problems: [], documents: [], dataRequests: [] };
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warn") watched.problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => watched.problems.push(`pageerror: ${(err as Error).message}`));
  page.on("request", (r: HTTPRequest) => {
    if (r.resourceType() === "document") watched.documents.push(new URL(r.url()).pathname);
    if (new URL(r.url()).pathname.startsWith("/_data/")) watched.dataRequests.push(r.url());
  });
  return watched;
}

const h1 = (page: Page) => page.$eval("h1", (el) => el.textContent?.trim() ?? "");
const mainText = (page: Page) => page.$eval("main", (el) => (el as HTMLElement).innerText);
const previewCookie = async (page: Page) => (await page.cookies()).find((c) => c.name === "io.prismic.preview");
const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

/**
 * Holds back the script that carries the preview module (its chunk) for `ms`, as a slow network
 * might: the page must not treat the toolbar's events as nobody's meanwhile.
 */
async function holdPreviewModule(page: Page, ms: number): Promise<void> {
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() !== "script" || !url.pathname.startsWith("/assets/")) return void request.continue();
    void fetch(request.url())
      .then((res) => res.text())
      .then((body) => setTimeout(() => void request.continue(), body.includes(PREVIEW_START_RELOAD_KEY) ? ms : 0));
  });
}

/** Opens the editor's preview link for `documentId` in a fresh browser context (its own cookies). */
async function startPreview(
  documentId: string,
  { holdPreviewModuleMs = 0 } = {},
): Promise<Watched & { close: () => Promise<void> }> {
  const context = await suite.browser.createBrowserContext();
  const watched = await newPage(context);
  if (holdPreviewModuleMs) await holdPreviewModule(watched.page, holdPreviewModuleMs);
  const { token } = refsOfServer();
  await watched.page.goto(`${suite.server.url}/preview?token=${encodeURIComponent(token)}&documentId=${documentId}`, {
    waitUntil: "load",
  });
  await waitForHydration(watched.page);
  return { ...watched, close: () => context.close() };
}

test("the editor's preview link lands on the draft, with the cookie set and the toolbar stand-in", async () => {
  const { page, problems, close } = await startPreview("home-gb");
  expect(new URL(page.url()).pathname).toBe("/");
  expect(await mainText(page)).toContain(DRAFT_HEADING);
  expect(await mainText(page)).not.toContain(PUBLISHED_HEADING);

  const cookie = await previewCookie(page);
  expect(cookie).toBeDefined();
  expect(cookie!.httpOnly).toBe(false);
  // SameSite=None; Secure (a loopback host): the cookie Prismic's editor frame keeps and sends.
  expect(cookie!.sameSite).toBe("None");
  expect(cookie!.secure).toBe(true);
  expect(cookie!.session).toBe(true);
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({
    "embedded.prismic.io": { preview: refsOfServer().token },
  });

  await page.waitForSelector("[data-prismic-toolbar-stand-in]");
  expect(
    await page.$eval("[data-prismic-toolbar-stand-in]", (el) =>
      (el as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
    ),
  ).toBe("Previewing drafts · Exit preview");
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-preview"))).toBe(true);
  // The toolbar script ran under the CSP (nonce), and hydration was clean.
  expect(problems).toEqual([]);
  await close();
});

test("client-side navigation in preview shows the next pages' drafts (data endpoint with the cookie)", async () => {
  const { page, problems, documents, dataRequests, close } = await startPreview("home-gb");
  await setMarker(page);
  documents.length = 0;

  await page.$eval('main a[href="/gallery"], a[href="/gallery"]', (a) => (a as HTMLAnchorElement).click());
  await page.waitForFunction(() => location.pathname === "/gallery");
  await page.waitForFunction(
    (draft) => document.querySelector("main")?.textContent?.includes(draft),
    {},
    DRAFT_PROJECT,
  );

  await page.$eval('main a[href="/gallery/canal-house"]', (a) => (a as HTMLAnchorElement).click());
  await page.waitForFunction(() => location.pathname === "/gallery/canal-house");
  await page.waitForFunction((draft) => document.querySelector("h1")?.textContent?.trim() === draft, {}, DRAFT_PROJECT);

  expect(dataRequests.some((url) => new URL(url).pathname === "/_data/gallery")).toBe(true);
  expect(dataRequests.some((url) => new URL(url).pathname === "/_data/gallery/canal-house")).toBe(true);
  expect(documents).toEqual([]);
  expect(await marker(page)).toBe(7);
  // The Exit link follows the page.
  await page.hover("[data-prismic-toolbar-stand-in] a");
  expect(
    await page.$eval("[data-prismic-toolbar-stand-in] a", (a) => (a as HTMLAnchorElement).getAttribute("href")),
  ).toBe("/preview/exit?to=%2Fgallery%2Fcanal-house");
  expect(problems).toEqual([]);
  await close();
});

// The preview module arriving late (held back 1.5 s) must not leave the toolbar's first update to
// reload the page: the page hydrates once the module listens (client/app.tsx).
test("a toolbar update (prismicPreviewUpdate) re-fetches the page's data in place, at the ref the toolbar gives", async () => {
  const { page, problems, documents, dataRequests, close } = await startPreview("gallery-canal-house-gb", {
    holdPreviewModuleMs: 1500,
  });
  expect(await h1(page)).toBe(DRAFT_PROJECT);
  await setMarker(page);
  documents.length = 0;
  dataRequests.length = 0;
  const { token, masterRef } = refsOfServer();

  // The same token: the data is fetched again and still shows the draft.
  await page.evaluate(
    (t) =>
      (window as unknown as { __prismicToolbarStandIn: { update(ref: string): void } }).__prismicToolbarStandIn.update(
        t,
      ),
    token,
  );
  await until("the page's data to be fetched again at the release", () =>
    dataRequests.some((url) => new URL(url).pathname === "/_data/gallery/canal-house"),
  );
  expect(await h1(page)).toBe(DRAFT_PROJECT);

  // Another ref (here the published one): the page changes in place, without a reload.
  await page.evaluate(
    (t) =>
      (window as unknown as { __prismicToolbarStandIn: { update(ref: string): void } }).__prismicToolbarStandIn.update(
        t,
      ),
    masterRef,
  );
  await page.waitForFunction(
    (title) => document.querySelector("h1")?.textContent?.trim() === title,
    {},
    PUBLISHED_PROJECT,
  );
  // And back to the release.
  await page.evaluate(
    (t) =>
      (window as unknown as { __prismicToolbarStandIn: { update(ref: string): void } }).__prismicToolbarStandIn.update(
        t,
      ),
    token,
  );
  await page.waitForFunction((title) => document.querySelector("h1")?.textContent?.trim() === title, {}, DRAFT_PROJECT);

  // A bare event, as the real toolbar dispatches it, is handled the same way (no reload).
  const before = dataRequests.length;
  await page.evaluate(
    (t) => window.dispatchEvent(new CustomEvent("prismicPreviewUpdate", { detail: { ref: t }, cancelable: true })),
    token,
  );
  await until("another data request after the toolbar's update", () => dataRequests.length > before);
  expect(await h1(page)).toBe(DRAFT_PROJECT);

  expect(documents).toEqual([]);
  expect(await marker(page)).toBe(7);
  expect(problems).toEqual([]);
  await close();
});

/** Dispatches prismicPreviewStart as the toolbar does (cancelable); true when the page took it over. */
const fireStart = (page: Page, ref: string) =>
  page.evaluate(
    (r) => !window.dispatchEvent(new CustomEvent("prismicPreviewStart", { detail: { ref: r }, cancelable: true })),
    ref,
  );
/** Fires starts until the preview module takes one (the entry holds only updates: client/entry.tsx). */
const startTaken = (page: Page, ref: string) =>
  until("the preview module to take the start", () => fireStart(page, ref).catch(() => true));

test("prismicPreviewStart on a page answered 200: the preview starts in place, without a reload", async () => {
  const { page, problems, documents, dataRequests, close } = await startPreview("gallery-canal-house-gb");
  await setMarker(page);
  documents.length = 0;
  dataRequests.length = 0;
  const { token } = refsOfServer();
  await startTaken(page, token);
  await until("the page's data read again", () =>
    dataRequests.some((url) => new URL(url).pathname === "/_data/gallery/canal-house"),
  );
  expect(await h1(page)).toBe(DRAFT_PROJECT);
  expect(documents).toEqual([]);
  expect(await marker(page)).toBe(7);
  expect(problems).toEqual([]);
  await close();
});

test("prismicPreviewStart on a page that was a 404: loaded again once, and a second start for it only warns (no reload loop)", async () => {
  const { page, problems, documents, close } = await startPreview("gallery-canal-house-gb");
  const missing = "/gallery/no-such-project";
  const answer = await page.goto(`${suite.server.url}${missing}`, { waitUntil: "load" });
  expect(answer?.status()).toBe(404);
  await waitForHydration(page);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-preview"))).toBe(true);
  const { token } = refsOfServer();
  documents.length = 0;
  const reloaded = page.waitForNavigation({ waitUntil: "load" });
  await startTaken(page, token);
  await reloaded;
  expect(documents).toEqual([missing]);
  await waitForHydration(page);
  // Still a 404 (this document is in no release): the same start again does not load the page again.
  await startTaken(page, token);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(documents).toEqual([missing]);
  expect(problems.filter((p) => p.includes("still not the draft"))).toHaveLength(1);
  await close();
});

test("Exit preview returns to the published page, without the cookie or the toolbar", async () => {
  const { page, problems, close } = await startPreview("gallery-canal-house-gb");
  expect(await h1(page)).toBe(DRAFT_PROJECT);
  // The preview module is loaded after hydration: wait until it takes preview events over (an
  // update it cancels; it only runs the page's loaders again), so the listener below runs after
  // its listener and records whether the site took the end of the preview over.
  await page.waitForFunction(
    () => !window.dispatchEvent(new CustomEvent("prismicPreviewUpdate", { cancelable: true, detail: {} })),
    {
      polling: 100,
      timeout: 10_000,
    },
  );
  await page.evaluate(() =>
    window.addEventListener("prismicPreviewEnd", (e) =>
      sessionStorage.setItem("previewEnd", String(e.defaultPrevented)),
    ),
  );
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click("[data-prismic-toolbar-stand-in] a")]);
  await waitForHydration(page);
  expect(new URL(page.url()).pathname).toBe("/gallery/canal-house");
  expect(await h1(page)).toBe(PUBLISHED_PROJECT);
  expect(await previewCookie(page)).toBeUndefined();
  expect(await page.$("[data-prismic-toolbar-stand-in]")).toBeNull();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-preview"))).toBe(false);
  expect(await page.evaluate(() => "__prismicToolbarStandIn" in window)).toBe(false);
  expect(await page.evaluate(() => sessionStorage.getItem("previewEnd"))).toBe("true");
  expect(problems).toEqual([]);
  await close();
});

test("a cookie whose token Prismic refuses: the published page, hydrated cleanly, and the browser drops the cookie", async () => {
  const context = await suite.browser.createBrowserContext();
  const { page, problems } = await newPage(context);
  const stale = embeddedPreviewToken(`release~ended~${Date.now()}`);
  const { hostname } = new URL(suite.server.url);
  // As the toolbar writes it: its tracker and the repository's host.
  await page.setCookie({
    name: "io.prismic.preview",
    value: encodeURIComponent(JSON.stringify({ _tracker: "k3Lz9QbA", "embedded.prismic.io": { preview: stale } })),
    domain: hostname,
    path: "/",
    sameSite: "Lax",
  });
  await page.goto(`${suite.server.url}/gallery/canal-house`, { waitUntil: "load" });
  await waitForHydration(page);
  expect(await h1(page)).toBe(PUBLISHED_PROJECT);
  expect(await previewCookie(page)).toBeUndefined();
  expect(problems).toEqual([]);
  await context.close();
});

test("a page outside preview loads neither the toolbar nor the preview module", async () => {
  const { page, problems } = await newPage();
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${suite.server.url}/gallery/canal-house`, { waitUntil: "networkidle0" });
  await waitForHydration(page);
  expect(await h1(page)).toBe(PUBLISHED_PROJECT);
  expect(scripts).not.toContain("/preview/toolbar.js");
  expect(await page.evaluate(() => "__prismicToolbarStandIn" in window)).toBe(false);
  // No chunk loaded holds the preview module's code (the entry names the update event only to hold an early one: client/entry.tsx).
  const bodies = await Promise.all(scripts.map((p) => fetch(suite.server.url + p).then((r) => r.text())));
  expect(bodies.some((b) => b.includes(PREVIEW_START_RELOAD_KEY))).toBe(false);
  expect(bodies.some((b) => b.includes("prismicPreviewStart"))).toBe(false);
  expect(problems).toEqual([]);
  await page.close();
});
