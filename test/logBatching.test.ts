/**
 * Log lines are written in batches (decision record 019), and still promptly on a quiet site and all of them
 * at shutdown: the production build, with its access lines on stdout, as an operator runs it.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { startBuiltServer } from "./support/builtServer";
import { LOG_BATCH_BYTES, LOG_FLUSH_DELAY_MS } from "../server/observability/logger";

const accessLines = (output: string) => output.split("\n").filter((line) => line.includes('"msg":"request completed"'));

test("a request on a quiet site is logged within the flush delay, and every line written before exit is there after it", async () => {
  const server = await startBuiltServer({ LOG_LEVEL: "info", PAGE_CACHE_BYTES: String(64 * 1024 * 1024) });
  try {
    await (await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "quiet-1" } })).text();
    const deadline = Date.now() + LOG_FLUSH_DELAY_MS + 2_000;
    while (!server.output().includes('"id":"quiet-1"') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(server.output()).toContain('"id":"quiet-1"');

    // Cache hits (logged by the fast path) and other requests, then straight to SIGTERM.
    await (await fetch(`${server.url}/gallery`)).text();
    const ids: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const id = `burst-${batch}-${i}`;
          ids.push(id);
          await (
            await fetch(`${server.url}${i % 3 === 0 ? "/healthz" : "/gallery"}`, { headers: { "x-request-id": id } })
          ).text();
        }),
      );
    }
    await server.stop();
    const lines = accessLines(server.output());
    // One line per request, none lost, none twice.
    for (const id of ids) expect(lines.filter((line) => line.includes(`"id":"${id}"`))).toHaveLength(1);
    expect(
      lines.filter((line) => line.includes('"cache":"HIT"') && line.includes('"id":"burst-')).length,
    ).toBeGreaterThan(100);
  } finally {
    await server.stop();
  }
});

test("lines still gathered in a batch when the process exits are written, none twice", () => {
  // A process that logs a few lines (less than a batch) and exits at once, and one that logs
  // several batches' worth and then exits: every line is in its output exactly once.
  for (const count of [3, Math.ceil((3 * LOG_BATCH_BYTES) / 20)]) {
    const script = `const { batchedDestination } = await import(${JSON.stringify(path.join(__dirname, "../server/observability/logger.ts"))});
      const log = batchedDestination(1);
      for (let i = 0; i < ${count}; i++) log.write("line " + i + "\\n");
      process.exit(0);`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.stderr).toBe("");
    const lines = run.stdout.split("\n").filter(Boolean);
    expect(lines).toEqual(Array.from({ length: count }, (_, i) => `line ${i}`));
  }
});

test("a warning or an error is written at once, with the lines gathered before it; an info line waits for its batch", () => {
  // Writes to a pipe this test reads synchronously (fd of a temp file), checked before any timer could fire.
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "log-batch-")), "out.log");
  const fd = fs.openSync(file, "w");
  const { batchedDestination } =
    require("../server/observability/logger") as typeof import("../server/observability/logger");
  const log = batchedDestination(fd, { flushDelayMs: 60_000 });
  try {
    log.write('{"level":30,"msg":"request completed"}\n');
    expect(fs.readFileSync(file, "utf8")).toBe("");
    log.write('{"level":40,"msg":"a warning"}\n');
    expect(fs.readFileSync(file, "utf8")).toBe(
      '{"level":30,"msg":"request completed"}\n{"level":40,"msg":"a warning"}\n',
    );
    log.write('{"level":50,"msg":"an error"}\n');
    expect(fs.readFileSync(file, "utf8")).toContain('"an error"');
  } finally {
    log.flush();
    fs.closeSync(fd);
  }
});
