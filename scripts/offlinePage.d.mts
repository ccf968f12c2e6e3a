/** Types of scripts/offlinePage.mjs, for the TypeScript that imports it. */

export const DEFAULT_OFFLINE_PAGE: string;
export function selfContained(html: string, buildDir: string): string;
export function renderOfflinePage(options?: { root?: string; buildDir?: string; nodePath?: string }): Promise<string>;
