/**
 * The page cache's fast path (server/pageCache/fastHit.ts) through `createFastHitPath` alone
 * (test/support/fastHitHarness.ts): each condition of the module's header comment, and what a hit
 * carries (headers, codings, 304, its log line and metrics). test/pageCacheFastHit.test.ts checks
 * the same path inside the whole site.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { NOT_FOUND_CACHE_CONTROL, PAGE_CACHE_CONTROL } from "../server/pageCache/cacheControl";
import { answerHitsFirst } from "../server/pageCache/fastHit";
import { createPageCache } from "../server/pageCache/pageCache";
import { HSTS } from "../server/http/security";
import {
  type Answer,
  APP_STATUS,
  type FastHitHarness,
  page,
  putPage,
  SCRIPT_HASH,
  SECURITY,
  startFastHit,
} from "./support/fastHitHarness";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
// Stamped by the clock the 404 test sets (jest's fake Date), as the fast path reads it.
const cache = createPageCache(50_000_000, () => Date.now());
let site: FastHitHarness;

beforeAll(async () => {
  await putPage(cache, "/info/blog", page("Blog, page 1"), { routeId: "info-blog" });
  await putPage(cache, "/info/blog?page=2", page("Blog, page 2"), { routeId: "info-blog" });
  await putPage(cache, "/", page("Home gb"), { routeId: "home" });
  await putPage(cache, "/products", page("A legacy path's old page"));
  await putPage(cache, "/gallery/older", page("Rendered at an older ref"), { ref: "ref-older" });
  await putPage(cache, "/broken", page("An error"), { status: 500 });
});

beforeEach(async () => {
  site = await startFastHit(cache);
});

afterEach(async () => {
  jest.useRealTimers();
  await site.close();
});

const served = (answer: Answer) => answer.status !== APP_STATUS;

describe("a fresh page in the cache is answered at once", () => {
  test("with the page's bytes and every header the app would send", async () => {
    const answer = await site.send("/info/blog");
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(page("Blog, page 1"));
    for (const [name, value] of SECURITY) {
      if (name === "content-security-policy") expect(answer.headers[name]).toContain(SCRIPT_HASH);
      else expect(answer.headers[name]).toBe(value);
    }
    expect(answer.headers).toMatchObject({
      "cache-control": PAGE_CACHE_CONTROL,
      vary: "Accept-Encoding",
      "x-cache": "HIT",
      "content-type": "text/html; charset=utf-8",
      "content-length": String(Buffer.byteLength(page("Blog, page 1"))),
    });
    expect(answer.headers.etag).toMatch(/^"p-[\w-]+"$/);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
  });

  test("HEAD: the same headers, no body", async () => {
    const [get, head] = [await site.send("/info/blog"), await site.send("/info/blog", {}, "HEAD")];
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  test.each([
    ["br", "br", /-br"$/, (b: Buffer) => zlib.brotliDecompressSync(b)],
    ["gzip, deflate", "gzip", /-gz"$/, (b: Buffer) => zlib.gunzipSync(b)],
    ["br;q=0.5, gzip", "gzip", /-gz"$/, (b: Buffer) => zlib.gunzipSync(b)],
    ["br;q=0, gzip;q=0", undefined, /[^rz]"$/, (b: Buffer) => b],
  ])("Accept-Encoding %s: sent as %s, with that coding's ETag", async (accept, coding, etag, decode) => {
    const answer = await site.send("/info/blog", { "accept-encoding": accept });
    expect(answer.headers["content-encoding"]).toBe(coding);
    expect(decode(answer.body).toString()).toBe(page("Blog, page 1"));
    expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    expect(answer.headers.etag).toMatch(etag);
  });

  test("304 for an If-None-Match naming this coding's ETag, alone or in a list; 200 for another coding's", async () => {
    const brTag = (await site.send("/info/blog", { "accept-encoding": "br" })).headers.etag!;
    for (const ifNoneMatch of [brTag, `"other", ${brTag}`]) {
      const answer = await site.send("/info/blog", { "accept-encoding": "br", "if-none-match": ifNoneMatch });
      expect(answer.status).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers).toMatchObject({ etag: brTag, "cache-control": PAGE_CACHE_CONTROL, "x-cache": "HIT" });
      expect(answer.headers["content-security-policy"]).toContain(SCRIPT_HASH);
      expect(answer.headers["content-type"]).toBeUndefined();
    }
    expect((await site.send("/info/blog", { "accept-encoding": "gzip", "if-none-match": brTag })).status).toBe(200);
  });

  test("a campaign id or any parameter the page does not read is the same page; one it reads is its own", async () => {
    expect((await site.send("/info/blog?utm_source=mail&fbclid=abc")).body.toString()).toBe(page("Blog, page 1"));
    expect((await site.send("/info/blog?page=2&utm_source=x")).body.toString()).toBe(page("Blog, page 2"));
    expect(served(await site.send("/info/blog?page=3"))).toBe(false);
  });
});

describe("everything else goes to the app, untouched", () => {
  test.each(["POST", "PUT", "DELETE", "OPTIONS"])("%s", async (method) => {
    const answer = await site.send("/info/blog", {}, method);
    expect(answer.headers["x-answered-by"]).toBe("app");
  });

  test.each([
    ["upper case", "/INFO/blog"],
    ["a trailing slash", "/info/blog/"],
    ["a doubled slash", "//info/blog"],
    ["a percent-encoded letter", "/info/%62log"],
    ["a dot segment", "/info/./blog"],
  ])("a path not in its canonical spelling: %s", async (_case, path) => {
    expect(served(await site.send(path))).toBe(false);
  });

  test("a legacy path, even with a page stored under it", async () => {
    expect(served(await site.send("/products"))).toBe(false);
  });

  test("a URL longer than the app accepts, though its page is cached", async () => {
    const base = "/info/blog?utm_source=";
    expect(served(await site.send(base + "x".repeat(2048 - base.length)))).toBe(true);
    expect(served(await site.send(base + "x".repeat(2049 - base.length)))).toBe(false);
  });

  test("a page rendered at another ref than the master ref (the app serves it stale and refreshes it)", async () => {
    expect(served(await site.send("/gallery/older"))).toBe(false);
  });

  test("any page once the master ref was read longer ago than its TTL (the app reads it first)", async () => {
    site.advanceRefClock(4_999);
    expect(served(await site.send("/info/blog"))).toBe(true);
    site.advanceRefClock(1);
    expect(served(await site.send("/info/blog"))).toBe(false);
  });

  test("a page not in the cache, or one cached with a status other than 200 or 404", async () => {
    expect(served(await site.send("/info/nowhere"))).toBe(false);
    expect(served(await site.send("/broken"))).toBe(false);
  });

  test("the app gets the request as it came: nothing written, no header set, no line logged, nothing counted", async () => {
    await site.send("/info/blog", { cookie: "io.prismic.preview=verified" });
    expect(site.lastFallThrough()).toEqual({ headersSent: false, headerNames: [] });
    expect(site.lines).toEqual([]);
    expect(site.recordHit).not.toHaveBeenCalled();
  });
});

test("a cached 404 is answered for a minute after it was stored, and never as a 304", async () => {
  jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "setTimeout", "setInterval", "queueMicrotask"] });
  jest.setSystemTime(new Date("2025-01-01T00:00:00Z"));
  const entry = await putPage(cache, "/info/gone", page("Not found"), { status: 404 });
  const first = await site.send("/info/gone", { "if-none-match": entry.etags.identity });
  expect(first.status).toBe(404);
  expect(first.headers["cache-control"]).toBe(NOT_FOUND_CACHE_CONTROL);
  expect(first.body.toString()).toBe(page("Not found"));
  jest.setSystemTime(Date.now() + 59_999);
  expect((await site.send("/info/gone")).status).toBe(404);
  jest.setSystemTime(Date.now() + 1);
  expect(served(await site.send("/info/gone"))).toBe(false);
});

describe("previews: only a request the preview gate leaves public", () => {
  test.each([
    ["a verified token", "verified", false],
    ["a token being verified", "asking", false],
    ["a refused token (its response clears the cookie)", "refused", false],
    ["an unknown token past the verification budget", "no-budget", true],
    ["a junk cookie", "junk", true],
  ])("%s", async (_case, value, answered) => {
    const answer = await site.send("/info/blog", { cookie: `i18n_redirected=gb; io.prismic.preview=${value}` });
    expect(served(answer)).toBe(answered);
    expect(site.admitted).toHaveLength(1);
  });

  test("on a page, cookies without a preview cookie are not asked about", async () => {
    expect(served(await site.send("/info/blog", { cookie: "i18n_redirected=us; other=1" }))).toBe(true);
    expect(site.admitted).toEqual([]);
  });

  test("the gate sees the client's address through trusted proxies only, as Express's req.ip", async () => {
    const headers = { cookie: "io.prismic.preview=junk", "x-forwarded-for": "203.0.113.9" };
    await site.send("/info/blog", headers);
    site.trusted.add("127.0.0.1");
    await site.send("/info/blog", headers);
    expect(site.admitted).toEqual(["127.0.0.1", "203.0.113.9"]);
  });
});

describe("the home page: only the visitor the locale detection leaves on the gb home", () => {
  test.each([
    ["a crawler (no Accept-Language)", { "user-agent": "Googlebot/2.1" }, true],
    ["a browser asking for en-GB", { "user-agent": BROWSER, "accept-language": "en-GB,en;q=0.9" }, true],
    ["a browser asking for en-US", { "user-agent": BROWSER, "accept-language": "en-US,en;q=0.9" }, false],
    [
      "a browser whose only supported language is en-US",
      { "user-agent": BROWSER, "accept-language": "fr-FR, en-US;q=0.5" },
      false,
    ],
    ["the us region's cookie", { "user-agent": "Googlebot/2.1", cookie: "i18n_redirected=us" }, false],
    [
      "the gb cookie, whatever the language",
      { "user-agent": BROWSER, "accept-language": "en-US", cookie: "i18n_redirected=gb" },
      true,
    ],
    [
      "a cookie naming no region, with en-US",
      { "user-agent": BROWSER, "accept-language": "en-US", cookie: "i18n_redirected=fr" },
      false,
    ],
    ["an editor previewing", { "user-agent": "Googlebot/2.1", cookie: "io.prismic.preview=verified" }, false],
  ])("%s", async (_case, headers, answered) => {
    const answer = await site.send("/", headers);
    expect(served(answer)).toBe(answered);
    if (answered) {
      expect(answer.body.toString()).toBe(page("Home gb"));
      expect(answer.headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
    }
  });
});

describe("HSTS only over HTTPS, as the app's req.secure decides", () => {
  test.each([
    ["a trusted proxy says https", true, "https", true],
    ["a trusted proxy's first hop is https", true, "https, http", true],
    ["a trusted proxy's first hop is http", true, "http, https", false],
    ["an untrusted peer says https", false, "https", false],
  ])("%s", async (_case, trusted, proto, hsts) => {
    if (trusted) site.trusted.add("127.0.0.1");
    for (const path of ["/info/blog", "/"]) {
      const answer = await site.send(path, { "x-forwarded-proto": proto });
      expect(answer.status).toBe(200);
      expect(answer.headers["strict-transport-security"]).toBe(hsts ? HSTS : undefined);
    }
  });
});

describe("each hit is logged and counted", () => {
  test("one access line with the request id, the URL's secrets redacted, and cache HIT", async () => {
    const answer = await site.send("/info/blog?token=s3cret&utm_source=x", { "x-request-id": "edge-42.a:b" });
    expect(answer.headers["x-request-id"]).toBe("edge-42.a:b");
    expect(site.lines).toHaveLength(1);
    expect(site.lines[0]).toMatchObject({
      msg: "request completed",
      cache: "HIT",
      req: { id: "edge-42.a:b", method: "GET", url: "/info/blog?token=[redacted]&utm_source=x" },
      res: { statusCode: 200 },
    });
    expect(typeof site.lines[0].responseTime).toBe("number");
  });

  test.each([
    ["one with a space", "not an id"],
    ["one too long", "x".repeat(129)],
  ])("a request id the log cannot take (%s) is replaced by a new one, sent and logged alike", async (_case, given) => {
    const first = await site.send("/info/blog", { "x-request-id": given });
    const second = await site.send("/info/blog");
    const ids = [first, second].map((answer) => answer.headers["x-request-id"]);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(site.lines.map((line) => (line.req as { id: string }).id)).toEqual(ids);
  });

  test("in the metrics under the page's route, with its status", async () => {
    const { etag } = (await site.send("/info/blog")).headers;
    await site.send("/info/blog", { "if-none-match": etag! }, "HEAD");
    expect(site.recordHit.mock.calls).toEqual([
      ["GET", "info-blog", 200, expect.any(Number)],
      ["HEAD", "info-blog", 304, expect.any(Number)],
    ]);
    expect(
      site.lines.map((line) => [
        (line.req as { method: string }).method,
        (line.res as { statusCode: number }).statusCode,
      ]),
    ).toEqual([
      ["GET", 200],
      ["HEAD", 304],
    ]);
  });

  test("answered inside the app (tracing on), the route and the cache result are left for the request span", async () => {
    await site.send("/info/blog", { "x-test-locals": "1" });
    expect(site.lastLocals()).toEqual({ metricsRoute: "info-blog", pageCacheResult: "hit" });
  });
});

test("answerHitsFirst: the app gets only what the fast path leaves, and is the app for its settings", async () => {
  const app = express();
  app.get("/page", (_req, res) => void res.send("from the app"));
  const listener = answerHitsFirst(app, (req, res) => {
    if (req.url !== "/cached") return false;
    res.end("from the fast path");
    return true;
  });
  listener.set("site name", "Kitchens");
  expect(app.get("site name")).toBe("Kitchens");
  const server = http.createServer(listener).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const text = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`)).text();
  try {
    expect(await text("/cached")).toBe("from the fast path");
    expect(await text("/page")).toBe("from the app");
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
