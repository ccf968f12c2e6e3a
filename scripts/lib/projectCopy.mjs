/**
 * A scratch copy of the project: every file git tracks, plus the untracked ones it does not ignore,
 * as they are in the working tree, with node_modules linked rather than copied. Build output and
 * caches stay behind. The tests (test/support/projectCopy.ts), the slice walk-through and the
 * constants check each change files in such a copy, never in the working tree.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Copies the project at `root` into a new temporary folder named from `prefix`; returns its path. */
export function copyProjectFiles(root, prefix) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    const source = path.join(root, file);
    if (!fs.existsSync(source)) continue; // deleted in the work tree, not yet committed
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(source, path.join(copy, file));
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
  return copy;
}
