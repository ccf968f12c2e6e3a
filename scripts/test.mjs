/**
 * `npm test`: the whole suite (docs/development.md, "Running the tests") in four passes, each one
 * Jest run, longest files first (test/support/testSequencer.cjs):
 *   1. the in-process files (the quick tier), two at a time, while the system tools a later pass
 *      needs install in the background (as root, when missing: scripts/lib/systemTools.mjs);
 *   2. the files that start servers, nginx, browsers or other processes, two at a time (three
 *      overran the real-time windows some of them hold, such as a PageView about 300 ms after
 *      the page mounts, on a busy machine);
 *   3. the cross-engine suite, one file at a time, with nothing else beside it;
 *   4. the files test/tiers.cjs says run alone (the development loop's save-to-screen budget, the
 *      waking press's paint at 4× CPU).
 * The results of all passes make one report (`--json --outputFile`, which `.ci/run` reads) and
 * one exit status. At the end it prints the budget: the CPU (user + system) and wall time of each
 * pass, of the background install and of the whole run (docs/development.md, "Running the tests").
 *
 * Given test files or patterns, a test name (`-t`), or watch mode, it is one plain Jest run, and
 * prints that run's CPU and wall time the same way (how a file's cost is measured).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tiers from "../test/tiers.cjs";
import { endedChildrenCpu } from "./lib/processCpu.mjs";
import { hasSystemTool, SYSTEM_TOOLS } from "./lib/systemTools.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const JEST = [
  "--experimental-vm-modules",
  "--no-warnings=ExperimentalWarning",
  path.join(root, "node_modules/jest/bin/jest.js"),
];

/**
 * CPU accounting. A process's CPU is counted here once it has ended and been waited for, with all
 * it waited for in turn (Jest, its workers, the servers and browsers files start and stop):
 * /proc/self's children's times, read after each child ends. The run's shared Chromium and built
 * server run detached, so no one waits for them; the global teardown writes their CPU to a ledger
 * just before it ends them (test/support/sharedProcess.ts).
 */
const ledger = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "test-cpu-")), "ledger");
let counted = 0;
/** CPU seconds of the children ended since the last call, plus what the ledger gained meanwhile. */
function cpuSinceLastCall() {
  const ended = endedChildrenCpu();
  const total = ended.user + ended.system;
  const detached = fs.existsSync(ledger)
    ? fs
        .readFileSync(ledger, "utf8")
        .split("\n")
        .filter(Boolean)
        .reduce((sum, line) => sum + Number.parseFloat(line), 0)
    : 0;
  fs.rmSync(ledger, { force: true });
  const since = total - counted + detached;
  counted = total;
  return since;
}
const started = performance.now();
const budget = [];
const seconds = (value) => `${Math.round(value)} s`;
/** On stderr, with Jest's own summary: stdout may be Jest's JSON (`--json`) or a list of files. */
function printBudget() {
  const own = process.cpuUsage();
  const cpu = budget.reduce((sum, entry) => sum + entry.cpu, 0) + (own.user + own.system) / 1e6;
  console.error("\nnpm test: the budget (CPU is user + system of every process the run started):");
  for (const entry of budget) {
    console.error(`  ${entry.name}: CPU ${seconds(entry.cpu)}${entry.wall ? `, wall ${seconds(entry.wall)}` : ""}`);
  }
  console.error(`npm test: CPU ${seconds(cpu)}, wall ${seconds((performance.now() - started) / 1000)}`);
  fs.rmSync(path.dirname(ledger), { recursive: true, force: true });
}

/** One Jest run; resolves with its exit status (asynchronously: a background install goes on meanwhile). */
const jest = (args) =>
  new Promise((resolve) =>
    spawn(process.execPath, [...JEST, ...args], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, TEST_CPU_LEDGER: ledger },
    }).on("close", (code) => resolve(code ?? 1)),
  );

