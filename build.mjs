/**
 * Builds the browser bundles (ES modules, code-split per page, content-hashed names, plus a
 * manifest the server reads for modulepreload links) and the server bundle.
 *
 * `node build.mjs` builds for production; `--dev` builds once with React in development mode and
 * readable names. `npm run dev` (scripts/dev.mjs) imports `watchBuild` from here: the same
 * options (`buildOptions`) and the same manifest step, in esbuild's incremental contexts,
 * rebuilt on each save. There is one set of options, and what `dev` changes is visible in it.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import * as esbuild from "esbuild";

const root = path.dirname(fileURLToPath(import.meta.url));

/** Source folders a development build watches: whatever the bundles import from the project. */
export const SOURCE_FOLDERS = ["client", "server", "shared", "views"];

const publicUrl = (assetsDir) => (file) => "/assets/" + path.relative(assetsDir, path.join(root, file)).split(path.sep).join("/");

/**
 * Every esbuild option of both builds. `dev`: React's development build, readable output, source
 * maps, and one more browser entry, the development client (client/dev/devClient.ts: reload on
 * rebuild, hydration errors to the terminal), which a production build never contains.
 */
export function buildOptions({ dev, outDir }) {
  const assetsDir = path.join(outDir, "client", "assets");
  const define = { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") };
  /** What every browser bundle shares: targets, output folder and names, minification. */
  const browser = {
    absWorkingDir: root,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome111", "firefox111", "safari16.4"],
    outdir: assetsDir,
    entryNames: "[name]-[hash]",
    minify: !dev,
    // Packages' development builds where they publish one under the `development` condition
    // (react-router: its dev warnings); React follows NODE_ENV (define).
    conditions: dev ? ["development"] : [],
    sourcemap: dev ? "linked" : false,
    metafile: true,
    define,
    jsx: "automatic",
    legalComments: "none",
    logLevel: "warning",
  };
  const client = {
    site: {
      ...browser,
      entryPoints: { entry: "client/entry.tsx" },
      splitting: true,
      chunkNames: "chunk-[hash]",
      assetNames: "[name]-[hash]",
      loader: { ".woff2": "file" },
    },
    /**
     * The /slice-simulator module (client/sliceSimulator.tsx): one self-contained file in the same
     * assets folder, built apart so the site's own chunks stay as they are. It uses the site's
     * stylesheet (linked by the server), so CSS imports are dropped here.
     */
    simulator: { ...browser, entryPoints: { "slice-simulator": "client/sliceSimulator.tsx" }, loader: { ".css": "empty", ".woff2": "empty" } },
  };
  if (dev) client.devClient = { ...browser, entryPoints: { "dev-client": "client/dev/devClient.ts" } };
  const server = {
    absWorkingDir: root,
    entryPoints: { server: "server/index.ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    outdir: path.join(outDir, "server"),
    packages: "external",
    loader: { ".css": "empty" },
    // Folds \`process.env.NODE_ENV === "development"\` branches away, and with them server/dev/ in
    // production (names and layout stay readable; source maps map the rest).
    minifySyntax: true,
    sourcemap: true,
    metafile: true,
    define,
    jsx: "automatic",
    logLevel: "warning",
  };
  return { assetsDir, client, server };
}

/** The public URL of the one entry output of a self-contained browser build. */
function entryUrl(metafile, assetsDir) {
  const [file] = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint) ?? [];
  return publicUrl(assetsDir)(file);
}

/** Maps each output to its public URL and the page modules (views/pages/*) to their chunks. */
function clientManifest(metafile, assetsDir) {
  const url = publicUrl(assetsDir);
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
 * React (an external package) picks its development or production build from NODE_ENV when it
 * is first imported, and ES imports run before any code of the bundle: so a tiny launcher sets
 * the default first and then imports the bundle.
 */
const serverLauncher = (dev) => `// Generated by build.mjs: ${dev ? "development" : "production"} unless told otherwise, before React is loaded.
process.env.NODE_ENV ??= ${JSON.stringify(dev ? "development" : "production")};
await import("./server.js");
`;

/** Writes a file whole or not at all: a server starting meanwhile never reads half of it. */
async function writeAtomically(file, text) {
  await fsp.writeFile(`${file}.tmp`, text);
  await fsp.rename(`${file}.tmp`, file);
}

/**
 * After the bundles: the manifest, the route chunks and builds/latest.json, and the server's
 * launcher. In development the manifest also names the development client and a fingerprint of
 * everything but the stylesheets (client code and server bundle), so an open tab can tell a
 * style-only rebuild (swap the stylesheet) from any other (reload).
 */
async function writeBuildOutputs({ dev, outDir, assetsDir, client }) {
  const clientDir = path.join(outDir, "client");
  const manifest = clientManifest(client.site.metafile, assetsDir);
  manifest.simulatorEntry = entryUrl(client.simulator.metafile, assetsDir);
  if (dev) {
    const code = createHash("sha256");
    for (const result of Object.values(client)) for (const file of Object.keys(result.metafile.outputs).sort()) if (!/\.css(?:\.map)?$/.test(file)) code.update(file);
    code.update(await fsp.readFile(path.join(outDir, "server", "server.js")));
    manifest.dev = { client: entryUrl(client.devClient.metafile, assetsDir), code: code.digest("hex").slice(0, 16) };
  }
  await fsp.mkdir(path.join(clientDir, "builds"), { recursive: true });
  await fsp.writeFile(path.join(assetsDir, `routes-${manifest.buildId}.json`), JSON.stringify(routeChunks(manifest)));
  // builds/latest.json: the build id and time, served with `Cache-Control: no-store`. Open tabs poll
  // it (spec §7.4); once its id differs from their own, their next navigation is a full page load.
  await writeAtomically(path.join(clientDir, "builds", "latest.json"), JSON.stringify({ id: manifest.buildId, timestamp: Date.now() }));
  await writeAtomically(path.join(clientDir, "manifest.json"), JSON.stringify(manifest, null, 2));
  await fsp.writeFile(path.join(outDir, "server", "index.js"), serverLauncher(dev));
  return manifest;
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
async function precompressAssets(assetsDir) {
  const names = (await fsp.readdir(assetsDir)).filter((name) => COMPRESSIBLE.test(name));
  const files = await Promise.all(names.map(async (name) => ({ name, raw: await fsp.readFile(path.join(assetsDir, name)) })));
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
        if (smaller) await fsp.writeFile(`${file}.${ext}`, body);
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

/**
 * The one-off build (`node build.mjs [--dev]`): into a folder beside the old output, swapped in at
 * the end, so a server or test reading BUILD_DIR never sees it half-written.
 */
async function buildOnce(dev) {
  const started = Date.now();
  const finalDir = path.resolve(root, process.env.BUILD_DIR ?? "dist");
  const outDir = `${finalDir}.building-${process.pid}`;
  try {
    const { assetsDir, client, server } = buildOptions({ dev, outDir });
    const names = Object.keys(client);
    const results = await Promise.all([...names.map((name) => esbuild.build(client[name])), esbuild.build(server)]);
    const built = Object.fromEntries(names.map((name, i) => [name, results[i]]));
    const manifest = await writeBuildOutputs({ dev, outDir, assetsDir, client: built });
    // Development builds are not pre-compressed (compression() covers them per request).
    const compressed = dev ? undefined : await precompressAssets(assetsDir);
    const oldDir = `${finalDir}.old-${process.pid}`;
    await fsp.rename(finalDir, oldDir).catch(() => {});
    await fsp.rename(outDir, finalDir);
    await fsp.rm(oldDir, { recursive: true, force: true });
    console.log(`Built ${dev ? "development" : "production"} bundles into ${path.relative(root, finalDir)}/ in ${Date.now() - started} ms (build ${manifest.buildId})${compressed ? `; ${compressionSummary(compressed)}` : ""}`);
  } finally {
    await fsp.rm(outDir, { recursive: true, force: true });
  }
}

/**
 * The development build behind `npm run dev`: the same options with `dev`, kept in esbuild's
 * incremental contexts and rebuilt when a file under SOURCE_FOLDERS changes. The output is
 * written in place in BUILD_DIR (hashed names, so an open page keeps its chunks), the manifest
 * last and atomically. The files are watched with Node's fs.watch (inotify on Linux) rather than
 * esbuild's own watch mode, which polls a random subset of files and can take 2 s to notice a
 * save. `onBuild` hears of every build: the manifest and what changed (`code`: client or server
 * code; `css`: only the stylesheets), or the errors (esbuild prints them too).
 */
export async function watchBuild({ buildDir = process.env.BUILD_DIR ?? "dist", onBuild, debounceMs = 25 }) {
  const outDir = path.resolve(root, buildDir);
  await fsp.rm(outDir, { recursive: true, force: true });
  const { assetsDir, client, server } = buildOptions({ dev: true, outDir });
  const names = [...Object.keys(client), "server"];
  const options = { ...client, server };
  const contexts = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await esbuild.context(options[name])])));
  /** Each bundle's last result: its metafile lists the files it was made of. */
  const results = {};
  /** Files saved since the last build, relative to the project (as the metafiles name them). */
  let saved = new Set();
  let last;
  let running;
  let again = false;

  // A bundle is rebuilt when one of its own files was saved, or a file no bundle knows yet
  // (a new file, perhaps imported now): a server edit leaves the browser bundles alone.
  const affected = (name, files) => !results[name] || files.some((file) => file in results[name].metafile.inputs || !names.some((other) => file in (results[other]?.metafile.inputs ?? {})));

  const build = async () => {
    const started = Date.now();
    const files = [...saved];
    saved = new Set();
    try {
      // Every bundle's rebuild ends before this build does (allSettled): a context is never asked
      // to rebuild while it still is, even after another bundle failed.
      const outcomes = await Promise.allSettled(names.filter((name) => affected(name, files)).map(async (name) => (results[name] = await contexts[name].rebuild())));
      const failure = outcomes.find((outcome) => outcome.status === "rejected");
      if (failure) throw failure.reason;
      const built = Object.fromEntries(Object.keys(client).map((name) => [name, results[name]]));
      const manifest = await writeBuildOutputs({ dev: true, outDir, assetsDir, client: built });
      const changed = { code: manifest.dev.code !== last?.dev.code, css: JSON.stringify(manifest.css) !== JSON.stringify(last?.css) };
      last = manifest;
      await onBuild({ manifest, changed, durationMs: Date.now() - started });
    } catch (error) {
      // Built again in full next time: a failed bundle has no fresh result.
      for (const name of names) delete results[name];
      await onBuild({ error, durationMs: Date.now() - started });
    }
  };
  // One build at a time; saves during a build give one more build after it.
  const schedule = () => {
    if (running) return void (again = true);
    running = build().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        schedule();
      }
    });
  };
  await build();
  let timer;
  const watchers = SOURCE_FOLDERS.map((folder) =>
    fs.watch(path.join(root, folder), { recursive: true }, (_event, file) => {
      // Editors' swap and backup files are not sources.
      if (!file || /(?:^|[/\\])\.|~$|\.sw.$/.test(file)) return;
      saved.add(path.posix.join(folder, file.split(path.sep).join("/")));
      clearTimeout(timer);
      timer = setTimeout(schedule, debounceMs);
    }),
  );
  return {
    /** Resolves once the build in progress, if any, has finished. */
    idle: () => running ?? Promise.resolve(),
    async close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      await running;
      await Promise.all(Object.values(contexts).map((context) => context.dispose()));
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildOnce(process.argv.includes("--dev"));
}
