/**
 * `npm start` on a port in use says so in one line before it builds anything (scripts/portFree.mjs,
 * docs/development.md): a build would replace dist/ under the server already on that port.
 */
import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { ROOT } from "./support/testApp";

const check = (env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join(ROOT, "scripts/portFree.mjs")], {
    env: { ...process.env, HOST: "127.0.0.1", ...env },
    encoding: "utf8",
    timeout: 10_000,
  });

test("a port in use: exit 1 and one line saying what to do", async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const port = (taken.address() as net.AddressInfo).port;
  try {
    const run = check({ PORT: String(port) });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `Port ${port} is already in use (another npm start or npm run dev?): stop it, or start on another port: PORT=${port + 1} npm start\n`,
    );
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
});

test("a free port: exit 0, nothing printed, and the port is free again", async () => {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const run = check({ PORT: String(port) });
  expect({ status: run.status, out: run.stdout + run.stderr }).toEqual({ status: 0, out: "" });
});

test("a port that is no port: the configuration's message", () => {
  const run = check({ PORT: "abc" });
  expect(run.status).toBe(1);
  expect(run.stderr).toBe('Invalid configuration:\n  PORT: a port number from 0 to 65535 (it is "abc")\n');
});

test("npm start checks the port before it builds", async () => {
  const { scripts } = (await import("../package.json", { with: { type: "json" } })).default as {
    scripts: Record<string, string>;
  };
  expect(scripts.start.split(" && ")).toEqual(["node scripts/portFree.mjs", "npm run build", "npm run serve"]);
});
