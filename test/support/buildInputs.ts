/**
 * What the production build is made from, as one hash: the source folders esbuild bundles, the
 * packages they import, the build scripts and the lockfile (which pins every dependency). The test
 * run's global set-up compares it with the hash stamped in `dist/` to skip a build of unchanged
 * sources (test/support/globalSetup.ts).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The file in `dist/` that records the hash of the sources it was built from. */
export const BUILD_STAMP = ".build-inputs";

/** Folders and files the build reads (SOURCE_FOLDERS in scripts/build/buildOptions.mjs, plus packages/). */
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

function filesUnder(root: string, relative: string, out: string[]): void {
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
export function buildInputsHash(root: string): string {
  const files: string[] = [];
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
