/**
 * Every answer from the content API is bounded (docs/behaviour.md section 3.6, docs/security.md):
 * the hosted code path (a real `fetch` over loopback) reads Prismic's HTTP stand-in through a
 * front that can answer hostile instead. A huge body is cut at the byte bound, never held whole,
 * and the memory comes back; a body that never ends is cut at the content timeout; a redirect is
 * not followed; counts that cannot be true, or a sitemap index past 50,000 children, are an
 * upstream error (the friendly 503), never a loop or an endless file; and the site serves the
 * page again once the answers are healthy.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { MAX_ANSWER_BYTES } from "../server/content/boundedBody";
import { startHostileFront, type HostileFront } from "./support/hostileFront";
import { startPrismicHttpStandIn, type PrismicHttpStandIn } from "./support/prismicHttpStandIn";
import { createTestApp, type TestApp } from "./support/testApp";
import { warmPage } from "./support/warmPage";

const MB = 1024 * 1024;

let standIn: PrismicHttpStandIn;
let front: HostileFront;
let elsewhere: { origin: string; hits: string[]; close: () => Promise<void> };
let site: TestApp;
let warn: jest.SpyInstance;

/** Another host on loopback, counting what reaches it: where a hostile redirect points. */
async function anotherHost() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  standIn = await startPrismicHttpStandIn();
  front = await startHostileFront(standIn.origin);
  elsewhere = await anotherHost();
});
afterAll(async () => {
  await front.close();
  await standIn.close();
  await elsewhere.close();
});
beforeEach(() => {
  front.set(undefined);
  // The client warns about a non-Prismic endpoint.
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  site = createTestApp({
    env: { PRISMIC_REPOSITORY: "embedded", PRISMIC_API_ENDPOINT: front.endpoint, CONTENT_TIMEOUT_MS: "4000" },
  });
});
afterEach(() => warn.mockRestore());

const isSearch = (url: URL) => url.pathname.endsWith("/documents/search");
/** The queries of one gallery project's page. */
const projectQuery = (uid: string) => (url: URL) => isSearch(url) && url.searchParams.getAll("q").join().includes(uid);
/** The sitemap's queries: every document of every language. */
const everyDocument = (url: URL) => isSearch(url) && url.searchParams.get("lang") === "*";

/** The highest resident memory seen while `work` runs, sampled every 10 ms, and the memory before it. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; before: number; peak: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

describe("a huge answer", () => {
  test.each([
    ["streamed without a length", false],
    ["announced by its Content-Length", true],
  ])(
    "400 MB %s: the page is the friendly 503, at most about the bound is read, memory stays bounded, and the page renders once healthy",
    async (_case, contentLength) => {
      const { app } = site;
      await warmPage(app, "/");
      front.set({ kind: "stream", bytes: 400 * MB, contentLength }, projectQuery("canal-house"));
      const { result: res, before, peak } = await peakMemory(() => request(app).get("/gallery/canal-house"));
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toMatch(/^\d+$/);
      expect(front.answered()).toBeGreaterThan(0);
      // The bound, plus what sat in the sockets' buffers when the reader stopped.
      expect(front.written()).toBeLessThan(MAX_ANSWER_BYTES + 16 * MB);
      expect(peak - before).toBeLessThan(150 * MB);

      front.set(undefined);
      const healthy = await request(app).get("/gallery/canal-house");
      expect(healthy.status).toBe(200);
      expect(healthy.text).toContain("Canal House");
    },
  );
});

test("an answer that trickles and never ends is cut at the content timeout: the page is the friendly 503, and renders once healthy", async () => {
  const { app } = site;
  await warmPage(app, "/");
  front.set({ kind: "trickle", everyMs: 50 }, projectQuery("canal-house"));
  const started = Date.now();
  const res = await request(app).get("/gallery/canal-house");
  expect(res.status).toBe(503);
  expect(res.headers["retry-after"]).toMatch(/^\d+$/);
  expect(front.answered()).toBeGreaterThan(0);
  // Cut at the 4 s content timeout (CONTENT_TIMEOUT_MS above), not left to the socket.
  expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
  expect(Date.now() - started).toBeLessThan(20_000);

  front.set(undefined);
  const healthy = await request(app).get("/gallery/canal-house");
  expect(healthy.status).toBe(200);
});

test("a redirect to another host is not followed: the page is the friendly 503 and the other host sees nothing", async () => {
  const { app } = site;
  await warmPage(app, "/");
  front.set({ kind: "redirect", status: 302, location: `${elsewhere.origin}/ssrf-probe` }, projectQuery("canal-house"));
  const res = await request(app).get("/gallery/canal-house");
  expect(res.status).toBe(503);
  expect(elsewhere.hits).toEqual([]);
});

describe("counts that cannot be true", () => {
  test("a list page whose answer counts 5 results in a billion pages is the friendly 503", async () => {
    const { app } = site;
    await warmPage(app, "/");
    front.set(
      {
        kind: "json",
        body: { page: 1, results_per_page: 12, results_size: 0, total_results_size: 5, total_pages: 1e9, results: [] },
      },
      (url) => isSearch(url) && url.searchParams.getAll("q").join().includes('"gallery_project"'),
    );
    const res = await request(app).get("/gallery");
    expect(res.status).toBe(503);
  });

  test("menus whose answer always names a next page are read once, not followed without end", async () => {
    const { app } = site;
    const navigation = (url: URL) => isSearch(url) && url.searchParams.getAll("q").join().includes('"navigation"');
    front.set(
      {
        kind: "json",
        body: {
          page: 1,
          results_per_page: 100,
          results_size: 0,
          total_results_size: 0,
          total_pages: 0,
          next_page: `${front.endpoint}/documents/search?page=2`,
          results: [],
        },
      },
      navigation,
    );
    const started = Date.now();
    const res = await request(app).get("/gallery/canal-house").timeout(5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.status).toBe(200);
    // One query a language (the page's, and the other region's for its switcher), never a second page.
    expect(front.answered()).toBeLessThanOrEqual(2);
  });

  test.each([
    ["60,000 children (2.7 billion documents)", 45_000 * 60_000],
    ["22 million children (1e12 documents)", 1e12],
  ])("a sitemap index of %s is the 503 at once, a few bytes, memory bounded", async (_case, total) => {
    const { app } = site;
    front.set(
      {
        kind: "json",
        body: {
          page: 1,
          results_per_page: 1,
          results_size: 0,
          total_results_size: total,
          total_pages: total,
          results: [],
        },
      },
      everyDocument,
    );
    const started = Date.now();
    const { result: res, before, peak } = await peakMemory(() => request(app).get("/sitemap.xml"));
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.text.length).toBeLessThan(1_000);
    expect(peak - before).toBeLessThan(100 * MB);
  });
});
