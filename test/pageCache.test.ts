/**
 * The page cache (docs/behaviour.md section 6.1): a hit costs no content request and no rendering, bodies are sent
 * pre-compressed, ETags answer 304, 404s are cached briefly, and a publish shows within about
 * 5 s (the master ref's TTL) or at once after the webhook.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import type { Express } from "express";
import request from "supertest";
import { PAGE_CACHE_CONTROL, NOT_FOUND_CACHE_CONTROL } from "../server/pageCache/cacheControl";
import { createFaultyFetch } from "./support/faultyFetch";
import { demoWithHomeHeading } from "./support/publish";
import { createTestApp, WITH_PAGE_CACHE } from "./support/testApp";
import { warmPage } from "./support/warmPage";

const SECRET = "a-webhook-secret-of-some-length";

/** The bytes on the wire (supertest would decompress them). */
async function rawGet(app: Express, path: string, headers: Record<string, string>) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  } finally {
    server.close();
  }
}

function setup(env: Record<string, string> = {}) {
  const faults = createFaultyFetch();
  const test = createTestApp({
    wrapFetch: faults.wrap,
    env: { CONTENT_REF_TTL_MS: "60000", PRISMIC_WEBHOOK_SECRET: SECRET, ...WITH_PAGE_CACHE, ...env },
  });
  return { ...test, faults };
}

test("a cache hit makes no content request and says HIT", async () => {
  const { app, faults } = setup();
  const miss = await request(app).get("/gallery/braybrook-st");
  expect(miss.status).toBe(200);
  expect(miss.headers["x-cache"]).toBe("MISS");
  await warmPage(app, "/gallery/braybrook-st");
  const before = faults.calls.length;
  expect(before).toBeGreaterThan(0);
  const hit = await request(app).get("/gallery/braybrook-st");
  expect(hit.headers["x-cache"]).toBe("HIT");
  expect(hit.text).toBe(miss.text);
  expect(faults.calls.length).toBe(before);
});

test("pages carry CDN-friendly cache headers and an ETag that answers 304", async () => {
  const { app } = setup();
  const first = await request(app).get("/info/blog");
  expect(first.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
  const hit = await warmPage(app, "/info/blog");
  expect(hit.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
  expect(hit.headers.etag).toMatch(/^"p-/);
  const notModified = await request(app).get("/info/blog").set("If-None-Match", hit.headers.etag);
  expect(notModified.status).toBe(304);
  expect(notModified.text ?? "").toBe("");
});

test.each([
  ["br", (b: Buffer) => zlib.brotliDecompressSync(b)],
  ["gzip", (b: Buffer) => zlib.gunzipSync(b)],
] as const)("a hit is sent already compressed with %s", async (encoding, decode) => {
  const { app } = setup();
  await warmPage(app, "/materials/samples");
  const plain = await rawGet(app, "/materials/samples", { "accept-encoding": "identity" });
  const hit = await rawGet(app, "/materials/samples", { "accept-encoding": encoding });
  expect(plain.headers["x-cache"]).toBe("HIT");
  expect(hit.headers["x-cache"]).toBe("HIT");
  expect(hit.headers["content-encoding"]).toBe(encoding);
  expect(hit.body.length).toBeLessThan(plain.body.length / 3);
  expect(decode(hit.body).equals(plain.body)).toBe(true);
});

test("a 404 is cached briefly, so a second request for the same bad uid costs the content service nothing", async () => {
  const { app, faults } = setup();
  const first = await request(app).get("/gallery/no-such-project");
  expect(first.status).toBe(404);
  expect(first.headers["cache-control"]).toBe(NOT_FOUND_CACHE_CONTROL);
  await warmPage(app, "/gallery/no-such-project");
  const before = faults.calls.length;
  const again = await request(app).get("/gallery/no-such-project");
  expect(again.status).toBe(404);
  expect(again.headers["x-cache"]).toBe("HIT");
  expect(faults.calls.length).toBe(before);
});

test("with the cache off every request renders", async () => {
  const { app } = setup({ PAGE_CACHE_BYTES: "0" });
  await request(app).get("/");
  expect((await request(app).get("/")).headers["x-cache"]).toBe("MISS");
});

test("a publish shows within about 5 s with the default ref TTL, without the webhook", async () => {
  const { app, contentClient } = setup({ CONTENT_REF_TTL_MS: "5000" });
  expect((await request(app).get("/")).text).not.toContain("Freshly published");
  contentClient.embedded!.publish(demoWithHomeHeading("Freshly published"));
  const started = Date.now();
  // Each answer by when its request was sent: the ref was last read before the publish, so from
  // 5 s on every request knows of it. The old page is then sent once more (STALE) while one
  // background render makes the new one, which takes what the machine's load makes it take.
  const answers: Array<{ sentAt: number; cache: string; published: boolean }> = [];
  while (Date.now() - started < 10_000) {
    const sentAt = Date.now() - started;
    const res = await request(app).get("/");
    const published = res.text.includes("Freshly published");
    answers.push({ sentAt, cache: String(res.headers["x-cache"]), published });
    if (published) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const unaware = answers.filter((a) => a.sentAt >= 5_000 && !a.published && a.cache !== "STALE");
  expect(unaware).toEqual([]);
  const seen = answers.find((a) => a.published);
  expect(seen).toBeDefined();
  // The old page was sent STALE at least once first: a background render, not a request, made the new one.
  expect(answers.filter((a) => a.cache === "STALE").length).toBeGreaterThanOrEqual(1);
}, 15_000);

test("the publish webhook with the right secret makes the new content show after one background render", async () => {
  const { app, contentClient } = setup();
  await request(app).get("/");
  contentClient.embedded!.publish(demoWithHomeHeading("Webhook fresh"));
  // The ref is trusted for 60 s here: without the webhook the old page stays.
  expect((await request(app).get("/")).text).not.toContain("Webhook fresh");
  const hook = await request(app).post("/api/prismic-webhook").send({ type: "api-update", secret: SECRET });
  expect(hook.status).toBe(200);
  expect(hook.body.ref).toBe(contentClient.embedded!.current().masterRef);
  // The older copy at once, while one render at the new ref runs in the background ...
  const stale = await request(app).get("/");
  expect(stale.headers["x-cache"]).toBe("STALE");
  expect(stale.text).not.toContain("Webhook fresh");
  // ... and the new page as soon as that render is done.
  const fresh = await warmPage(app, "/");
  expect(fresh.text).toContain("Webhook fresh");
});

test("the webhook refuses a wrong secret (401) and a bad body (400), and is off without a secret (404)", async () => {
  const { app } = setup();
  expect((await request(app).post("/api/prismic-webhook").send({ secret: "nope" })).status).toBe(401);
  expect((await request(app).post("/api/prismic-webhook").send({ nothing: true })).status).toBe(400);
  expect(
    (await request(app).post("/api/prismic-webhook").set("Content-Type", "application/json").send("{not json")).status,
  ).toBe(400);
  const off = createTestApp({ env: {} }).app;
  expect((await request(off).post("/api/prismic-webhook").send({ secret: SECRET })).status).toBe(404);
});
