/**
 * The media warm-up: on the built server, readiness does not wait for it, and the home page's
 * main image, at the width a phone takes, is prepared in AVIF before any visitor asks for it;
 * in-process, a publish (a new master ref) starts another bounded pass.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createImageService, startMediaWarmer } from "../packages/prismic-stand-in/src/index";
import { startBuiltServer, type RunningServer } from "./support/builtServer";
import { capturingLogger } from "./support/capturingLogger";
import { demoWithHomeHeading } from "./support/publish";
import { createTestApp } from "./support/testApp";

const AVIF = "image/avif,image/webp,*/*";
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "media-warm-"));
let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer({ MEDIA_CACHE_DIR: cacheDir, MEDIA_WARM: "on", LOG_LEVEL: "info" });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

test("ready at once, and the home page's main image is prepared before anyone asks for it", async () => {
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  expect(server.output()).not.toContain("media warm-up done");

  const html = await (await fetch(`${server.url}/`, { headers: { "user-agent": "test-crawler" } })).text();
  const hero = /<img[^>]*fetchPriority="high"[^>]*>/i.exec(html)?.[0];
  expect(hero).toBeDefined();
  const srcset = /srcSet="([^"]+)"/i.exec(hero!)![1].replace(/&amp;/g, "&");
  const phone = srcset
    .split(", ")
    .find((entry) => entry.endsWith(" 828w"))!
    .split(" ")[0];
  // Pages address images root-relative (any host may serve them); resolve against the server.
  const url = new URL(phone, server.url).pathname + new URL(phone, server.url).search;

  // `If-None-Match: *` names the cache entry (its ETag) without asking for a transform.
  const key = async () => {
    const res = await fetch(server.url + url, { headers: { accept: AVIF, "if-none-match": "*" } });
    expect(res.status).toBe(304);
    return /^"m-(.+)"$/.exec(res.headers.get("etag") ?? "")![1];
  };
  const file = path.join(cacheDir, `${await key()}.avif`);
  const deadline = Date.now() + 90_000;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline)
      throw new Error(`the warm-up did not prepare ${url} (AVIF) within 90 s:\n${server.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const res = await fetch(server.url + url, { headers: { accept: AVIF } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/avif");
  expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(file))).toBe(true);
  expect(server.output()).toMatch(
    /"msg":"media warm-up: preparing the images the pages emit, in the background \(pages are served meanwhile/,
  );
}, 120_000);

test("a publish starts another pass, bounded like the first", async () => {
  const { app, config, contentClient } = createTestApp({ env: { MEDIA_CACHE_DIR: path.join(cacheDir, "app") } });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { logger, lines } = capturingLogger();
  const images = createImageService({ cacheDir: path.join(cacheDir, "warm"), cacheBytes: 64 * 1024 * 1024, logger });
  const warmer = startMediaWarmer({
    images,
    mediaDir: config.MEDIA_DIR,
    siteUrl: config.SITE_URL,
    selfUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refs: contentClient.refs,
    logger,
    maxImages: 2,
    pollMs: 50,
  });
  const passes = () => lines.filter((line) => line.msg === "media warm-up done");
  const waitForPasses = async (n: number) => {
    const deadline = Date.now() + 60_000;
    while (passes().length < n) {
      if (Date.now() > deadline)
        throw new Error(`fewer than ${n} warm-up passes within 60 s: ${JSON.stringify(lines.slice(-5))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    await waitForPasses(1);
    const first = passes()[0];
    expect(first).toMatchObject({ images: 2, failed: 0 });
    expect(first.transformed).toBeGreaterThan(0);
    contentClient.embedded!.publish(demoWithHomeHeading("A heading published while warm"));
    await waitForPasses(2);
    const second = passes()[1];
    expect(second.ref).not.toBe(first.ref);
    // The same images: already prepared, nothing to transform again.
    expect(second).toMatchObject({ images: 2, failed: 0, transformed: 0 });
  } finally {
    warmer.stop();
    await warmer.idle();
    await new Promise((resolve) => server.close(resolve));
  }
}, 90_000);

test("with a media cache it cannot write, the warm-up stops after one image instead of spending a core", async () => {
  const { app, config, contentClient } = createTestApp({ env: { MEDIA_CACHE_DIR: path.join(cacheDir, "app-ro") } });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // A regular file where the folder should be: every write fails.
  const blocked = path.join(cacheDir, "not-a-folder");
  fs.writeFileSync(blocked, "");
  const { logger, lines } = capturingLogger();
  const images = createImageService({ cacheDir: path.join(blocked, "media"), cacheBytes: 64 * 1024 * 1024, logger });
  const warmer = startMediaWarmer({
    images,
    mediaDir: config.MEDIA_DIR,
    siteUrl: config.SITE_URL,
    selfUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refs: contentClient.refs,
    logger,
    pollMs: 60_000,
  });
  try {
    await warmer.idle();
    const stopped = lines.find((line) => line.msg === "media warm-up stopped: the media cache is not writable");
    expect(stopped).toMatchObject({ ok: 1, failed: 0 });
    expect(lines.some((line) => line.msg === "media warm-up done")).toBe(false);
  } finally {
    warmer.stop();
    await new Promise((resolve) => server.close(resolve));
  }
}, 60_000);
