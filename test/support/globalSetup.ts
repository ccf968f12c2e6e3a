/**
 * Builds the client and server bundles before the test files run, unless `dist/` already holds the
 * build of exactly these sources: a second `npm test` (or one file's), or one after `npm start` or
 * `npm run build`, costs no build when no source changed (scripts/build/buildInputs.mjs says what
 * counts as a source; every production build stamps its folder with it).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { buildInputsHash, isCurrentBuild } from "./buildInputs";
import { prepareSharedProcesses } from "./sharedProcess";

export default function globalSetup(): void {
  prepareSharedProcesses();
  const root = path.resolve(__dirname, "../..");
  const inputs = buildInputsHash(root);
  if (isCurrentBuild(root, path.join(root, "dist"), inputs)) {
    console.log(`\nReusing dist/: built from these sources (${inputs.slice(0, 12)}).`);
    return;
  }
  execFileSync(process.execPath, [path.join(root, "build.mjs")], { cwd: root, stdio: "inherit" });
}
