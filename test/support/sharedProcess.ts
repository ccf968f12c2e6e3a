/**
 * A process shared by the test files of one Jest run (docs/development.md, "Running the tests"):
 * the run's Chromium, the built server in its default configuration. The first file that asks
 * starts it (Jest's workers take turns through a lock folder) and the others wait for its
 * endpoint. It runs in a process group of its own beside a watchdog that ends it when the Jest
 * process is gone; the run's global teardown ends it sooner.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { groupCpuSeconds } from "../../scripts/lib/processCpu.mjs";

/** Set by the global setup (test/support/globalSetup.ts); without them a file starts its own. */
const DIR_VARIABLE = "SHARED_PROCESS_DIR";
const OWNER_VARIABLE = "SHARED_PROCESS_OWNER";
const START_WAIT_MS = 60_000;

/** Called by the global setup: the run's folder for its shared processes, and the Jest process they belong to. */
export function prepareSharedProcesses(): void {
  process.env[DIR_VARIABLE] = fs.mkdtempSync(path.join(os.tmpdir(), "shared-processes-"));
  process.env[OWNER_VARIABLE] = String(process.pid);
}

/**
 * Where `npm test` (scripts/test.mjs) collects the CPU of processes it does not wait for: a shared
 * process runs detached, so its CPU counts nowhere else. One line per process: seconds, then name.
 */
const CPU_LEDGER_VARIABLE = "TEST_CPU_LEDGER";

/** Called by the global teardown: ends every shared process a file started, and removes the folder. */
export function stopSharedProcesses(): void {
  const dir = process.env[DIR_VARIABLE];
  if (!dir || !fs.existsSync(dir)) return;
  const ledger = process.env[CPU_LEDGER_VARIABLE];
  for (const name of fs.readdirSync(dir)) {
    const group = Number(readIfThere(path.join(dir, name, "group")));
    if (group > 0) {
      if (ledger) fs.appendFileSync(ledger, `${groupCpuSeconds(group).toFixed(2)} ${name}\n`);
      try {
        process.kill(-group, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
  }
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

export const readIfThere = (file: string) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SharedStart {
  /** The process's own folder, for its profile or log. */
  dir: string;
  /** Starts `command` with `args` (and `env`) in the shared process group, under the watchdog. */
  spawnShared(command: string, args: readonly string[], env?: NodeJS.ProcessEnv): void;
}

/**
 * The endpoint of the run's shared process `name`: started with `start` (which resolves with the
 * endpoint once it answers) by the first file that asks; null outside a Jest run that prepared
 * shared processes.
 */
export async function sharedProcess(
  name: string,
  start: (how: SharedStart) => Promise<string>,
): Promise<string | null> {
  const root = process.env[DIR_VARIABLE];
  const owner = Number(process.env[OWNER_VARIABLE]);
  if (!root || !owner || !fs.existsSync(root)) return null;
  const dir = path.join(root, name);
  const endpointFile = path.join(dir, "endpoint");
  const failedFile = path.join(dir, "failed");
  let starter = false;
  try {
    fs.mkdirSync(dir);
    starter = true;
  } catch {
    /* another file is starting it, or has */
  }
  if (starter) {
    const spawnShared = (command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env) => {
      const watchdog = `"$0" "$@" & p=$!; while kill -0 ${owner} 2>/dev/null && kill -0 $p 2>/dev/null; do sleep 1; done; kill -9 $p 2>/dev/null`;
      const log = fs.openSync(path.join(dir, "output.log"), "a");
      const group = spawn("sh", ["-c", watchdog, command, ...args], {
        detached: true,
        stdio: ["ignore", log, log],
        env,
      });
      group.unref();
      fs.closeSync(log);
      fs.writeFileSync(path.join(dir, "group"), String(group.pid));
    };
    try {
      const endpoint = await start({ dir, spawnShared });
      fs.writeFileSync(`${endpointFile}.part`, endpoint);
      fs.renameSync(`${endpointFile}.part`, endpointFile);
    } catch (error) {
      fs.writeFileSync(failedFile, (error as Error).message);
    }
  }
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    const endpoint = readIfThere(endpointFile);
    if (endpoint) return endpoint;
    const failed = readIfThere(failedFile);
    if (failed) throw new Error(`the run's shared ${name} did not start: ${failed}`);
    if (Date.now() > deadline)
      throw new Error(`the run's shared ${name} did not start within ${START_WAIT_MS / 1000} s`);
    await sleep(100);
  }
}

/** Polls `ready` (every 50 ms) until it gives a value; throws naming `what` after START_WAIT_MS. */
export async function whenReady<T>(what: string, ready: () => Promise<T | null> | T | null, dir: string): Promise<T> {
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    const value = await ready();
    if (value !== null) return value;
    if (Date.now() > deadline)
      throw new Error(
        `${what} not ready within ${START_WAIT_MS / 1000} s:\n${readIfThere(path.join(dir, "output.log"))}`,
      );
    await sleep(50);
  }
}
