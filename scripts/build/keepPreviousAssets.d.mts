/** Types of scripts/build/keepPreviousAssets.mjs, for the TypeScript that imports it (test/keepPreviousAssets.test.ts). */
export const KEEP_PREVIOUS_ASSETS_MS: number;
export function keepPreviousAssets(oldDir: string, newDir: string, now?: number): Promise<number>;
