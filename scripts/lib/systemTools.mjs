/**
 * The system tools that tests and scripts need beyond npm, and the one way they are installed:
 * from Debian's packages, the first time something needs them (never a download of a browser or a
 * binary of a tool's own). As root (CI, a fresh container) a missing tool is installed with
 * apt-get, one install at a time across processes (Jest's workers may ask together); as anyone
 * else the caller stops with one line that says what to install. docs/development.md lists them.
 *
 * `node scripts/lib/systemTools.mjs [name …]` installs the named tools (all of them without a
 * name) in one apt-get run: what `npm test` does in the background (scripts/test.mjs).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const WEBKIT_LIBS = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1";

/** Each tool: the files that must exist (or a command on PATH), the Debian packages that bring them, and what needs it. */
export const SYSTEM_TOOLS = {
  chromium: { files: ["/usr/bin/chromium"], packages: ["chromium"], neededBy: "the browser tests" },
  firefox: { files: ["/usr/bin/firefox-esr"], packages: ["firefox-esr"], neededBy: "the Firefox checks" },
  webkit: {
    files: ["/usr/bin/WebKitWebDriver", `${WEBKIT_LIBS}/MiniBrowser`, "/usr/bin/xvfb-run", "/usr/bin/xauth"],
    packages: ["webkit2gtk-driver", "xvfb", "xauth"],
    neededBy: "the WebKit checks",
  },
  nginx: { commands: ["nginx"], packages: ["nginx-light"], neededBy: "the load-balancer and cache tests" },
  promtool: { commands: ["promtool"], packages: ["prometheus"], neededBy: "the alert rules' tests" },
  // varnishd and the xkey vmod (varnish-modules): the purgeable edge's tests (deploy/varnish/).
  varnish: {
    commands: ["varnishd"],
    files: ["/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so"],
    packages: ["varnish", "varnish-modules"],
    neededBy: "the Varnish edge's tests",
  },
};

const SEARCH_DIRS = ["/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin"];

/** The absolute path of `command` on PATH or in the system's sbin folders, or null. */
export function findCommand(command) {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), ...SEARCH_DIRS];
  return dirs.map((dir) => path.join(dir, command)).find((file) => fs.existsSync(file)) ?? null;
}

/** Whether every file and command of a tool is present. */
export function hasSystemTool(name) {
  const tool = SYSTEM_TOOLS[name];
  if (!tool) throw new Error(`Unknown system tool "${name}": one of ${Object.keys(SYSTEM_TOOLS).join(", ")}`);
  return (tool.files ?? []).every((file) => fs.existsSync(file)) && (tool.commands ?? []).every(findCommand);
}

/** The one line a non-root run prints for the missing tools. */
export function installHint(names) {
  const packages = names.flatMap((name) => SYSTEM_TOOLS[name].packages);
  const needs = names.map((name) => SYSTEM_TOOLS[name].neededBy).join(" and ");
  return `${needs} need Debian's ${packages.join(", ")}: run \`sudo apt-get install -y --no-install-recommends ${packages.join(" ")}\``;
}

const LOCK = path.join(os.tmpdir(), "site-system-tools.lock");

/**
 * Installs the missing ones of `names` (as root), or throws the install hint. Jest's workers may
 * ask at the same moment: `flock` makes them take turns, and each checks again once it holds the
 * lock, so a package is installed once.
 */
export function ensureSystemTools(...names) {
  const missing = () => names.filter((name) => !hasSystemTool(name));
  if (missing().length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(installHint(missing()));
  const script = [
    "set -e",
    `missing=""`,
    ...missing().map((name) => {
      const tool = SYSTEM_TOOLS[name];
      const checks = [
        ...(tool.files ?? []).map((file) => `[ -e ${file} ]`),
        ...(tool.commands ?? []).map((cmd) => `PATH="$PATH:${SEARCH_DIRS.join(":")}" command -v ${cmd} >/dev/null`),
      ].join(" && ");
      return `${checks} || missing="$missing ${tool.packages.join(" ")}"`;
    }),
    `[ -z "$missing" ] && exit 0`,
    `echo "Installing Debian's$missing (the first time a test needs them)…"`,
    "apt-get update -qq",
    "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing",
  ].join("\n");
  const result = spawnSync("flock", [LOCK, "sh", "-c", script], { stdio: "inherit" });
  if (result.status !== 0 || missing().length > 0) {
    throw new Error(
      `Installing ${missing().join(", ")} failed (apt-get exit ${result.status}): ${installHint(missing())}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  try {
    ensureSystemTools(...(names.length ? names : Object.keys(SYSTEM_TOOLS)));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  // Print what is there, for CI's log.
  for (const name of names.length ? names : Object.keys(SYSTEM_TOOLS)) {
    const tool = SYSTEM_TOOLS[name];
    const format = ["$", "{Package} $", "{Version}\\n"].join("");
    const out = spawnSync("dpkg-query", ["-W", "-f", format, ...tool.packages], { encoding: "utf8" });
    process.stdout.write(out.stdout || `${name}: present (not from a Debian package)\n`);
  }
}
