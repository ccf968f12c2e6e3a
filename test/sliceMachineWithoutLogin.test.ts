/**
 * `npm run slicemachine` without a Prismic login says at start that the four HTTP 500s its page
 * shows in the browser console are expected and harmless (scripts/slicemachine.mjs,
 * docs/prismic.md), where nothing in the terminal explained them. The process is stopped as soon
 * as the line is printed: Slice Machine itself is not needed for it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./support/builtServer";
import { ROOT } from "./support/testApp";

test("without a login, one line before Slice Machine starts names the 500s and says they are harmless", async () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "no-prismic-login-"));
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "scripts/slicemachine.mjs"), "--port", String(await freePort())],
    { cwd: ROOT, env: { ...process.env, HOME: home, PORT: "" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no login line within 20 s:\n${output}`)), 20_000);
      child.stdout!.on("data", (data) => {
        output += data;
        const found = output.split("\n").find((text) => text.startsWith("No Prismic login"));
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      });
      child.stderr!.on("data", (data) => (output += data));
    });
    expect(line).toMatch(/four HTTP 500s in the browser console .*need a login.* Harmless.*docs\/prismic\.md/);
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    fs.rmSync(home, { recursive: true, force: true });
  }
});
