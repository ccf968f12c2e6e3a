/**
 * Builds the browser bundles (ES modules, code-split per page, content-hashed names, plus a
 * manifest the server reads for modulepreload links) and the server bundle.
 *
 * `node build.mjs` builds for production; `--dev` builds once with React in development mode and
 * readable names. `npm run dev` (scripts/dev.mjs) imports `watchBuild` from here: the same
 * options (`buildOptions`) and the same manifest step, in esbuild's incremental contexts,
 * rebuilt on each save. There is one set of options, and what `dev` changes is visible in it.
 *
 * The pieces are in scripts/build/: buildOptions.mjs (the esbuild options), buildOutputs.mjs
 * (manifest, route chunks, builds/latest.json, the server's launcher), precompressAssets.mjs
 * (brotli and gzip beside each text asset) and watchBuild.mjs (the development builder).
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { BUILD_STAMP, buildInputsHash } from "./scripts/build/buildInputs.mjs";
import { buildOptions, root } from "./scripts/build/buildOptions.mjs";
import { writeBuildOutputs } from "./scripts/build/buildOutputs.mjs";
import { keepPreviousAssets } from "./scripts/build/keepPreviousAssets.mjs";
import { compressionSummary, precompressAssets } from "./scripts/build/precompressAssets.mjs";

export { SOURCE_FOLDERS, buildOptions } from "./scripts/build/buildOptions.mjs";
export { watchBuild } from "./scripts/build/watchBuild.mjs";

/**
 * With code splitting, esbuild has every entry import the chunk of its runtime helpers (`__toESM`,
 * `__commonJS`, `__export`: React's CommonJS, namespaces) once any module the entry reaches has an
 * export, though no code there calls one: a file before interaction that does nothing
 * (docs/development.md, "The JavaScript budget"). Where that chunk only declares (esbuild's own
 * tree shaking leaves nothing of it without its exports), an import of it that takes no name is
 * dropped, from the file and from the metafile the manifest is made of; the chunks that call a
 * helper import it by name and still load it. Not in development, whose source maps it would shift.
 */
async function dropUnusedRuntimeImports(metafile) {
  const outputs = Object.entries(metafile.outputs);
  const helpers = outputs.filter(
    ([file, out]) => file.endsWith(".js") && !out.entryPoint && !Object.keys(out.inputs).length,
  );
  for (const [runtime] of helpers) {
    const body = (await fsp.readFile(path.join(root, runtime), "utf8")).replace(/export\s*\{[^}]*\};?\s*$/, "");
    if ((await esbuild.transform(body, { treeShaking: true, minify: true, format: "esm" })).code !== "") continue;
    const bare = `import"./${path.basename(runtime)}";`;
    for (const [file, out] of outputs) {
      if (!out.imports.some((imported) => imported.path === runtime)) continue;
      const code = await fsp.readFile(path.join(root, file), "utf8");
      if (!code.includes(bare)) continue;
      const kept = code.replace(bare, "");
      await fsp.writeFile(path.join(root, file), kept);
      out.imports = out.imports.filter((imported) => imported.path !== runtime);
      out.bytes = Buffer.byteLength(kept);
    }
  }
}

/**
 * The one-off build (`node build.mjs [--dev]`): into a folder beside the old output, swapped in at
 * the end, so a server or test reading BUILD_DIR never sees it half-written. A production build is
 * stamped with the hash of the sources it was made from, read before bundling (a save meanwhile
 * makes it stale): the tests reuse it when the sources are the same (scripts/build/buildInputs.mjs).
 */
async function buildOnce(dev) {
  const started = Date.now();
  const finalDir = path.resolve(root, process.env.BUILD_DIR ?? "dist");
  const outDir = `${finalDir}.building-${process.pid}`;
  const inputs = dev ? undefined : buildInputsHash(root);
  try {
    const { assetsDir, client, server } = buildOptions({ dev, outDir });
    const names = Object.keys(client);
    const results = await Promise.all([...names.map((name) => esbuild.build(client[name])), esbuild.build(server)]);
    const built = Object.fromEntries(names.map((name, i) => [name, results[i]]));
    if (!dev) await dropUnusedRuntimeImports(built.site.metafile);
    const manifest = await writeBuildOutputs({ dev, outDir, assetsDir, client: built });
    // Development builds are not pre-compressed (compression() covers them per request).
    const compressed = dev ? undefined : await precompressAssets(assetsDir);
    if (inputs) await fsp.writeFile(path.join(outDir, BUILD_STAMP), inputs);
    // The pages a running server has sent still ask for the previous build's chunks.
    await keepPreviousAssets(path.join(finalDir, "client", "assets"), assetsDir);
    const oldDir = `${finalDir}.old-${process.pid}`;
    await fsp.rename(finalDir, oldDir).catch(() => {});
    await fsp.rename(outDir, finalDir);
    await fsp.rm(oldDir, { recursive: true, force: true });
    console.log(
      `Built ${dev ? "development" : "production"} bundles into ${path.relative(root, finalDir)}/ in ${Date.now() - started} ms (build ${manifest.buildId})${compressed ? `; ${compressionSummary(compressed)}` : ""}`,
    );
  } finally {
    await fsp.rm(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildOnce(process.argv.includes("--dev"));
}
