/**
 * The engines come from Debian's packages, never from a download: a missing one is installed
 * when the tests run as root (as CI does, and test/support/chromium.ts for Chromium), otherwise
 * the suite stops and says how.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import type { EngineName } from "./driver";

export const FIREFOX = "/usr/bin/firefox-esr";
export const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
export const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const XVFB_RUN = "/usr/bin/xvfb-run";
const XAUTH = "/usr/bin/xauth";

/** The files each engine needs, and the Debian packages that bring them. */
const NEEDS: Record<Exclude<EngineName, "chromium">, { files: string[]; packages: string[] }> = {
  firefox: { files: [FIREFOX], packages: ["firefox-esr"] },
  webkit: { files: [WEBKIT_DRIVER, MINIBROWSER, XVFB_RUN, XAUTH], packages: ["webkit2gtk-driver", "xvfb", "xauth"] },
};

export function ensureEngine(engine: Exclude<EngineName, "chromium">): void {
  const { files, packages } = NEEDS[engine];
  if (files.every((file) => fs.existsSync(file))) return;
  const install = `apt-get install -y ${packages.join(" ")}`;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `The ${engine} checks need Debian's ${packages.join(", ")}: run \`sudo ${install}\` (or leave ${engine} out: ENGINES=chromium,…)`,
    );
  }
  console.log(`Installing Debian's ${packages.join(", ")} for the ${engine} checks…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${install} -qq`, { stdio: "inherit" });
}
