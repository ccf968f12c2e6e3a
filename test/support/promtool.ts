/**
 * Debian's `promtool` (package `prometheus`) for the alert rules' tests: installed as root when
 * missing, as test/support/chromium.ts installs Chromium, or the test stops and says how.
 */
import { execSync, spawnSync } from "node:child_process";

const present = () => spawnSync("promtool", ["--version"], { encoding: "utf8" }).status === 0;

export function ensurePromtool(): void {
  if (present()) return;
  if (process.getuid?.() !== 0)
    throw new Error("The alert rules' tests need promtool: run `sudo apt-get install -y prometheus`");
  console.log("Installing Debian's prometheus package (promtool) for the alert rules' tests…");
  execSync(
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus",
    { stdio: "inherit" },
  );
}

/** Runs promtool with `args`; resolves its exit status and output (stdout and stderr together). */
export function promtool(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync("promtool", args, { encoding: "utf8", timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
