/** Types of scripts/lib/freePort.mjs, for the TypeScript that imports it. */

/** A TCP port free on loopback right now, for a server a script is about to start. */
export function freePort(): Promise<number>;
