/** Types of scripts/lib/processCpu.mjs, for the TypeScript that imports it. */
export function cpuSeconds(pid: number): number;
export function endedChildrenCpu(): { user: number; system: number };
export function groupCpuSeconds(group: number): number;
