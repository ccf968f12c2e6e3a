/**
 * `npm run dev` in a temporary copy of the project: only what the development loop reads is
 * copied (sources, content, models, public files, the build and dev scripts); node_modules and
 * the content's media are symbolic links, so a copy costs a few hundred milliseconds.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./builtServer";

const COPIED = [
  "package.json",
  "tsconfig.json",
  "build.mjs",
  "scripts/build",
  "client",
  "server",
  "shared",
  "views",
  "packages/prismic-stand-in",
  "customtypes",
  "public",
  "scripts/dev.mjs",
  "scripts/devServer.mjs",
  "scripts/lib/previewEditorStandIn.mjs",
];

export interface DevProject {
  dir: string;
  /** The supervisor's proxy, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Everything the supervisor and its servers printed so far. */
  output(): string;
  /**
   * Waits until the output matches `pattern`. The log is written from a worker thread (pino's
   * transport), so a line can arrive after what it tells of is already visible in a page.
   */
  outputShows(what: string, pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Replaces `from` by `to` in a project file (it must contain `from`); returns when it is written. */
  edit(file: string, from: string, to: string): void;
  write(file: string, text: string): void;
  remove(file: string): void;
  stop(): Promise<void>;
}

export interface DevProjectOptions {
  startTimeoutMs?: number;
  /** Runs in the copy before `npm run dev` starts (e.g. to make it a git repository). */
  prepare?: (dir: string) => void;
}

export async function startDevProject({
  startTimeoutMs = 60_000,
  prepare,
}: DevProjectOptions = {}): Promise<DevProject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-loop-"));
  for (const item of COPIED) fs.cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true });
  fs.cpSync(path.join(ROOT, "content"), path.join(dir, "content"), {
    recursive: true,
    filter: (source) => source !== path.join(ROOT, "content", "media"),
  });
  fs.symlinkSync(path.join(ROOT, "content", "media"), path.join(dir, "content", "media"));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  prepare?.(dir);

  const child: ChildProcess = spawn(process.execPath, [path.join(dir, "scripts", "dev.mjs")], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: "",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dir, ".data"),
      MEDIA_CACHE_DIR: path.join(dir, ".cache"),
      LOG_LEVEL: "info",
      NO_COLOR: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));

  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(kill);
        done();
      });
      child.kill("SIGTERM");
    });

  const deadline = Date.now() + startTimeoutMs;
  let url: string | undefined;
  while (!url) {
    const match = /development server on http:\/\/localhost:(\d+)/.exec(output);
    if (match) url = `http://127.0.0.1:${match[1]}`;
    else if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`npm run dev did not start within ${startTimeoutMs} ms:\n${output}`);
    } else await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const file = (name: string) => path.join(dir, name);
  return {
    dir,
    url,
    output: () => output,
    async outputShows(what, pattern, timeoutMs = 10_000) {
      await waitFor(what, async () => (pattern.test(output) ? true : undefined), timeoutMs);
    },
    edit(name, from, to) {
      const text = fs.readFileSync(file(name), "utf8");
      if (!text.includes(from)) throw new Error(`${name} does not contain ${JSON.stringify(from)}`);
      fs.writeFileSync(file(name), text.replace(from, to));
    },
    write: (name, text) => fs.writeFileSync(file(name), text),
    remove: (name) => fs.rmSync(file(name), { force: true }),
    stop,
  };
}

/**
 * Polls `check` until it returns a value (not undefined) and returns it with the time taken;
 * fails after `timeoutMs` naming `what`.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 25,
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return { value, ms: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The body of a page when it contains `text`, else undefined (for waitFor). */
export const pageContaining = (url: string, text: string) => async () => {
  const response = await fetch(url, {
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" },
  });
  const body = await response.text();
  return body.includes(text) ? body : undefined;
};

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
