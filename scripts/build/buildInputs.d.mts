/** Types of scripts/build/buildInputs.mjs, for the TypeScript that imports it (test/support/buildInputs.ts). */
export const BUILD_STAMP: string;
export const BUILD_INPUTS: readonly string[];
export function buildInputsHash(root: string): string;
export function isCurrentBuild(root: string, buildDir: string, inputs?: string): boolean;
