/**
 * Builds the browser bundle (ES modules, code-split per page, content-hashed names, plus a
 * manifest the server reads for modulepreload links) and the server bundle.
 * `node build.mjs` for production; `--dev` keeps names readable and React in development mode.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import * as esbuild from "esbuild";

const root = path.dirname(new URL(import.meta.url).pathname);
const dev = process.argv.includes("--dev");
const finalDir = path.join(root, process.env.BUILD_DIR ?? "dist");
// Build beside the old output and swap at the end, so a server or test reading dist/ never
// sees it half-written.
const outDir = `${finalDir}.building-${process.pid}`;
const clientDir = path.join(outDir, "client");
const assetsDir = path.join(clientDir, "assets");
const define = { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") };

/** What every browser bundle shares: targets, output folder and names, minification. */
const BROWSER_OPTIONS = {
  platform: "browser",
  target: ["es2022", "chrome111", "firefox111", "safari16.4"],
  outdir: assetsDir,
  entryNames: "[name]-[hash]",
  minify: !dev,
  sourcemap: dev ? "inline" : false,
  metafile: true,
  define,
  jsx: "automatic",
  legalComments: "none",
  logLevel: "warning",
};

async function buildClient() {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { entry: "client/entry.tsx" },
    bundle: true,
    splitting: true,
    format: "esm",
    ...BROWSER_OPTIONS,
    chunkNames: "chunk-[hash]",
    assetNames: "[name]-[hash]",
    loader: { ".woff2": "file" },
  });
  return result.metafile;
}

/**
 * The /slice-simulator module (client/sliceSimulator.tsx): one self-contained file in the same
 * assets folder, built apart so the site's own chunks stay as they are. It uses the site's
 * stylesheet (linked by the server), so CSS imports are dropped here. Returns its public URL.
 */
async function buildSliceSimulator() {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { "slice-simulator": "client/sliceSimulator.tsx" },
    bundle: true,
    format: "esm",
    ...BROWSER_OPTIONS,
    loader: { ".css": "empty", ".woff2": "empty" },
  });
  const [file] = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint) ?? [];
  return "/assets/" + path.relative(assetsDir, path.join(root, file)).split(path.sep).join("/");
}

/** Maps each output to its public URL and the page modules (views/pages/*) to their chunks. */
function clientManifest(metafile) {
  const url = (file) => "/assets/" + path.relative(assetsDir, path.join(root, file)).split(path.sep).join("/");
  const outputs = metafile.outputs;
  const staticImports = (file, seen = new Set()) => {
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind === "import-statement" && !seen.has(imp.path)) {
        seen.add(imp.path);
        staticImports(imp.path, seen);
      }
    }
    return seen;
  };
  let entry;
  const css = [];
  const fonts = [];
  const modules = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (file.endsWith(".css")) {
      css.push(url(file));
      continue;
    }
    if (file.endsWith(".woff2")) {
      fonts.push(url(file));
      continue;
    }
    if (!output.entryPoint) continue;
    const files = [file, ...staticImports(file)].map(url);
    if (output.entryPoint === "client/entry.tsx") entry = { file: url(file), imports: files.slice(1) };
    else modules[output.entryPoint] = files;
  }
  const buildId = createHash("sha256").update(JSON.stringify(Object.keys(outputs).sort())).digest("hex").slice(0, 16);
  // The two faces every page uses first (heading 500, body 400) are preloaded.
  const fontPreloads = fonts.filter((f) => /cormorant-garamond-latin-500|inter-latin-400/.test(f));
  return { buildId, entry: entry.file, entryImports: entry.imports, css, fontPreloads, modules };
}

/**
 * React (an external package) picks its development or production build from NODE_ENV when it
 * is first imported, and ES imports run before any code of the bundle: so a tiny launcher sets
 * the default first and then imports the bundle.
 */
/**
 * What the browser needs to preload a route before it is visited: each page module's chunks
 * except the entry's and the app's own (already loaded), by source file. Published as
 * /assets/routes-{buildId}.json (immutable, like every file there).
 */
function routeChunks(manifest) {
  // The entry's and the app's (client/app.tsx, loaded before any preloading starts).
  const loaded = new Set([manifest.entry, ...manifest.entryImports, ...(manifest.modules["client/app.tsx"] ?? [])]);
  const pages = Object.entries(manifest.modules).filter(([source]) => source.startsWith("views/pages/"));
  return Object.fromEntries(pages.map(([source, urls]) => [source, urls.filter((u) => !loaded.has(u))]));
}

