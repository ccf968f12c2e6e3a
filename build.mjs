/**
 * Builds the browser bundle (ES modules, code-split per page, content-hashed names, plus a
 * manifest the server reads for modulepreload links) and the server bundle.
 * `node build.mjs` for production; `--dev` keeps names readable and React in development mode.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";

const root = path.dirname(new URL(import.meta.url).pathname);
const dev = process.argv.includes("--dev");
const outDir = path.join(root, process.env.BUILD_DIR ?? "dist");
const clientDir = path.join(outDir, "client");
const assetsDir = path.join(clientDir, "assets");
const define = { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") };

async function buildClient() {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { entry: "client/entry.tsx" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome111", "firefox111", "safari16.4"],
    outdir: assetsDir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    assetNames: "[name]-[hash]",
    minify: !dev,
    sourcemap: dev ? "inline" : false,
    metafile: true,
    define,
    jsx: "automatic",
    legalComments: "none",
    logLevel: "warning",
  });
  return result.metafile;
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
  const modules = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (file.endsWith(".css")) {
      css.push(url(file));
      continue;
    }
    if (!output.entryPoint) continue;
    const files = [file, ...staticImports(file)].map(url);
    if (output.entryPoint === "client/entry.tsx") entry = { file: url(file), imports: files.slice(1) };
    else modules[output.entryPoint] = files;
  }
  const buildId = createHash("sha256").update(JSON.stringify(Object.keys(outputs).sort())).digest("hex").slice(0, 16);
  return { buildId, entry: entry.file, entryImports: entry.imports, css, modules };
}

async function buildServer() {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { index: "server/index.ts" },
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

const started = Date.now();
await fs.rm(outDir, { recursive: true, force: true });
const metafile = await buildClient();
const manifest = clientManifest(metafile);
await fs.writeFile(path.join(clientDir, "manifest.json"), JSON.stringify(manifest, null, 2));
await buildServer();
console.log(`Built ${dev ? "development" : "production"} bundles into ${path.relative(root, outDir)}/ in ${Date.now() - started} ms (build ${manifest.buildId})`);
