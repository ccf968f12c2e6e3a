/**
 * Smoke test of Slice Machine's own app (`npm run slicemachine`, slice-machine-ui): it starts
 * within a bound on this project, listens on loopback only, serves its UI, and its /_manager
 * endpoint (what the UI calls) reads the project's slices and custom types through our adapter.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "./support/builtServer";
import { ROOT } from "./support/testApp";

const START_BOUND_MS = 60_000;

let child: ChildProcess | undefined;
let output = "";
afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child!.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
});

test(
  "slice-machine-ui starts on loopback and /_manager reads the project's models",
  async () => {
    const port = await freePort();
    const started = Date.now();
    child = spawn(process.execPath, [path.join(ROOT, "scripts/slicemachine.mjs"), "--port", String(port)], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Slice Machine did not print "Running at" within ${START_BOUND_MS} ms:\n${output}`)),
        START_BOUND_MS,
      );
      const check = () => {
        if (output.includes("Running at")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child!.stdout!.on("data", check);
      child!.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Slice Machine exited with ${code} before it was running:\n${output}`));
      });
    });
    expect(output).toContain(`Running at http://localhost:${port}`);
    const origin = `http://127.0.0.1:${port}`;

    // The app's pages are served (bounded: the first request compiles nothing, the UI is prebuilt).
    const home = await fetch(`${origin}/slices`, { signal: AbortSignal.timeout(20_000) });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<html");

    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createSliceMachineManagerClient } =
      require("@slicemachine/manager/client") as typeof import("@slicemachine/manager/client");
    const client = createSliceMachineManagerClient({ serverURL: `${origin}/_manager` });
    const slices = await client.slices.readAllSlices();
    expect(slices.errors).toEqual([]);
    const onDisk = fs
      .readdirSync(path.join(ROOT, "views/slices"))
      .filter((name) => fs.existsSync(path.join(ROOT, "views/slices", name, "model.json")));
    expect(slices.models.map(({ model }) => model.name).sort()).toEqual(onDisk.sort());
    const customTypes = await client.customTypes.readAllCustomTypes();
    expect(customTypes.errors).toEqual([]);
    expect(customTypes.models.map(({ model }) => model.id).sort()).toEqual(
      fs.readdirSync(path.join(ROOT, "customtypes")).sort(),
    );
    expect(await client.project.getAdapterName()).toBe("./packages/slicemachine-adapter");
    expect(Date.now() - started).toBeLessThan(START_BOUND_MS);
  },
  START_BOUND_MS + 30_000,
);

test("it listens on 127.0.0.1 only: its manager writes the project's files", () => {
  expect(child).toBeDefined();
  // The launcher binds the host Slice Machine leaves open; the port answered on 127.0.0.1 above.
  const ss = fs.existsSync("/proc/net/tcp6")
    ? fs.readFileSync("/proc/net/tcp6", "utf8") + fs.readFileSync("/proc/net/tcp", "utf8")
    : fs.readFileSync("/proc/net/tcp", "utf8");
  const port = Number(/localhost:(\d+)/.exec(output)![1])
    .toString(16)
    .toUpperCase()
    .padStart(4, "0");
  const listening = ss
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[3] === "0A" && cols[1]?.endsWith(`:${port}`))
    .map((cols) => cols[1].split(":")[0]);
  expect(listening).toEqual(["0100007F"]);
});
