/**
 * Debian's `promtool` (package `prometheus`) for the alert rules' tests: installed as root when
 * missing, or the test stops and says how (scripts/lib/systemTools.mjs).
 */
import { spawnSync } from "node:child_process";
import { ensureSystemTools } from "../../scripts/lib/systemTools.mjs";

export function ensurePromtool(): void {
  ensureSystemTools("promtool");
}

/** Runs promtool with `args`; resolves its exit status and output (stdout and stderr together). */
export function promtool(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync("promtool", args, { encoding: "utf8", timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
