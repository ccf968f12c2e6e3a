/**
 * A clean build prints nothing a newcomer must learn to ignore: `npm run build` (production) and
 * `node build.mjs --dev` (the development build `npm run dev` makes) end with their one summary
 * line and no warning from esbuild.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./support/builtServer";

const buildInto = (dir: string, ...args: string[]) => {
  const run = spawnSync(process.execPath, ["build.mjs", ...args], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: dir },
    encoding: "utf8",
  });
  expect(run.status).toBe(0);
  return `${run.stdout}${run.stderr}`;
};

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "clean-build-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test.each([
  ["production", []],
  ["development", ["--dev"]],
])(
  "a %s build prints its summary and no warning",
  (kind, args) => {
    const output = buildInto(path.join(dir, "build"), ...args);
    expect(output).not.toMatch(/WARNING|▲/);
    expect(output.trim().split("\n")).toEqual([expect.stringMatching(new RegExp(`^Built ${kind} bundles into `))]);
  },
  120_000,
);
