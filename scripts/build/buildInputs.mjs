/**
 * What the production build is made from, as one hash: the source folders esbuild bundles, the
 * packages they import, the build scripts and the lockfile (which pins every dependency). A
 * production build (build.mjs) stamps it into its folder; the test run's global set-up
 * (test/support/globalSetup.ts) reuses `dist/` when the stamp matches the sources as they are now,
 * so `npm start` followed by a test run, or a second test run, builds nothing.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The file in a build folder that records the hash of the sources it was built from. */
export const BUILD_STAMP = ".build-inputs";

/** Folders and files the build reads (SOURCE_FOLDERS in buildOptions.mjs, plus packages/). */
export const BUILD_INPUTS = [
  "client",
  "server",
  "shared",
  "views",
  "packages",
  "scripts/build",
  "build.mjs",
  "package-lock.json",
  "tsconfig.json",
];

function filesUnder(root, relative, out) {
  const full = path.join(root, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    out.push(relative);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    filesUnder(root, path.join(relative, entry.name), out);
  }
}

/** SHA-256 over every input file's path and bytes, in a stable order. */
export function buildInputsHash(root) {
  const files = [];
  for (const input of BUILD_INPUTS) filesUnder(root, input, files);
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    hash
      .update(file)
      .update("\0")
      .update(fs.readFileSync(path.join(root, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

/** Whether `buildDir` holds a complete production build of the sources under `root` as they are now. */
export function isCurrentBuild(root, buildDir, inputs = buildInputsHash(root)) {
  const stamp = path.join(buildDir, BUILD_STAMP);
  const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8") : "";
  return built === inputs && fs.existsSync(path.join(buildDir, "server", "index.js"));
}
