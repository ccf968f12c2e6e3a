/**
 * /builds/latest.json (docs/behaviour.md section 2.10): the build's id and time, never cached, so open tabs see a
 * deploy; pages name their own build in `<meta name="build-id">`; the route chunk map is
 * published beside the assets.
 */
import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { readAssetManifest } from "../server/http/assets";
import { createTestApp, ROOT } from "./support/testApp";

const manifest = readAssetManifest(path.join(ROOT, "dist"));

test("builds/latest.json names the current build and its time, with Cache-Control: no-store", async () => {
  const { app } = createTestApp();
  const res = await request(app).get(`/builds/latest.json?t=${Date.now()}`);
  expect(res.status).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.body).toEqual({ id: manifest.buildId, timestamp: expect.any(Number) });
});

test("anything else under /builds is a plain 404, never a page", async () => {
  const { app } = createTestApp();
  const res = await request(app).get("/builds/other.json");
  expect(res.status).toBe(404);
  expect(res.headers["content-type"]).toMatch(/^text\/plain/);
});

test("a page names its build and how often to check for a newer one", async () => {
  const { app } = createTestApp({ env: { BUILD_CHECK_INTERVAL_MS: "120000" } });
  const res = await request(app).get("/");
  expect(res.text).toContain(`<meta name="build-id" content="${manifest.buildId}" data-check-interval="120000">`);
});

test("without BUILD_CHECK_INTERVAL_MS a page checks for a newer build every 10 minutes", async () => {
  const { app } = createTestApp();
  const res = await request(app).get("/");
  expect(res.text).toContain(`<meta name="build-id" content="${manifest.buildId}" data-check-interval="600000">`);
});

test("the route chunk map lists each page's chunks, without the entry's, under an immutable URL", async () => {
  const map = JSON.parse(
    fs.readFileSync(path.join(ROOT, "dist/client/assets", `routes-${manifest.buildId}.json`), "utf8"),
  );
  expect(map["views/pages/GalleryListPage.tsx"][0]).toBe(manifest.modules["views/pages/GalleryListPage.tsx"][0]);
  for (const urls of Object.values(map) as string[][]) {
    for (const url of urls) expect([manifest.entry, ...manifest.entryImports]).not.toContain(url);
  }
  const { app } = createTestApp();
  const res = await request(app).get(`/assets/routes-${manifest.buildId}.json`);
  expect(res.status).toBe(200);
  expect(res.headers["cache-control"]).toContain("immutable");
});

test("BUILD_CHECK_INTERVAL_MS below a second is refused at start-up", () => {
  expect(() => createTestApp({ env: { BUILD_CHECK_INTERVAL_MS: "10" } })).toThrow(/BUILD_CHECK_INTERVAL_MS/);
});
