/**
 * The site as operators run it, on loopback: N instances of the built server (`node
 * dist/server/index.js`, Node 24) in hosted mode against the Prismic stand-in
 * (prismicHttpStandIn.ts, through scripts/scaleTest/prismicOnLoopback.mjs), sharing the
 * Firestore outbox (one in-process emulator) and a Meta Graph stand-in, behind nginx running
 * deploy/nginx/nginx.conf (only its `# local:` lines rewritten). Instances keep their port across
 * restarts, as containers keep their name, so nginx's upstream block stays as it is.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { writeLocalNginxConfig } from "../../scripts/scaleTest/nginxConfig.mjs";
import { ensureSystemTools, findCommand, installHint } from "../../scripts/lib/systemTools.mjs";
import { freePort, ROOT } from "./builtServer";
import { until } from "./waitFor";

const PRELOAD = path.join(ROOT, "scripts/scaleTest/prismicOnLoopback.mjs");

/** nginx from PATH or Debian's /usr/sbin, installed (`nginx-light`) as root when missing (scripts/lib/systemTools.mjs). */
export function nginxBinary(): string {
  ensureSystemTools("nginx");
  const found = findCommand("nginx");
  if (!found) throw new Error(installHint(["nginx"]));
  return found;
}

export interface Nginx {
  url: string;
  dir: string;
  /** Lines of the access log (deploy/nginx/nginx.conf's `site` format). */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * deploy/nginx/nginx.conf in front of one stand-in instance that answers with `handler`, the
 * real-IP block on for loopback, so a test speaks for many clients by X-Forwarded-For. Its stop
 * closes both.
 */
export async function startNginxBeforeStandIn(handler: http.RequestListener): Promise<Nginx> {
  const upstream = http.createServer(handler);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const closeUpstream = () => new Promise((resolve) => upstream.close(resolve));
  const nginx = await startNginx({
    upstreams: [`127.0.0.1:${(upstream.address() as AddressInfo).port}`],
    offlinePage: "offline",
    realIpFrom: "127.0.0.1",
  }).catch(async (error: unknown) => {
    await closeUpstream();
    throw error;
  });
  return {
    ...nginx,
    async stop() {
      await nginx.stop();
      await closeUpstream();
    },
  };
}

/**
 * `edit`: a change to the local configuration, for a test that stands nginx in for another cache
 * (a CDN that keys on the normalised path, say); without it, the deploy file as it is.
 */
export async function startNginx(options: {
  upstreams: string[];
  offlinePage: string;
  realIpFrom?: string;
  /** `realIpFrom` also terminates TLS: its X-Forwarded-Proto is passed on (nginx.conf's `tls_balancer` line). */
  tlsBalancer?: boolean;
  edit?: (conf: string) => string;
}): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scale-nginx-"));
  const port = await freePort();
  const file = writeLocalNginxConfig({
    dir,
    port,
    upstreams: options.upstreams,
    realIpFrom: options.realIpFrom,
    tlsBalancer: options.tlsBalancer,
  });
  if (options.edit) {
    const conf = fs.readFileSync(file, "utf8");
    const edited = options.edit(conf);
    if (edited === conf) throw new Error("startNginx: the edit changed nothing in nginx.conf");
    fs.writeFileSync(file, edited);
  }
  fs.writeFileSync(path.join(dir, "offline/503.html"), options.offlinePage);
  const child = spawn(nginxBinary(), ["-c", file, "-e", path.join(dir, "startup.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  await until(
    `nginx on ${url}`,
    async () => {
      if (child.exitCode !== null)
        throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${readOr(path.join(dir, "startup.log"))}`);
      return (await fetch(`${url}/_nginx/healthz`).catch(() => null))?.ok === true;
    },
    { timeoutMs: 10_000, intervalMs: 100 },
  );
  return {
    url,
    dir,
    accessLog: () => readOr(path.join(dir, "access.log")).split("\n").filter(Boolean),
    errorLog: () => readOr(path.join(dir, "error.log")),
    stop: () => stopProcess(child, "SIGQUIT", 10_000).then(() => fs.rmSync(dir, { recursive: true, force: true })),
  };
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** Sends `signal` and resolves with the exit code; SIGKILL after `timeoutMs`. */
function stopProcess(child: ChildProcess, signal: NodeJS.Signals, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill(signal);
  });
}

export interface Instance {
  readonly port: number;
  readonly url: string;
  /** Process id of the running process (changes at each start). */
  pid(): number | undefined;
  running(): boolean;
  /** Starts the process and waits until /readyz answers "ready". */
  start(): Promise<void>;
  /** SIGTERM (the drain) and wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash, nothing drained. */
  kill(): Promise<void>;
  /** Lines the process logged at error or fatal (pino levels 50, 60), over every start. */
  errorLines(): string[];
  /** How many warnings (pino level 40) the process logged, by message, over every start. */
  warnings(): Record<string, number>;
}

export function createInstance(env: Record<string, string>, port: number): Instance {
  const url = `http://127.0.0.1:${port}`;
  const mediaCache = fs.mkdtempSync(path.join(os.tmpdir(), "scale-media-"));
  let child: ChildProcess | undefined;
  const errors: string[] = [];
  const warnings: Record<string, number> = {};
  const instance: Instance = {
    port,
    url,
    pid: () => child?.pid,
    running: () => !!child && child.exitCode === null && child.signalCode === null,
    async start() {
      let stderr = "";
      const started = spawn(process.execPath, ["--import", PRELOAD, path.join(ROOT, "dist/server/index.js")], {
        cwd: ROOT,
        // One load generator stands for every visitor: no per-client budget of uncached renders.
        env: {
          ...process.env,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          MEDIA_CACHE_DIR: mediaCache,
          LOG_LEVEL: "warn",
          RENDER_BUDGET_PER_MINUTE: "0",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      let pending = "";
      started.stdout!.on("data", (d: Buffer) => {
        pending += d;
        const lines = pending.split("\n");
        pending = lines.pop()!;
        for (const line of lines) {
          if (/"level":(50|60)/.test(line)) errors.push(line.slice(0, 4000));
          const warning = /"level":40\b.*"msg":"([^"]*)"/.exec(line);
          if (warning) warnings[warning[1]] = (warnings[warning[1]] ?? 0) + 1;
        }
      });
      started.stderr!.on("data", (d) => (stderr += d));
      await until(
        `instance ${url} to be ready`,
        async () => {
          if (started.exitCode !== null) throw new Error(`instance ${url} exited with ${started.exitCode}: ${stderr}`);
          return (
            (await fetch(`${url}/readyz`).then(
              (r) => r.text(),
              () => "",
            )) === "ready"
          );
        },
        // A harness deadline: idle, an instance is ready in a few seconds; a cold machine's first
        // start (libraries read from disk) was seen past 30 s.
        { timeoutMs: 60_000, intervalMs: 100 },
      );
    },
    stop: () => (child ? stopProcess(child, "SIGTERM", 40_000) : Promise.resolve(null)),
    kill: () => (child ? stopProcess(child, "SIGKILL", 5_000).then(() => undefined) : Promise.resolve()),
    errorLines: () => errors,
    warnings: () => warnings,
  };
  return instance;
}

/** Resident memory now and at its peak (VmRSS, VmHWM) of a process, in MiB (Linux /proc). */
export function memoryOf(pid: number | undefined): { rss: number; peak: number } | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const mib = (field: string) =>
      Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) / 1024);
    return { rss: mib("VmRSS"), peak: mib("VmHWM") };
  } catch {
    return null;
  }
}

/** Free ports for `n` instances, reserved for the run (instances restart on the same port). */
export async function instancePorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < n) ports.add(await freePort());
  return [...ports];
}
