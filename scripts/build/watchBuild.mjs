/**
 * `npm run dev`'s builder: the options of buildOptions.mjs in esbuild's incremental contexts,
 * rebuilt on each save. scripts/dev.mjs imports it through build.mjs.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { watch } from "chokidar";
import * as esbuild from "esbuild";
import { SOURCE_FOLDERS, buildOptions, root } from "./buildOptions.mjs";
import { writeBuildOutputs } from "./buildOutputs.mjs";

/**
 * The development build behind `npm run dev`: the same options with `dev`, kept in esbuild's
 * incremental contexts and rebuilt when a file under SOURCE_FOLDERS changes. The output is
 * written in place in BUILD_DIR (hashed names, so an open page keeps its chunks), the manifest
 * last and atomically. The files are watched with chokidar (a watch per folder, inotify on Linux)
 * rather than esbuild's own watch mode, which polls a random subset of files and can take 2 s to
 * notice a save, or Node's recursive fs.watch, which watches each file's inode and so loses a file
 * for good once it is saved by rename (editors, `sed -i`, `git checkout`): decision record 010.
 * `onBuild` hears of every build: the manifest and what changed (`code`: client or server
 * code; `css`: only the stylesheets), or the errors (esbuild prints them too).
 */
export async function watchBuild({ buildDir = process.env.BUILD_DIR ?? "dist-dev", onBuild, debounceMs = 25 }) {
  const outDir = path.resolve(root, buildDir);
  await fsp.rm(outDir, { recursive: true, force: true });
  const { assetsDir, client, server } = buildOptions({ dev: true, outDir });
  const names = [...Object.keys(client), "server"];
  const options = { ...client, server };
  const contexts = Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await esbuild.context(options[name])])),
  );
  /** Each bundle's last result: its metafile lists the files it was made of. */
  const results = {};
  /** Files saved since the last build, relative to the project (as the metafiles name them). */
  let saved = new Set();
  let last;
  let running;
  let again = false;

  // A bundle is rebuilt when one of its own files was saved, or a file no bundle knows yet
  // (a new file, perhaps imported now): a server edit leaves the browser bundles alone.
  const affected = (name, files) =>
    !results[name] ||
    files.some(
      (file) =>
        file in results[name].metafile.inputs ||
        !names.some((other) => file in (results[other]?.metafile.inputs ?? {})),
    );

  const build = async () => {
    const started = Date.now();
    const files = [...saved];
    saved = new Set();
    try {
      // Every bundle's rebuild ends before this build does (allSettled): a context is never asked
      // to rebuild while it still is, even after another bundle failed.
      const outcomes = await Promise.allSettled(
        names
          .filter((name) => affected(name, files))
          .map(async (name) => (results[name] = await contexts[name].rebuild())),
      );
      const failure = outcomes.find((outcome) => outcome.status === "rejected");
      if (failure) throw failure.reason;
      const built = Object.fromEntries(Object.keys(client).map((name) => [name, results[name]]));
      const manifest = await writeBuildOutputs({ dev: true, outDir, assetsDir, client: built });
      const changed = {
        code: manifest.dev.code !== last?.dev.code,
        css: JSON.stringify(manifest.css) !== JSON.stringify(last?.css),
      };
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
    if (running) {
      again = true;
      return;
    }
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
  const watcher = watch(
    SOURCE_FOLDERS.map((folder) => path.join(root, folder)),
    // Editors' swap and backup files are not sources.
    { ignoreInitial: true, ignored: /(?:^|\/)\.[^/]*$|~$|\.sw.$/ },
  ).on("all", (event, file) => {
    if (event === "addDir" || event === "unlinkDir") return;
    saved.add(path.relative(root, file).split(path.sep).join("/"));
    clearTimeout(timer);
    timer = setTimeout(schedule, debounceMs);
  });
  await new Promise((resolve) => watcher.once("ready", resolve));
  return {
    /** Resolves once the build in progress, if any, has finished. */
    idle: () => running ?? Promise.resolve(),
    async close() {
      clearTimeout(timer);
      await watcher.close();
      await running;
      await Promise.all(Object.values(contexts).map((context) => context.dispose()));
    },
  };
}
