/**
 * What `npm start` prints as it starts, with nothing configured (the embedded site): no warning to
 * learn to ignore — no Meta account is expected there, so its absence is said once as information
 * — and not one line per request of the media warm-up, which reads every page of the site: its
 * requests are logged at debug (server/observability/warmUpRequests.ts), its pass in two lines.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBuiltServer, type RunningServer } from "./support/builtServer";
import { waitFor } from "./support/devProject";

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "start-log-"));
let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer({ MEDIA_CACHE_DIR: cacheDir, MEDIA_WARM: "on", LOG_LEVEL: "info" });
  // Said once the warmer has read every page (before it prepares their images).
  await waitFor(
    "the warm-up to have read the pages",
    async () => (server.output().includes("media warm-up: preparing the images the pages emit") ? true : undefined),
    60_000,
    100,
  );
}, 90_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

const logLines = () =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url?: string }; port?: number });

test("the embedded site starts without a warning; no Meta account is said once, as information", () => {
  expect(logLines().filter((line) => line.level >= 40)).toEqual([]);
  const meta = logLines().filter((line) => /Meta Conversions API/.test(line.msg));
  expect(meta.map(({ level, msg }) => ({ level, msg }))).toEqual([
    {
      level: 30,
      msg: "Meta Conversions API not configured: conversion events are kept, not sent (META_PIXEL_ID and META_ACCESS_TOKEN send them)",
    },
  ]);
});

test("the media warm-up's requests are not logged one by one; its pass is", () => {
  const lines = logLines();
  const pass = lines.find(
    (line) =>
      line.msg ===
      "media warm-up: preparing the images the pages emit, in the background (pages are served meanwhile; MEDIA_WARM=off skips it)",
  ) as { pages?: number } | undefined;
  expect(pass?.pages).toBeGreaterThan(50);
  // The only requests logged are the test's own health checks.
  expect(lines.filter((line) => line.msg === "request completed" && line.req?.url !== "/healthz")).toEqual([]);
  expect(lines.filter((line) => line.msg === "page rendered")).toEqual([]);
});

test("says the port it listens on", () => {
  const port = new URL(server.url).port;
  const listening = logLines().find((line) => line.msg.startsWith("Listening on"));
  expect(listening).toMatchObject({ port: Number(port), msg: `Listening on port ${port} (the site: ${server.url})` });
});
