/**
 * `npm run slices:walkthrough`: docs/prismic.md's "Adding a slice, end to end", done as a newcomer
 * does it, in a scratch copy of the project (the working tree is never touched). What happens in
 * Slice Machine's UI goes through Slice Machine's own manager and this project's adapter, as the
 * UI sends it (models through Slice Machine's model format); every other step is the documented
 * command or file edit. It adds a Quote band slice, then runs the checks the page names, and
 * prints the files that changed, each step's time and whether the checks passed.
 *
 *   npm run slices:walkthrough                   every step, the screenshot and the quick tier included
 *   npm run slices:walkthrough -- --no-browser   without the screenshot (Chromium) step and its check
 *   npm run slices:walkthrough -- --keep         leaves the copy in place and prints where
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { copyProjectFiles } from "../lib/projectCopy.mjs";
import {
  addFields,
  createSlice,
  offerOnPageTypes,
  startSliceMachine,
  styleSlice,
  useInDemoContent,
} from "./addingASlice.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { values: flags } = parseArgs({
  options: { "no-browser": { type: "boolean", default: false }, keep: { type: "boolean", default: false } },
});

function copyProject(): string {
  const root = copyProjectFiles(ROOT, "slice-walkthrough-");
  // A clone, as a newcomer has: some tests copy the project from git's list of files.
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "pipe" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=walkthrough", "-c", "user.email=walkthrough@localhost", "commit", "-qm", "as cloned");
  return root;
}

const steps: { step: string; seconds: number; ok: boolean }[] = [];
async function step(name: string, run: () => unknown | Promise<unknown>): Promise<boolean> {
  const t0 = Date.now();
  let ok = true;
  try {
    await run();
  } catch (error) {
    ok = false;
    console.log(`  ${(error as Error).message.split("\n").slice(0, 30).join("\n  ")}`);
  }
  steps.push({ step: name, seconds: (Date.now() - t0) / 1000, ok });
  console.log(`${ok ? "✓" : "✗"} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return ok;
}

const copy = copyProject();
const npm = (...args: string[]) => {
  const run = spawnSync("npm", args, { cwd: copy, encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" } });
  if (run.status !== 0)
    throw new Error(
      `npm ${args.join(" ")} exited ${run.status}:\n${(run.stdout + run.stderr).trim().split("\n").slice(-40).join("\n")}`,
    );
  return run.stdout;
};
const tests: string[] = [];
const manager = await startSliceMachine(copy);

await step("1. Slices → Add → Start from scratch, named QuoteBand", () => createSlice(manager));
await step("2. Add a field for each input: Rich Text Quote, Text Author, Image Portrait", () => addFields(manager));
await step("4. Shape the view and its styles (views/styles/slices-b.css)", () => styleSlice(copy));
await step("5. Page types: add the slice to the slice zone of Home, Page, Gallery project, Article, Sample page", () =>
  offerOnPageTypes(manager),
);
await step("6. Demo content: the slice on a page in each region (content/en-gb, content/en-us)", () =>
  useInDemoContent(copy),
);
await step("7. Generators: npm run slices:mocks", () => npm("run", "slices:mocks"));
await step("7. Generators: npm run prismic:types -- --check (Slice Machine wrote them already)", () =>
  npm("run", "prismic:types", "--", "--check"),
);
if (!flags["no-browser"])
  await step("7. Generators: npm run slices:screenshots -- --only quote_band", () =>
    npm("run", "slices:screenshots", "--", "--only", "quote_band"),
  );
await step("7. Generators: RECORD_PAGE_BYTES=1 npm test -- test/pageBytes.test.ts", () => {
  process.env.RECORD_PAGE_BYTES = "1";
  try {
    npm("test", "--", "test/pageBytes.test.ts");
  } finally {
    delete process.env.RECORD_PAGE_BYTES;
  }
});
await step("8. npm run typecheck", () => npm("run", "typecheck"));
const named = [
  "test/generatedTypes.test.ts",
  "test/contentModels.test.ts",
  "test/slices/SliceMocks.test.tsx",
  "test/sliceMachineAdapter.test.ts",
  "test/pageBytes.test.ts",
  ...(flags["no-browser"] ? [] : ["test/sliceMachineScreenshots.test.ts"]),
];
tests.push(...named);
await step(`8. npm test -- ${named.join(" ")}`, () => npm("test", "--", ...named));
tests.push("npm run test:quick");
await step("8. npm run test:quick", () => npm("run", "test:quick"));

// What `git status` shows the newcomer: the paths to commit (untracked folders listed file by file).
const status = execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: copy, encoding: "utf8" })
  .split("\n")
  .filter(Boolean);
console.log(`\nFiles changed or added (${status.length}):\n${status.map((line) => `  ${line}`).join("\n")}`);
const total = steps.reduce((n, s) => n + s.seconds, 0);
const failed = steps.filter((s) => !s.ok);
console.log(
  `\n${steps.length} steps in ${(total / 60).toFixed(1)} min; ${failed.length ? `FAILED: ${failed.map((s) => s.step).join("; ")}` : "all passed"}`,
);
if (flags.keep) console.log(`The copy: ${copy}`);
else fs.rmSync(copy, { recursive: true, force: true });
process.exitCode = failed.length ? 1 : 0;
