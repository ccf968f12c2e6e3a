/**
 * Starts the production build (`npm run serve`) on a free loopback port, the way an
 * operator runs it. The build itself is made once by the Jest global setup.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { sharedProcess, whenReady } from "./sharedProcess";

export const ROOT = path.resolve(__dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startBuiltServer(env: Record<string, string> = {}, cwd = ROOT): Promise<RunningServer> {
  // A free port can be taken by another process between freePort() and the server's listen (a
  // busy CI machine, servers started side by side): then the server is started on another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(await freePort(), env, cwd);
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error && error.message.includes("EADDRINUSE"))) throw error;
    }
  }
}

/**
 * How a test server runs, at `url` on `port`, with `env` on top: SHUTDOWN_DELAY_MS=0, no load
 * balancer has to see it drain before it stops; MEDIA_WARM=off, a test server preparing every
 * image in the background would load the CI machine for minutes (the warm-up's own test turns it on);
 * EMBEDDED_PREVIEWS=on, the demo release's previews as a staging deployment serves them (off by
 * default outside development: docs/prismic.md, "Previews").
 */
export const serverEnv = (url: string, port: number, env: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  SITE_URL: url,
  LOG_LEVEL: "warn",
  SHUTDOWN_DELAY_MS: "0",
  MEDIA_WARM: "off",
  EMBEDDED_PREVIEWS: "on",
  ...env,
});

const answersHealth = async (url: string) => {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false; // not listening yet
  }
};

/**
 * The build in its default configuration, shared by the test files of a Jest run that need
 * nothing else of it (test/support/sharedProcess.ts): each would otherwise pay a server's start
 * and its first, cold renders. Its log is not the file's to read, and stopping it is left to the
 * run; outside a run that prepared shared processes, a server of the file's own.
 *
 * One setting differs: the budget of uncached renders is off (RENDER_BUDGET_PER_MINUTE=0, as for
 * the load and scale runs: docs/security.md, "Uncached renders"). Every file's visitors reach it
 * from 127.0.0.1, so with the budget on the whole run is one client: some twenty files two at a
 * time, each page shown prefetching the data of six more, spend its 300 and then ten a second,
 * and a file that made a handful of requests got a 429. The budget has its own test
 * (test/renderBudget.test.ts).
 */
const SHARED_SERVER_ENV = { RENDER_BUDGET_PER_MINUTE: "0" };

export async function sharedBuiltServer(): Promise<RunningServer> {
  const url = await sharedProcess("built server", async ({ dir, spawnShared }) => {
    const port = await freePort();
    const serverUrl = `http://127.0.0.1:${port}`;
    spawnShared(
      process.execPath,
      [path.join(ROOT, "dist/server/index.js")],
      serverEnv(serverUrl, port, SHARED_SERVER_ENV),
    );
    return whenReady("the shared built server", async () => ((await answersHealth(serverUrl)) ? serverUrl : null), dir);
  });
  if (!url) return startBuiltServer(SHARED_SERVER_ENV);
  const notOurs = (what: string) => () => {
    throw new Error(
      `the run's shared server has no ${what} for one file: start a server of the file's own (startBuiltServer)`,
    );
  };
  return {
    url,
    get process(): ChildProcess {
      return notOurs("process")();
    },
    output: notOurs("output"),
    stop: async () => undefined,
  };
}

const START_DEADLINE_MS = 40_000;

async function launch(port: number, env: Record<string, string>, cwd: string): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(cwd, "dist/server/index.js")], {
    cwd,
    env: serverEnv(url, port, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  // A harness deadline, not a promise of the site's: idle, the server answers in under 2 s, but a
  // 2-core machine running browsers and servers two at a time has been seen to need more than 15.
  // Within the 60 s that the files' beforeAll allow.
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    if (await answersHealth(url)) break;
    if (Date.now() > deadline) throw new Error(`Server did not start within ${START_DEADLINE_MS / 1000} s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    output: () => output,
    // SIGTERM, and a named failure (after SIGKILL) when the server does not exit within 10 s.
    stop: () =>
      new Promise((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          reject(new Error(`the server did not exit within 10 s of SIGTERM:\n${output}`));
        }, 10_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
