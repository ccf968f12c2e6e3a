/** Types of scripts/lib/chromium.mjs, for the TypeScript that imports it. */
import type { Browser } from "puppeteer";

export const CHROMIUM: string;
export const CHROMIUM_SWITCHES: readonly string[];
/** Launches Debian's Chromium headless; `userDataDir` defaults to a fresh temp folder. */
export function launchChromium(options?: { userDataDir?: string; extraArgs?: readonly string[] }): Promise<Browser>;
