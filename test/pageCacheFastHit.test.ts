/**
 * A hit that costs next to nothing (decision record 019): a fresh cached page is answered before the rest
 * of the middleware stack, with the same bytes and every header the stack would send, logged
 * with its request id; and never ahead of what must decide first (canonical spelling, the
 * root's locale detection, a valid preview cookie).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { capturingLogger } from "./support/capturingLogger";
import { createTestApp } from "./support/testApp";
import { warmPage } from "./support/warmPage";

/** What differs per response by nature, and what only the streaming stack adds. */
const PER_RESPONSE = new Set([
  "date",
  "x-request-id",
  "x-cache",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
]);
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_RESPONSE.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

function setup(env: Record<string, string> = {}) {
  const { logger, lines } = capturingLogger("info");
  return { ...createTestApp({ logger, env: { CONTENT_REF_TTL_MS: "60000", ...env } }), lines };
}

test("a hit is answered by the fast path with the bytes and every header of the render, and logged with its request id", async () => {
  const { app, lines } = setup();
  const miss = await request(app).get("/gallery/braybrook-st");
  expect(miss.headers["x-cache"]).toBe("MISS");
  const hit = await warmPage(app, "/gallery/braybrook-st");
  const traced = await request(app)
    .get("/gallery/braybrook-st?utm_source=x&token=s3cret")
    .set("X-Request-Id", "hit-123");
  expect(traced.headers["x-request-id"]).toBe("hit-123");
  expect(traced.text).toBe(miss.text);
  expect(comparable(traced.headers)).toEqual(comparable(miss.headers));
  expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
  for (const name of [
    "content-security-policy",
    "x-frame-options",
    "x-content-type-options",
    "referrer-policy",
    "permissions-policy",
    "cross-origin-opener-policy",
  ]) {
    expect(traced.headers[name]).toBeTruthy();
  }
  // One line, written by the fast path (pino-http never saw the request), secrets redacted.
  const logged = lines.filter((l) => (l.req as { id?: string } | undefined)?.id === "hit-123");
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({ msg: "request completed", cache: "HIT", res: { statusCode: 200 } });
  expect((logged[0].req as { url: string }).url).toBe("/gallery/braybrook-st?utm_source=x&token=[redacted]");
});

test("compressed bodies as the client accepts them, and 304 for a matching If-None-Match", async () => {
  const { app } = setup();
  const hit = await warmPage(app, "/info/blog");
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const get = (headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
      http
        .get(
          { host: "127.0.0.1", port: (server.address() as AddressInfo).port, path: "/info/blog", headers },
          (res) => {
            let bytes = 0;
            res.on("data", (c: Buffer) => (bytes += c.length));
            res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, bytes }));
          },
        )
        .on("error", reject);
    });
  try {
    const br = await get({ "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.bytes).toBe(Number(br.headers["content-length"]));
    expect(br.bytes).toBeLessThan(hit.text.length / 3);
    const gz = await get({ "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await get({});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes).toBe(Buffer.byteLength(hit.text));
    // The tag of the representation asked for: the page as it is (each coding has its own).
    const notModified = await get({ "if-none-match": String(plain.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes).toBe(0);
    expect(notModified.headers["content-security-policy"]).toBe(hit.headers["content-security-policy"]);
  } finally {
    server.close();
  }
});

describe("never ahead of what decides first", () => {
  const t = setup();
  const browser = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124 Safari/537.36" };
  beforeAll(async () => {
    await warmPage(t.app, "/", { ...browser, "Accept-Language": "en-GB" });
    await warmPage(t.app, "/gallery");
  });

  test("another spelling of a cached page is redirected, not served", async () => {
    const res = await request(t.app).get("/Gallery/");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/gallery");
  });

  test("the root's locale detection: en-US and the us cookie are redirected; en-GB and crawlers get the cached gb home, varying on both", async () => {
    const us = await request(t.app)
      .get("/")
      .set({ ...browser, "Accept-Language": "en-US" });
    expect(us.status).toBe(302);
    expect(us.headers.location).toBe("/us");
    const cookie = await request(t.app)
      .get("/")
      .set({ ...browser, "Accept-Language": "en-GB", Cookie: "i18n_redirected=us" });
    expect(cookie.status).toBe(302);
    const gb = await request(t.app)
      .get("/")
      .set({ ...browser, "Accept-Language": "en-GB" });
    expect(gb.headers["x-cache"]).toBe("HIT");
    expect(gb.headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
    const crawler = await request(t.app).get("/").set("User-Agent", "Googlebot/2.1");
    expect(crawler.headers["x-cache"]).toBe("HIT");
  });

  test("a valid preview cookie goes to the preview; a junk one is a hit", async () => {
    const preview = `io.prismic.preview=${encodeURIComponent(JSON.stringify({ "embedded.prismic.io": { preview: "https://embedded.invalid/previews/spring-refresh" } }))}`;
    expect((await request(t.app).get("/gallery").set("Cookie", preview)).headers["x-cache"]).toBe("BYPASS");
    expect(
      (await request(t.app).get("/gallery").set("Cookie", "io.prismic.preview=junk; other=1")).headers["x-cache"],
    ).toBe("HIT");
  });

  test("a URL too long is refused as before, cached page or not", async () => {
    expect((await request(t.app).get(`/gallery?utm_source=${"a".repeat(3000)}`)).status).toBe(414);
  });

  test("other methods are never answered from the cache", async () => {
    expect((await request(t.app).post("/gallery").send({})).status).toBe(405);
  });
});

test("over HTTPS (behind a trusted proxy) a hit carries HSTS, as every other response does", async () => {
  const { app } = setup({ TRUST_PROXY: "loopback" });
  await warmPage(app, "/gallery");
  const res = await request(app).get("/gallery").set("X-Forwarded-Proto", "https");
  expect(res.headers["x-cache"]).toBe("HIT");
  expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect((await request(app).get("/gallery")).headers["strict-transport-security"]).toBeUndefined();
});
