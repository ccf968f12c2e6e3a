/** Types of scripts/lib/systemTools.mjs, for the TypeScript that imports it. */

export type SystemToolName = "chromium" | "firefox" | "webkit" | "nginx" | "promtool" | "varnish";

export interface SystemTool {
  files?: string[];
  commands?: string[];
  packages: string[];
  neededBy: string;
}

export const SYSTEM_TOOLS: Record<SystemToolName, SystemTool>;
/** The absolute path of `command` on PATH or in the system's sbin folders, or null. */
export function findCommand(command: string): string | null;
/** Whether every file and command of a tool is present. */
export function hasSystemTool(name: SystemToolName): boolean;
/** The one line a non-root run prints for the missing tools. */
export function installHint(names: SystemToolName[]): string;
/** Installs the missing tools as root, or throws the install hint. */
export function ensureSystemTools(...names: SystemToolName[]): void;
