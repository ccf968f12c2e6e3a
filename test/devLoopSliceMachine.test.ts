/**
 * Slice Machine's simulator follows the dev loop's port: `PORT=N npm run slicemachine` frames
 * http://localhost:N/slice-simulator, the page `PORT=N npm run dev` serves, without an edit of
 * slicemachine.config.json, whose URL names port 3000 (docs/prismic.md). Asked through Slice
 * Machine's own /_manager endpoint, as its UI asks.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "./support/builtServer";
import { ROOT } from "./support/testApp";

const START_BOUND_MS = 60_000;
const CONFIG = path.join(ROOT, "slicemachine.config.json");

let child: ChildProcess | undefined;
let output = "";
afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child!.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
});

test(
  "PORT=N npm run slicemachine: the simulator is the site's on port N, and slicemachine.config.json is unchanged",
  async () => {
    const configBefore = fs.readFileSync(CONFIG, "utf8");
    expect(JSON.parse(configBefore).localSliceSimulatorURL).toBe("http://localhost:3000/slice-simulator");
    const port = await freePort();
    const sitePort = 4321;
    child = spawn(process.execPath, [path.join(ROOT, "scripts/slicemachine.mjs"), "--port", String(port)], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(sitePort), NO_COLOR: "1", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Slice Machine did not print "Running at" within ${START_BOUND_MS} ms:\n${output}`)),
        START_BOUND_MS,
      );
      child!.stdout!.on("data", () => {
        if (!output.includes("Running at")) return;
        clearTimeout(timer);
        resolve();
      });
      child!.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Slice Machine exited with ${code} before it was running:\n${output}`));
      });
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createSliceMachineManagerClient } =
      require("@slicemachine/manager/client") as typeof import("@slicemachine/manager/client");
    const client = createSliceMachineManagerClient({ serverURL: `http://127.0.0.1:${port}/_manager` });
    expect(await client.simulator.getLocalSliceSimulatorURL()).toBe(`http://localhost:${sitePort}/slice-simulator`);
    const state = await client.getState();
    expect(state.env.manifest.localSliceSimulatorURL).toBe(`http://localhost:${sitePort}/slice-simulator`);
    expect(fs.readFileSync(CONFIG, "utf8")).toBe(configBefore);
    // Said at start: which simulator, and why.
    expect(output).toContain(`simulator for this run: http://localhost:${sitePort}/slice-simulator`);
  },
  START_BOUND_MS + 30_000,
);
