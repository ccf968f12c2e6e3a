/**
 * `npm test`: the whole suite (docs/development.md, "Running the tests") in two passes. First every
 * file but those test/tiers.cjs lists as `runAlone`, two at a time; then those, one at a time with
 * nothing beside them, because they hold the time or the layout they measure to a tight budget
 * and a neighbour's work would move it. The results of both passes make one report (`--json
 * --outputFile`, which `.ci/run` reads) and one exit status.
 *
 * Given test files or patterns, a test name (`-t`), or watch mode, it is one plain Jest run.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tiers from "../test/tiers.cjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const JEST = [
  "--experimental-vm-modules",
  "--no-warnings=ExperimentalWarning",
  path.join(root, "node_modules/jest/bin/jest.js"),
];

const jest = (args) => spawnSync(process.execPath, [...JEST, ...args], { cwd: root, stdio: "inherit" }).status ?? 1;

const args = process.argv.slice(2);
const OPTIONS_WITH_VALUE = new Set(["--outputFile", "-t", "--testNamePattern", "--config", "-c", "--maxWorkers", "-w"]);
const selects = args.some(
  (arg, i) =>
    (!arg.startsWith("-") && !OPTIONS_WITH_VALUE.has(args[i - 1] ?? "")) ||
    /^(-t|--testNamePattern|--watch|--watchAll|--listTests|--onlyChanged|-o|--selectProjects)(=|$)/.test(arg),
);
if (selects) process.exit(jest(args));

/** `--outputFile F` or `--outputFile=F`, taken out of the arguments: each pass writes its own. */
let outputFile = null;
const rest = [];
for (let i = 0; i < args.length; i++) {
  const match = /^--outputFile(?:=(.*))?$/.exec(args[i]);
  if (!match) rest.push(args[i]);
  else outputFile = match[1] ?? args[++i];
}

/** An ignore pattern for a file (anchored at its end) or a folder (everything under it). */
const escaped = (entry) => `/${entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${entry.endsWith("/") ? "" : "$"}`;
const passes = [
  { name: "side by side", args: ["--testPathIgnorePatterns", "/node_modules/", ...tiers.runAlone.map(escaped)] },
  { name: "alone", args: ["--runInBand", "--passWithNoTests", ...tiers.runAlone] },
];
const reports = [];
let status = 0;
for (const [index, pass] of passes.entries()) {
  console.log(`\nnpm test, pass ${index + 1} of ${passes.length}: ${pass.name}`);
  const file = outputFile ? `${outputFile}.pass${index + 1}` : null;
  const code = jest([...rest, ...(file ? ["--outputFile", file] : []), ...pass.args]);
  status ||= code;
  if (file) {
    try {
      reports.push(JSON.parse(fs.readFileSync(file, "utf8")));
    } catch {
      status ||= 1;
    }
    fs.rmSync(file, { force: true });
  }
}

if (outputFile && reports.length) {
  const sum = (key) => reports.reduce((total, report) => total + (report[key] ?? 0), 0);
  const merged = { ...reports[0], testResults: reports.flatMap((report) => report.testResults ?? []) };
  for (const key of Object.keys(reports[0]).filter((k) => typeof reports[0][k] === "number" && k.startsWith("num"))) {
    merged[key] = sum(key);
  }
  merged.success = reports.length === passes.length && reports.every((report) => report.success);
  fs.writeFileSync(outputFile, JSON.stringify(merged));
}
process.exit(status);
