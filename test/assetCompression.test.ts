/**
 * Hashed assets go out pre-compressed: build.mjs writes `name.br` and `name.gz` beside each text
 * asset, server/http/staticAssets.ts sends the one the client accepts, and compression() (mounted
 * before it) leaves that body alone. Checked over real HTTP (raw bytes, exact request headers)
 * against a copy of the real build, so a concurrent rebuild of dist/ cannot swap files under
 * the test: once in a bare app (compression() then the middleware, as in server/app.ts) and
 * once in the site itself.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express, { type Express } from "express";
import { readAssetManifest, type AssetManifest } from "../server/http/assets";
import { hashedAssets } from "../server/http/staticAssets";
import { createTestApp, ROOT } from "./support/testApp";

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent: not decompressed. */
  body: Buffer;
}

/** One request with exactly this path (not normalised) and these headers (no Accept-Encoding unless given). */
function send(base: string, urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: urlPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function listen(app: Express): Promise<http.Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/**
 * dist/client copied into a fresh BUILD_DIR. Another Jest run may be swapping dist/ right now
 * (build.mjs renames it away for a moment): retry for up to 10 s.
 */
async function copyOfBuild(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "asset-compression-"));
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      fs.cpSync(path.join(ROOT, "dist", "client"), path.join(dir, "client"), { recursive: true });
      const manifest = readAssetManifest(dir);
      if (!fs.existsSync(assetFile(dir, manifest.entry))) throw new Error("copied in the middle of a rebuild");
      return dir;
    } catch (error) {
      fs.rmSync(path.join(dir, "client"), { recursive: true, force: true });
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The file behind an /assets URL. */
function assetFile(buildDir: string, url: string): string {
  return path.join(buildDir, "client", url);
}

/** compression() first, then the assets, then what app.ts does with other methods. */
function bareApp(buildDir: string): Express {
  const app = express();
  app.use(compression());
  app.use("/assets", hashedAssets(buildDir));
  app.use(
    (_req, res) => void res.status(405).setHeader("Allow", "GET, HEAD").type("text/plain").send("Method Not Allowed"),
  );
  return app;
}

const siteApp = (buildDir: string): Express => createTestApp({ env: { BUILD_DIR: buildDir } }).app;

let buildDir: string;
let manifest: AssetManifest;
const servers: http.Server[] = [];

beforeAll(async () => {
  buildDir = await copyOfBuild();
  manifest = readAssetManifest(buildDir);
}, 20_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
});

// Below a few hundred bytes the compressed format's own framing outweighs what it saves (a 41-byte
// chunk gzips to 61): the build rightly writes no variant there, and the server sends the original.
const WORTH_COMPRESSING = 256;

test("the build wrote a smaller .br and .gz beside every script and stylesheet worth compressing", () => {
  const assetsDir = path.join(buildDir, "client", "assets");
  const originals = fs
    .readdirSync(assetsDir)
    .filter((name) => /\.(?:js|css)$/.test(name) && fs.statSync(path.join(assetsDir, name)).size >= WORTH_COMPRESSING);
  expect(originals).toEqual(expect.arrayContaining([path.basename(manifest.entry), path.basename(manifest.css[0])]));
  const size = (name: string) =>
    fs.existsSync(path.join(assetsDir, name)) ? fs.statSync(path.join(assetsDir, name)).size : Infinity;
  const missingOrNotSmaller = originals.flatMap((name) =>
    [`${name}.br`, `${name}.gz`].filter((variant) => size(variant) >= size(name)),
  );
  expect(missingOrNotSmaller).toEqual([]);
});

test("no variant the build wrote is as large as its original, however small the original", () => {
  const assetsDir = path.join(buildDir, "client", "assets");
  const size = (name: string) => fs.statSync(path.join(assetsDir, name)).size;
  const variants = fs.readdirSync(assetsDir).filter((name) => /\.(?:js|css)\.(?:br|gz)$/.test(name));
  expect(variants.length).toBeGreaterThan(0);
  expect(variants.filter((variant) => size(variant) >= size(variant.replace(/\.(?:br|gz)$/, "")))).toEqual([]);
});

