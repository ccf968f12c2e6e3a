/**
 * Builds the client and server bundles before the test files run, unless `dist/` already holds the
 * build of exactly these sources: a second `npm test` (or one file's) after no source change costs
 * no build (test/support/buildInputs.ts says what counts as a source).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BUILD_STAMP, buildInputsHash } from "./buildInputs";
import { prepareSharedProcesses } from "./sharedProcess";

export default function globalSetup(): void {
  prepareSharedProcesses();
  const root = path.resolve(__dirname, "../..");
  const stamp = path.join(root, "dist", BUILD_STAMP);
  const inputs = buildInputsHash(root);
  const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8") : "";
  if (built === inputs && fs.existsSync(path.join(root, "dist/server/index.js"))) {
    console.log(`\nReusing dist/: built from these sources (${inputs.slice(0, 12)}).`);
    return;
  }
  execFileSync(process.execPath, [path.join(root, "build.mjs")], { cwd: root, stdio: "inherit" });
  fs.writeFileSync(stamp, inputs);
}
