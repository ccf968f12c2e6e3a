/**
 * CPU a process has spent, read from /proc, for the scripts that measure CPU per request (`npm run
 * bench`, `npm run capacity`, the tracing cost): the process and every process under it (nginx's
 * workers under its master), all their threads; and for `npm test`'s CPU line (scripts/test.mjs):
 * the processes it waited for, and the run's shared processes, which no one waits for.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** Ticks per second of /proc's times, asked once when first needed (importing this starts no process). */
let ticksPerSecond = 0;
const clockTicks = () =>
  (ticksPerSecond ||= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100);

/** Pids of `pid` and every process under it. */
function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const task of fs.readdirSync(`/proc/${pids[i]}/task`)) {
        const children = fs.readFileSync(`/proc/${pids[i]}/task/${task}/children`, "utf8").trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      }
    } catch {}
  }
  return pids;
}

/** CPU seconds (user + system) the process tree under `pid` has used so far. */
export function cpuSeconds(pid) {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
      const fields = fs
        .readFileSync(`/proc/${p}/stat`, "utf8")
        .replace(/^.*\) /s, "")
        .split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks / clockTicks();
}

/** A /proc/<pid>/stat's fields after the command name (which may hold spaces); utime is [11]. */
const statFields = (pid) =>
  fs
    .readFileSync(`/proc/${pid}/stat`, "utf8")
    .replace(/^.*\) /s, "")
    .split(" ")
    .map(Number);

/**
 * CPU seconds (user, system) of this process's children that have ended and been waited for,
 * with everything they in turn waited for: a finished Jest run, its workers, the servers and
 * browsers its files started and stopped (`getrusage(RUSAGE_CHILDREN)`, which Node does not expose).
 */
export function endedChildrenCpu() {
  const fields = statFields("self");
  return { user: fields[13] / clockTicks(), system: fields[14] / clockTicks() };
}

/**
 * CPU seconds (user + system) of every live process in process group `group`, with the children
 * they have waited for: a process started detached (so no one waits for it) is measured this way
 * just before it is ended.
 */
export function groupCpuSeconds(group) {
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      if (fields[2] === group) ticks += fields[11] + fields[12] + fields[13] + fields[14];
    } catch {}
  }
  return ticks / clockTicks();
}
