/**
 * varnishd with the deploy's VCL (deploy/varnish/default.vcl) on this machine: Debian's varnish and
 * varnish-modules (installed when missing, scripts/lib/systemTools.mjs), the VCL as it is but for
 * its include of the instances (app1.. on loopback ports) and the token's path, started as
 * deploy/varnish/entrypoint.sh starts it, with a visitors' and a purge listener of its own.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureSystemTools, findCommand } from "../../scripts/lib/systemTools.mjs";
import { freePort, ROOT } from "./builtServer";
import { until } from "./waitFor";

const VCL = path.join(ROOT, "deploy/varnish/default.vcl");
const TOKEN_PATH = "/var/lib/varnish/edge-purge-token";
/** The purge token the started Varnish expects. */
export const VARNISH_TOKEN = "edge-purge-token-for-tests-0123";

export interface Varnish {
  httpPort: number;
  purgePort: number;
  /** varnishd's working folder (`-n`): what varnishstat, varnishadm and varnishncsa take. */
  workdir: string;
  log: () => string;
  /** A counter of `varnishstat -1` (e.g. `MAIN.n_obj_purged`), or undefined when it has none by that name. */
  stat: (field: string) => number | undefined;
  /** A `varnishadm` command's output (e.g. `backend.set_health boot.app1 sick`). */
  admin: (...args: string[]) => string;
  stop: () => Promise<void>;
}

/** The compose file's backends (app1..app3) pointed at loopback ports, as many as given (at most three). */
function loopbackBackends(ports: readonly number[]): string {
  let backends = fs.readFileSync(path.join(ROOT, "deploy/varnish/backends.compose.vcl"), "utf8");
  if (ports.length < 1 || ports.length > 3) throw new Error(`startVarnish: 1 to 3 instances, not ${ports.length}`);
  for (let n = 1; n <= 3; n++) {
    const port = ports[n - 1];
    backends =
      port === undefined
        ? backends
            .replace(new RegExp(`^backend app${n} .*$`, "m"), "")
            .replace(new RegExp(`^\\s*site\\.add_backend\\(app${n}\\);$`, "m"), "")
        : backends.replace(`.host = "app${n}"; .port = "3000";`, `.host = "127.0.0.1"; .port = "${port}";`);
  }
  return backends;
}

/**
 * varnishd with the deployed VCL, its instances (the round-robin director's app1.. at
 * `upstreamPorts`, one port or up to three) and its token moved to a folder of its own.
 * `memory`: its cache's size (`-s malloc,<memory>`; compose.yaml's VARNISH_SIZE is 256m).
 */
export async function startVarnish(
  upstreamPorts: number | readonly number[],
  { memory = "32m" }: { memory?: string } = {},
): Promise<Varnish> {
  ensureSystemTools("varnish");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "varnish-edge-"));
  const vcl = fs.readFileSync(VCL, "utf8");
  // The two lines rewritten here: a VCL without them would run unchanged, and prove nothing.
  if (!vcl.includes(TOKEN_PATH) || !vcl.includes('include "backends.vcl";'))
    throw new Error(`${VCL}: no ${TOKEN_PATH} or no include of backends.vcl to rewrite`);
  fs.writeFileSync(path.join(dir, "default.vcl"), vcl.replaceAll(TOKEN_PATH, path.join(dir, "token")));
  fs.writeFileSync(path.join(dir, "token"), `${VARNISH_TOKEN}\n`);
  fs.writeFileSync(
    path.join(dir, "backends.vcl"),
    loopbackBackends(typeof upstreamPorts === "number" ? [upstreamPorts] : upstreamPorts),
  );
  const workdir = path.join(dir, "work");
  const httpPort = await freePort();
  const purgePort = await freePort();
  const child: ChildProcess = spawn(
    findCommand("varnishd")!,
    [
      "-F",
      // No privilege separation: the test's user owns the folder, root or not.
      "-j",
      "none",
      "-n",
      workdir,
      "-a",
      `http=127.0.0.1:${httpPort},HTTP`,
      "-a",
      `purge=127.0.0.1:${purgePort},HTTP`,
      "-f",
      path.join(dir, "default.vcl"),
      "-p",
      `vcl_path=${dir}`,
      // As deploy/varnish/entrypoint.sh starts it.
      "-p",
      "http_gzip_support=off",
      "-s",
      `malloc,${memory}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(
      "varnishd answering",
      async () => {
        if (child.exitCode !== null) throw new Error(`varnishd exited:\n${log}`);
        return (await fetch(`http://127.0.0.1:${purgePort}/`).catch(() => null))?.status === 405;
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const stat = (field: string) => {
    const out = execFileSync(findCommand("varnishstat")!, ["-n", workdir, "-1", "-f", field], { encoding: "utf8" });
    const value = new RegExp(`^${field.replaceAll(".", "\\.")}\\s+(\\d+)`, "m").exec(out)?.[1];
    return value === undefined ? undefined : Number(value);
  };
  const admin = (...args: string[]) =>
    execFileSync(findCommand("varnishadm")!, ["-n", workdir, ...args], { encoding: "utf8" });
  return { httpPort, purgePort, workdir, log: () => log, stat, admin, stop };
}
