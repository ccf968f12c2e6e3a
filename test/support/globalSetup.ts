/** Builds the client and server bundles once before the test files run. */
import { execFileSync } from "node:child_process";
import path from "node:path";

export default function globalSetup(): void {
  const root = path.resolve(__dirname, "../..");
  execFileSync(process.execPath, [path.join(root, "build.mjs")], { cwd: root, stdio: "inherit" });
}
