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