/**
 * builds/latest.json: the build id and time, served with `Cache-Control: no-store`. Open tabs poll
 * it (spec §7.4); once its id differs from their own, their next navigation is a full page load.
 */
async function writeBuildInfo(manifest) {
  await fs.writeFile(path.join(assetsDir, `routes-${manifest.buildId}.json`), JSON.stringify(routeChunks(manifest)));
  await fs.mkdir(path.join(clientDir, "builds"), { recursive: true });
  await fs.writeFile(path.join(clientDir, "builds", "latest.json"), JSON.stringify({ id: manifest.buildId, timestamp: Date.now() }));
}

const SERVER_LAUNCHER = `// Generated by build.mjs: production unless told otherwise, before React is loaded.
process.env.NODE_ENV ??= ${JSON.stringify(dev ? "development" : "production")};
await import("./server.js");
`;

async function buildServer() {
  await fs.mkdir(path.join(outDir, "server"), { recursive: true });
  await fs.writeFile(path.join(outDir, "server", "index.js"), SERVER_LAUNCHER);
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { server: "server/index.ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    outdir: path.join(outDir, "server"),
    packages: "external",
    loader: { ".css": "empty" },
    sourcemap: true,
    define,
    jsx: "automatic",
    logLevel: "warning",
  });
}

/**
 * Text assets worth compressing: fonts (woff2) and images are compressed formats already, and a
 * production build writes no source maps.
 */
const COMPRESSIBLE = /\.(?:js|css|json|svg)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `name.br` and `name.gz` beside each compressible hashed asset, at the strongest levels:
 * they are compressed once per build and served for a year (server/staticAssets.ts), instead of
 * being compressed on every request. A variant no smaller than its original is not written.
 * Returns the total sizes by kind ("JS", "CSS", …): raw, and as served to br and gzip clients.
 */
async function precompressAssets() {
  const names = (await fs.readdir(assetsDir)).filter((name) => COMPRESSIBLE.test(name));
  const files = await Promise.all(names.map(async (name) => ({ name, raw: await fs.readFile(path.join(assetsDir, name)) })));
  // Largest first: brotli at quality 11 takes seconds on the big bundles, which set the wall time.
  files.sort((a, b) => b.raw.length - a.raw.length);
  const totals = {};
  await Promise.all(
    files.map(async ({ name, raw }) => {
      const file = path.join(assetsDir, name);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const kind = path.extname(name).slice(1).toUpperCase();
      const total = (totals[kind] ??= { raw: 0, br: 0, gz: 0 });
      total.raw += raw.length;
      for (const [ext, body] of [["br", br], ["gz", gz]]) {
        const smaller = body.length < raw.length;
        if (smaller) await fs.writeFile(`${file}.${ext}`, body);
        total[ext] += smaller ? body.length : raw.length;
      }
    }),
  );
  return totals;
}

/** "CSS 30 KB → 6.0 KB br, 7.1 KB gz; JS …" */
function compressionSummary(totals) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return Object.entries(totals)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, t]) => `${kind} ${kb(t.raw)} → ${kb(t.br)} br, ${kb(t.gz)} gz`)
    .join("; ");
}

const started = Date.now();
try {
  const metafile = await buildClient();
  const manifest = clientManifest(metafile);
  manifest.simulatorEntry = await buildSliceSimulator();
  await fs.writeFile(path.join(clientDir, "manifest.json"), JSON.stringify(manifest, null, 2));
  await writeBuildInfo(manifest);
  // Development builds are not pre-compressed (compression() covers them per request).
  const [compressed] = await Promise.all([dev ? undefined : precompressAssets(), buildServer()]);
  const oldDir = `${finalDir}.old-${process.pid}`;
  await fs.rename(finalDir, oldDir).catch(() => {});
  await fs.rename(outDir, finalDir);
  await fs.rm(oldDir, { recursive: true, force: true });
  console.log(`Built ${dev ? "development" : "production"} bundles into ${path.relative(root, finalDir)}/ in ${Date.now() - started} ms (build ${manifest.buildId})${compressed ? `; ${compressionSummary(compressed)}` : ""}`);
} finally {
  await fs.rm(outDir, { recursive: true, force: true });
}