const args = process.argv.slice(2);
const OPTIONS_WITH_VALUE = new Set(["--outputFile", "-t", "--testNamePattern", "--config", "-c", "--maxWorkers", "-w"]);
const selects = args.some(
  (arg, i) =>
    (!arg.startsWith("-") && !OPTIONS_WITH_VALUE.has(args[i - 1] ?? "")) ||
    /^(-t|--testNamePattern|--watch|--watchAll|--listTests|--onlyChanged|-o|--selectProjects)(=|$)/.test(arg),
);
if (selects) {
  const code = await jest(args);
  budget.push({ name: "jest", cpu: cpuSinceLastCall(), wall: (performance.now() - started) / 1000 });
  printBudget();
  process.exit(code);
}

/** `--outputFile F` or `--outputFile=F`, taken out of the arguments: each pass writes its own. */
let outputFile = null;
const rest = [];
for (let i = 0; i < args.length; i++) {
  const match = /^--outputFile(?:=(.*))?$/.exec(args[i]);
  if (!match) rest.push(args[i]);
  else outputFile = match[1] ?? args[++i];
}

/** A path pattern for a file (anchored at its end) or a folder (everything under it). */
const pattern = (entry) => `/${entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${entry.endsWith("/") ? "" : "$"}`;
const later = new Set([...tiers.crossEngine, ...tiers.runAlone]);
const passes = [
  { name: "in-process files, two at a time", args: ["--config", "jest.quick.config.cjs"] },
  {
    name: "servers, nginx, browsers and other processes, two at a time",
    // A later pass's file inside one of these folders (a browser file that runs alone) is left to it.
    args: [
      ...tiers.fullTierOnly.filter((entry) => !later.has(entry)).map(pattern),
      "--testPathIgnorePatterns",
      ...[...later].map(pattern),
    ],
  },
  { name: "the cross-engine suite, one file at a time", args: ["--runInBand", ...tiers.crossEngine.map(pattern)] },
  { name: "alone", args: ["--runInBand", ...tiers.runAlone.map(pattern)] },
];

/**
 * As root, the missing system tools install in the background during the first pass, which needs
 * none; the second waits for them. Elsewhere a test that needs a missing one says what to install.
 */
function installInBackground() {
  const missing = Object.keys(SYSTEM_TOOLS).filter((name) => !hasSystemTool(name));
  if (missing.length === 0 || process.getuid?.() !== 0) return null;
  console.log(`\nnpm test: installing ${missing.join(", ")} in the background (scripts/lib/systemTools.mjs)`);
  let output = "";
  const child = spawn(process.execPath, [path.join(root, "scripts/lib/systemTools.mjs"), ...missing], { cwd: root });
  child.stdout.on("data", (data) => (output += data));
  child.stderr.on("data", (data) => (output += data));
  const installStarted = performance.now();
  return new Promise((resolve) =>
    child.on("close", (code) => {
      // Read at once: the pass running meanwhile is not waited for yet, so this is the install's.
      budget.push({
        name: "installing system tools (beside pass 1)",
        cpu: cpuSinceLastCall(),
        wall: (performance.now() - installStarted) / 1000,
      });
      console.log(`\nnpm test: system tools ${code === 0 ? "installed" : `not installed (exit ${code})`}:\n${output}`);
      resolve();
    }),
  );
}

const installing = installInBackground();
const reports = [];
let status = 0;
for (const [index, pass] of passes.entries()) {
  if (index === 1) await installing;
  console.log(`\nnpm test, pass ${index + 1} of ${passes.length}: ${pass.name}`);
  const file = outputFile ? `${outputFile}.pass${index + 1}` : null;
  const passStarted = performance.now();
  const code = await jest([...rest, ...(file ? ["--outputFile", file] : []), ...pass.args]);
  budget.push({
    name: `pass ${index + 1} (${pass.name})`,
    cpu: cpuSinceLastCall(),
    wall: (performance.now() - passStarted) / 1000,
  });
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
await installing; // when every pass was quicker than the install: its CPU counts too
printBudget();
process.exit(status);
