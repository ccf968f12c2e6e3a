/** Types of scripts/wakeBench.mjs, for the TypeScript that imports it (test/browser/wake.test.ts). */
import type { Browser } from "puppeteer";

export interface WakeProfile {
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
  cpuSlowdown: number;
}

export interface WakeResult {
  /** From the first key press to the app having hydrated the header, on the page's clock. */
  wakeToHydratedMs: number;
  /** The longest task between the key press and hydration. */
  longestTaskMs: number;
  tasksOver50: number;
}

export const PHONE_PROFILE: WakeProfile;
export function measureWake(browser: Browser, url: string, profile?: WakeProfile): Promise<WakeResult>;
export function launchChromium(): Promise<Browser>;
