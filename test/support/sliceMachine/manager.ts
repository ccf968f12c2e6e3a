/**
 * Slice Machine's own manager (@slicemachine/manager) on a project folder, as slice-machine-ui
 * drives it. Required as CommonJS: its ESM build does not load on Node (a directory import in
 * @prismicio/types-internal).
 */
import type { SliceMachineManager } from "@slicemachine/manager";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createSliceMachineManager } = require("@slicemachine/manager") as typeof import("@slicemachine/manager");

/** A manager whose plugins (our adapter, from slicemachine.config.json) are loaded. */
export async function startManager(root: string): Promise<SliceMachineManager> {
  const manager = createSliceMachineManager({ cwd: root });
  await manager.plugins.initPlugins();
  return manager;
}
