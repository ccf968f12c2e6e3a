/**
 * A temporary copy of the project for tests that change its files (Slice Machine creating,
 * renaming and deleting slices): everything tracked by git, plus the untracked files not
 * ignored, with node_modules linked rather than copied. Build output and caches stay behind.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { copyProjectFiles } from "../../scripts/lib/projectCopy.mjs";
import { ROOT } from "./testApp";

export interface ProjectCopy {
  root: string;
  remove(): void;
}

export function copyProject(prefix = "project-copy-"): ProjectCopy {
  const root = copyProjectFiles(ROOT, prefix);
  return { root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/**
 * A smaller copy for the model tools (prismic:types, prismic:push): slicemachine.config.json,
 * customtypes/, each slice's model.json, and the files generated from them.
 */
export function copyModelFiles(prefix = "project-models-"): ProjectCopy {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const copy = (relative: string) => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.cpSync(path.join(ROOT, relative), path.join(root, relative), { recursive: true });
  };
  for (const relative of [
    "slicemachine.config.json",
    "customtypes",
    "shared/prismicio-types.d.ts",
    "views/slices/index.ts",
  ])
    copy(relative);
  for (const name of fs.readdirSync(path.join(ROOT, "views/slices"))) {
    if (fs.existsSync(path.join(ROOT, "views/slices", name, "model.json")))
      copy(path.join("views/slices", name, "model.json"));
  }
  return { root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
