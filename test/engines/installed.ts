/**
 * The engines come from Debian's packages, never from a download: a missing one is installed
 * when the tests run as root (scripts/lib/systemTools.mjs, the one mechanism for every system
 * tool), otherwise the suite stops and says how.
 */
import { ensureSystemTools } from "../../scripts/lib/systemTools.mjs";
import type { EngineName } from "./driver";

export const FIREFOX = "/usr/bin/firefox-esr";
export const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
export const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

export function ensureEngine(engine: Exclude<EngineName, "chromium">): void {
  ensureSystemTools(engine);
}
