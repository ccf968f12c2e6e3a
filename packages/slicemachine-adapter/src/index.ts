/** The adapter slicemachine.config.json names (`"adapter": "./packages/slicemachine-adapter"`). */
export { plugin as default } from "./plugin.ts";
export type { PluginOptions } from "./types.ts";
