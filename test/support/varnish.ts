/**
 * varnishd with the deploy's VCL (deploy/varnish/default.vcl) on this machine: Debian's varnish and
 * varnish-modules (installed when missing, scripts/lib/systemTools.mjs), the VCL as it is but for
 * its include of the instances (one, on loopback) and the token's path, started as
 * deploy/varnish/entrypoint.sh starts it, with a visitors' and a purge listener of its own.
 */
import { type ChildProcess, spawn } from "node:child_process";
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
  log: () => string;
  stop: () => Promise<void>;
}

/** varnishd with the deployed VCL, its instances (one, at `upstreamPort`) and its token moved to a folder of its own. */
export async function startVarnish(upstreamPort: number): Promise<Varnish> {
  ensureSystemTools("varnish");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "varnish-edge-"));
  const vcl = fs.readFileSync(VCL, "utf8");
  // The two lines rewritten here: a VCL without them would run unchanged, and prove nothing.
  if (!vcl.includes(TOKEN_PATH) || !vcl.includes('include "backends.vcl";'))
    throw new Error(`${VCL}: no ${TOKEN_PATH} or no include of backends.vcl to rewrite`);
  fs.writeFileSync(path.join(dir, "default.vcl"), vcl.replaceAll(TOKEN_PATH, path.join(dir, "token")));
  fs.writeFileSync(path.join(dir, "token"), `${VARNISH_TOKEN}\n`);
  const backends = fs
    .readFileSync(path.join(ROOT, "deploy/varnish/backends.compose.vcl"), "utf8")
    .replace(/^backend app[23] .*$/gm, "")
    .replace(/^\s*site\.add_backend\(app[23]\);$/gm, "")
    .replace(/\.host = "app1"; \.port = "3000";/, `.host = "127.0.0.1"; .port = "${upstreamPort}";`);
  fs.writeFileSync(path.join(dir, "backends.vcl"), backends);
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
      path.join(dir, "work"),
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
      "malloc,32m",
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
  return { httpPort, purgePort, log: () => log, stop };
}
