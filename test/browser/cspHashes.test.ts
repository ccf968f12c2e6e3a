/**
 * A policy a cache may keep (decision record 004): every page type, with every tag
 * configured and in preview, runs in Chromium without a CSP violation; the tags' loaders and
 * the entry really run (admitted by hash and 'strict-dynamic'); two visitors of a cached page
 * get the same bytes and the same header, with no nonce anywhere.
 */
import type { Browser, BrowserContext, Page } from "puppeteer";
import { loadConfig } from "../../server/config";
import { createContentClient } from "../../server/content/contentClient";
import * as prismicStandIn from "../../packages/prismic-stand-in/src/index";
import { embeddedPreviewToken, releaseRef } from "../../packages/prismic-stand-in/src/testing";
import { waitForHydration } from "../support/browserPage";
import { ROOT, startBuiltServer, type RunningServer } from "../support/builtServer";
import { launchBrowser } from "../support/chromium";
import { startStandIns, type StandIns } from "../support/tagStandIns";
import { startTogether } from "../support/startTogether";

let standIns: StandIns;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  standIns = await startStandIns();
  [server, browser] = await startTogether([
    startBuiltServer({
      ...standIns.env,
      USERCENTRICS_SETTINGS_ID: "StandIn123",
      PRIVACY_POLICY_SCRIPT_SRC: `${standIns.origin}/privacy-policy.js`,
      REVIEWS_WIDGET_SRC: `${standIns.origin}/reviews.js`,
    }),
    launchBrowser(),
  ]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standIns?.close();
});

const PAGES = [
  "/",
  "/us",
  "/gallery",
  "/gallery/braybrook-st",
  "/info/blog",
  "/info/blog/choosing-a-worktop",
  "/materials/samples",
  "/products/doors-drawers",
  "/info/about-us",
  "/gallery/no-such-project",
];

/** A page that records every CSP violation (the DOM event and the console message). */
async function watchedPage(context?: BrowserContext): Promise<{ page: Page; violations: string[] }> {
  const page = await (context ?? browser).newPage();
  await page.setExtraHTTPHeaders({ "Accept-Language": "en-GB" });
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction("__reportViolation", (v: string) => void violations.push(v));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __reportViolation: (v: string) => void }).__reportViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sample}`,
      ),
    );
  });
  return { page, violations };
}

const standInRecord = (page: Page) =>
  page.evaluate(() => (window as unknown as { __standIns?: Record<string, unknown> }).__standIns ?? {});

/**
 * One watched tab for the page types, each a new document in it: a tab is dear here, a document
 * cheap (docs/development.md, "A tab is dear; a document is cheap"). The tests shared one browser
 * context already; the violations are counted per page.
 */
let pageTypesTab: { page: Page; violations: string[] } | undefined;
async function pageTypesPage(): Promise<{ page: Page; violations: string[] }> {
  if (!pageTypesTab) {
    pageTypesTab = await watchedPage();
    await pageTypesTab.page.setCacheEnabled(false);
  }
  pageTypesTab.violations.length = 0;
  return pageTypesTab;
}

test.each(PAGES)(
  "%s, with every tag configured, runs without a CSP violation (the cached copy, which a render sends byte for byte)",
  async (path) => {
    // Rendered once; the browser then gets the page from the cache.
    await (await fetch(server.url + path, { headers: { "accept-language": "en-GB" } })).text();
    const { page, violations } = await pageTypesPage();
    const res = await page.goto(server.url + path, { waitUntil: "load" });
    expect([200, 404]).toContain(res!.status());
    expect(res!.headers()["x-cache"]).toBe("HIT");
    expect(res!.headers()["content-security-policy"]).not.toMatch(/nonce/);
    await waitForHydration(page);
    // The hashed loaders ran: the CMP and Tag Manager stand-ins were loaded and saw their settings.
    const record = await standInRecord(page);
    expect(record.ucSettingsId).toBe("StandIn123");
    expect(record.gtmRuns).toBe(1);
    await new Promise((r) => setTimeout(r, 150));
    expect(violations).toEqual([]);
  },
  30_000,
);

test("a preview (per-request nonce, never cached) runs without a CSP violation, toolbar included", async () => {
  const config = loadConfig({ CONTENT_DIR: "content", EMBEDDED_PREVIEWS: "on", SITE_URL: server.url }, ROOT);
  const repository = createContentClient(config, { standIn: prismicStandIn }).embedded!.current();
  const token = embeddedPreviewToken(releaseRef(repository, "spring-refresh")!);
  const context = await browser.createBrowserContext();
  try {
    const { page, violations } = await watchedPage(context);
    const res = await page.goto(`${server.url}/preview?token=${encodeURIComponent(token)}&documentId=home-gb`, {
      waitUntil: "load",
    });
    expect(res!.headers()["cache-control"]).toBe("private, no-store");
    expect(res!.headers()["content-security-policy"]).toMatch(/'nonce-/);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-preview"))).toBe(true);
    await page.goto(`${server.url}/gallery/canal-house`, { waitUntil: "load" });
    await waitForHydration(page);
    await new Promise((r) => setTimeout(r, 150));
    expect(violations).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);

test("two visitors of a cached page get byte-identical HTML and the same policy, with no nonce in either", async () => {
  const get = (headers: Record<string, string>) =>
    fetch(`${server.url}/gallery/braybrook-st?utm_source=${Math.random()}`, {
      headers: { "accept-encoding": "identity", ...headers },
    });
  await (await get({})).text();
  const [a, b] = await Promise.all([
    get({ "user-agent": "Mozilla/5.0 (visitor A)", cookie: "io.prismic.preview=junk", "accept-language": "en-US" }),
    get({ "user-agent": "Mozilla/5.0 (visitor B)", "x-request-id": "visitor-b" }),
  ]);
  const [bodyA, bodyB] = await Promise.all([a.text(), b.text()]);
  expect(a.headers.get("x-cache")).toBe("HIT");
  expect(b.headers.get("x-cache")).toBe("HIT");
  expect(bodyA).toBe(bodyB);
  expect(bodyA).not.toMatch(/nonce/i);
  expect(a.headers.get("content-security-policy")).toBe(b.headers.get("content-security-policy"));
  expect(a.headers.get("content-security-policy")).toMatch(
    /script-src 'sha256-[^']+'( 'sha256-[^']+')* 'strict-dynamic'/,
  );
  expect(a.headers.get("content-security-policy")).not.toMatch(/nonce|unsafe-inline/);
});
