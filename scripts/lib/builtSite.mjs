/**
 * A production build served from a copy of itself on a free loopback port, for the scripts that
 * run one server process and measure it (npm run bench, bench:strangers, bench:relay, loadtest):
 * the copy lets a bench run two builds side by side, and a rebuild of dist/ meanwhile cannot swap
 * files under it (a build in progress is waited for). Logging at info to /dev/null, as production
 * writes it, or, with `errorLines`, scanned for error lines (pino level 50 and up), which
 * `errorLog` counts and samples. `env` adds or overrides settings; a key set to `undefined` is
 * left out, so a setting of the caller's own environment (a test's) does not reach the server.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { freePort } from "./freePort.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The files a complete build has: until they are all there, a build is still writing. */
const BUILD_FILES = ["client/manifest.json", "server/index.js", "server/server.js", "server/prismic-stand-in.js"];

async function completeBuild(dist) {
  const deadline = Date.now() + 30_000;
  while (!BUILD_FILES.every((file) => fs.existsSync(path.join(dist, file)))) {
    if (Date.now() > deadline) throw new Error(`no complete build in ${dist}: run \`npm run build\` first`);
    await sleep(200);
  }
}

/** "msg: error (GET /url)" of a pino JSON line. */
function briefLogLine(line) {
  try {
    const { msg, err, req } = JSON.parse(line);
    return `${msg}${err?.message ? `: ${err.message}` : ""}${req ? ` (${req.method} ${req.url})` : ""}`;
  } catch {
    return line.slice(0, 300);
  }
}

/**
 * Starts `dist` (default: the project's) as `name`; resolves once /readyz answers, with its URL,
 * pid, `errorLog` (with `errorLines`) and stop(). Rejects if it exits or is not ready within 15 s.
 */
export async function startBuiltSite({ name, dist = path.join(root, "dist"), env = {}, errorLines = false }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  await completeBuild(dist);
  fs.mkdirSync(path.join(root, ".cache"), { recursive: true });
  const buildDir = fs.mkdtempSync(path.join(root, ".cache", `${name}-build-`));
  fs.cpSync(dist, buildDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-data-`));
  const settings = {
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
  };
  for (const [key, value] of Object.entries(settings)) if (value === undefined) delete settings[key];
  const devNull = errorLines ? null : fs.openSync("/dev/null", "w");
  const child = spawn(process.execPath, [path.join(buildDir, "server/index.js")], {
    cwd: root,
    env: settings,
    stdio: ["ignore", devNull ?? "pipe", "inherit"],
  });
  if (devNull !== null) fs.closeSync(devNull); // the child has its own copy
  const errorLog = { count: 0, samples: [] };
  if (errorLines)
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      if (!/"level":(5|6)0\b/.test(line)) return;
      errorLog.count++;
      if (errorLog.samples.length < 3) errorLog.samples.push(briefLogLine(line));
    });
  /** Whether the server has ended, by an exit or a signal. */
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        fs.rmSync(buildDir, { recursive: true, force: true });
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (ended()) return done();
      child.once("close", done); // after its output is read to the end
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (ended()) {
      await stop();
      throw new Error(
        `the ${name} build's server exited with ${child.exitCode ?? child.signalCode} (its errors are above)`,
      );
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${name} build's server was not ready within 15 s`);
    }
    await sleep(100);
  }
  return { name, url, pid: child.pid, errorLog, stop };
}
