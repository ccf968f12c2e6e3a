/**
 * A cached page in each content coding (docs/behaviour.md section 6.1): each representation (brotli, gzip, as it is)
 * has its own strong ETag, and a 304 answers only the tag of the representation the request
 * would get; Accept-Encoding is read as exact codings with their q-values (`x-br` is not
 * brotli, `q=0` refuses a coding). The same on the fast path and through the whole stack.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { createTestApp, WITH_PAGE_CACHE } from "./support/testApp";
import { warmPage } from "./support/warmPage";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

let server: http.Server;
let get: (path: string, headers: Record<string, string>) => Promise<Answer>;

beforeAll(async () => {
  const { app } = createTestApp({ env: { ...WITH_PAGE_CACHE, CONTENT_REF_TTL_MS: "60000" } });
  await warmPage(app, "/gallery");
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  get = (path, headers) =>
    new Promise((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: (server.address() as AddressInfo).port, path, headers }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers }));
        })
        .on("error", reject);
    });
});
afterAll(() => new Promise((r) => server.close(r)));

const encodingOf = (a: Answer) => a.headers["content-encoding"] ?? "identity";

test.each([
  ["x-br", "identity"],
  ["x-br, gzip", "gzip"],
  ["br;q=0, gzip", "gzip"],
  ["br;q=0", "identity"],
  ["BR", "br"],
  ["gzip;q=0.5, br;q=0.9", "br"],
  ["gzip;q=0.9, br;q=0.5", "gzip"],
  ["gzip, deflate, br, zstd", "br"],
  ["*", "br"],
  ["*, br;q=0", "gzip"],
  ["brotli, gzipped", "identity"],
  ["identity", "identity"],
])("Accept-Encoding %j gets %s", async (accepted, expected) => {
  expect(encodingOf(await get("/gallery", { "accept-encoding": accepted }))).toBe(expected);
});

test("each representation has its own strong ETag, and a 304 only for its own", async () => {
  const br = await get("/gallery", { "accept-encoding": "br" });
  const gz = await get("/gallery", { "accept-encoding": "gzip" });
  const plain = await get("/gallery", { "accept-encoding": "identity" });
  const tags = [br, gz, plain].map((a) => String(a.headers.etag));
  for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
  expect(new Set(tags).size).toBe(3);
  expect((await get("/gallery", { "accept-encoding": "br", "if-none-match": tags[0] })).status).toBe(304);
  expect((await get("/gallery", { "accept-encoding": "gzip", "if-none-match": tags[1] })).status).toBe(304);
  expect((await get("/gallery", { "accept-encoding": "identity", "if-none-match": tags[2] })).status).toBe(304);
  // Another representation's tag is no match: the body comes whole.
  const mismatch = await get("/gallery", { "accept-encoding": "br", "if-none-match": tags[2] });
  expect(mismatch.status).toBe(200);
  expect(mismatch.headers.etag).toBe(tags[0]);
  // A 304 names the representation it confirms.
  expect(
    (await get("/gallery", { "accept-encoding": "gzip", "if-none-match": `"other", ${tags[1]}` })).headers.etag,
  ).toBe(tags[1]);
});

test("through the whole stack (a page's first render) the same rules hold", async () => {
  const { app } = createTestApp({ env: { ...WITH_PAGE_CACHE, CONTENT_REF_TTL_MS: "60000" } });
  const first = await request(app)
    .get("/info/blog")
    .set("Accept-Encoding", "x-br, gzip")
    .buffer(true)
    .parse((res, cb) => {
      res.on("data", () => {});
      res.on("end", () => cb(null, null));
    });
  expect(first.headers["x-cache"]).toBe("MISS");
  expect(first.headers["content-encoding"]).toBe("gzip");
  const plain = await request(app).get("/info/blog").set("Accept-Encoding", "identity");
  expect(plain.headers.etag).not.toBe(first.headers.etag);
});
