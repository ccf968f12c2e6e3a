/**
 * `npm run dev` on a port in use says so in one line and exits before it builds anything
 * (scripts/dev.mjs, docs/development.md "Builds beside a running server"), as `npm start` does,
 * where it printed Node's unhandled EADDRINUSE stack.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { ROOT } from "./support/testApp";

test("npm run dev on a port in use: exit 1, one line saying what to do, nothing built", async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const port = (taken.address() as net.AddressInfo).port;
  try {
    const buildDir = path.join(ROOT, ".cache", "dev-port-in-use");
    const run = spawnSync(process.execPath, [path.join(ROOT, "scripts/dev.mjs")], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BUILD_DIR: buildDir },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 1,
      stdout: "",
      stderr: `Port ${port} is already in use (another npm start or npm run dev?): stop it, or start on another port: PORT=${port + 1} npm run dev\n`,
    });
    expect(fs.existsSync(buildDir)).toBe(false);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
});
