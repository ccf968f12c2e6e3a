/**
 * CPU a process has spent, read from /proc, for the scripts that measure CPU per request (`npm run
 * bench`, `npm run capacity`, the tracing cost): the process and every process under it (nginx's
 * workers under its master), all their threads.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

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
  return ticks / CLOCK_TICKS;
}
