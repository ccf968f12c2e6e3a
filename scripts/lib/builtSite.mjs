/**
 * A production build served from a copy of itself on a free loopback port, for the benches that
 * measure one server process's CPU (npm run bench:strangers, npm run bench:relay): the copy lets a
 * bench run two builds side by side, and a rebuild of dist/ meanwhile cannot swap files under it.
 * Logging at info to /dev/null, as production writes it; `env` adds or overrides settings.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./freePort.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `dist` (default: the project's) as `name`; resolves once /readyz answers, with its URL, pid and stop(). */
export async function startBuiltSite({ name, dist = path.join(root, "dist"), env = {} }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(path.join(root, ".cache"), { recursive: true });
  const buildDir = fs.mkdtempSync(path.join(root, ".cache", `${name}-build-`));
  fs.cpSync(dist, buildDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-data-`));
  const devNull = fs.openSync("/dev/null", "w");
  const child = spawn(process.execPath, [path.join(buildDir, "server/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      MEDIA_WARM: "off",
      BUILD_DIR: buildDir,
      DATA_DIR: dataDir,
      SHUTDOWN_DELAY_MS: "0",
      ...env,
    },
    stdio: ["ignore", devNull, "inherit"],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (i > 150) throw new Error(`the ${name} build did not start`);
    await sleep(100);
  }
  return {
    name,
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once("close", () => {
          fs.rmSync(buildDir, { recursive: true, force: true });
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