describe.each([
  ["a bare app: compression() then hashedAssets()", bareApp],
  ["the site (server/app.ts)", siteApp],
])("%s", (_name, makeApp) => {
  let base: string;

  beforeAll(async () => {
    const server = await listen(makeApp(buildDir));
    servers.push(server);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  describe.each([
    ["the entry script", (m: AssetManifest) => m.entry, "text/javascript; charset=utf-8"],
    ["the stylesheet", (m: AssetManifest) => m.css[0], "text/css; charset=utf-8"],
  ])("%s", (_asset, urlOf, contentType) => {
    let url: string;
    let raw: Buffer;
    const variant = (ext: "br" | "gz") => fs.readFileSync(`${assetFile(buildDir, url)}.${ext}`);

    beforeAll(() => {
      url = urlOf(manifest);
      raw = fs.readFileSync(assetFile(buildDir, url));
    });

    /** What every answer with the file carries, whatever its encoding. */
    function expectCachedForAYear(res: Reply) {
      expect(res.status).toBe(200);
      expect(String(res.headers["content-type"]).toLowerCase()).toBe(contentType);
      expect(res.headers["cache-control"]).toContain("immutable");
      expect(res.headers["cache-control"]).toContain("max-age=31536000");
      expect(
        String(res.headers.vary)
          .toLowerCase()
          .split(/\s*,\s*/),
      ).toContain("accept-encoding");
    }

    test("Accept-Encoding: br gets the build's own .br file, which decompresses to the original", async () => {
      const res = await send(base, url, { "Accept-Encoding": "br" });
      expectCachedForAYear(res);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.body.equals(variant("br"))).toBe(true); // not compressed again on the way out
      expect(zlib.brotliDecompressSync(res.body).equals(raw)).toBe(true);
    });

    test("a browser's `gzip, deflate, br, zstd` gets br, the smaller one", async () => {
      const res = await send(base, url, { "Accept-Encoding": "gzip, deflate, br, zstd" });
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.body.equals(variant("br"))).toBe(true);
    });

    test.each(["gzip", "br;q=0, gzip"])("Accept-Encoding: %s gets the .gz file", async (acceptEncoding) => {
      const res = await send(base, url, { "Accept-Encoding": acceptEncoding });
      expectCachedForAYear(res);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.body.equals(variant("gz"))).toBe(true);
      expect(zlib.gunzipSync(res.body).equals(raw)).toBe(true);
    });

    test.each([
      ["Accept-Encoding: identity", { "Accept-Encoding": "identity" }],
      ["no Accept-Encoding", {}],
    ])("%s gets the plain file", async (_label, headers) => {
      const res = await send(base, url, headers);
      expectCachedForAYear(res);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body.equals(raw)).toBe(true);
    });

    test("HEAD answers the headers of the br file, without a body", async () => {
      const res = await send(base, url, { "Accept-Encoding": "br" }, "HEAD");
      expectCachedForAYear(res);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(Number(res.headers["content-length"])).toBe(variant("br").length);
      expect(res.body.length).toBe(0);
    });

    test("its ETag gets a 304 for the same encoding, and does not validate another encoding", async () => {
      const first = await send(base, url, { "Accept-Encoding": "br" });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^(W\/)?"/);
      const again = await send(base, url, { "Accept-Encoding": "br", "If-None-Match": etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      const gzip = await send(base, url, { "Accept-Encoding": "gzip", "If-None-Match": etag });
      expect(gzip.status).toBe(200);
      expect(gzip.headers["content-encoding"]).toBe("gzip");
    });
  });

  test("a missing asset is a plain 404, never a page, and not stored (the next instance may have it)", async () => {
    const missing = manifest.entry.replace(/entry-[A-Z0-9]+\.js$/, "entry-MISSING.js");
    const res = await send(base, missing, { "Accept-Encoding": "br, gzip" });
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  test("the .br and .gz files are not public under their own names", async () => {
    for (const url of [`${manifest.entry}.br`, `${manifest.entry}.gz`, `${manifest.css[0]}.gz`]) {
      const res = await send(base, url, { "Accept-Encoding": "br, gzip" });
      expect([url, res.status]).toEqual([url, 404]);
    }
    // Spelled differently, the same file: still not served.
    for (const url of [`${manifest.entry}%2Ebr`, `${manifest.entry}.br/.`]) {
      const res = await send(base, url);
      expect([url, res.status]).toEqual([url, 404]);
    }
  });

  test("another method is not labelled with an encoding its body does not have", async () => {
    const res = await send(base, manifest.entry, { "Accept-Encoding": "br" }, "POST");
    expect(res.status).toBe(405);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe("Method Not Allowed");
  });
});

test("an asset removed after start-up (a rebuild in place) is a plain 404, not labelled br", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "asset-compression-stale-"));
  fs.cpSync(path.join(buildDir, "client"), path.join(dir, "client"), { recursive: true });
  const server = await listen(bareApp(dir));
  try {
    const file = assetFile(dir, manifest.entry);
    for (const name of [file, `${file}.br`, `${file}.gz`]) fs.rmSync(name);
    const res = await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, manifest.entry, {
      "Accept-Encoding": "br",
    });
    expect(res.status).toBe(404);
    expect(res.headers["content-encoding"]).toBeUndefined();
  } finally {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
