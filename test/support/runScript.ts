/** Runs one of the project's Node scripts as a child process, asynchronously (stand-in servers in this process keep answering), with a bound. */
import { spawn } from "node:child_process";

export interface ScriptResult {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runScript(
  script: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined>; timeoutMs?: number },
): Promise<ScriptResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timeoutMs = options.timeoutMs ?? 60_000;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} ${args.join(" ")} did not finish within ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once("error", reject);
    child.once("exit", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, ms: performance.now() - started });
    });
  });
}
