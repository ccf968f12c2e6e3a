/**
 * Request logs carry the request id and never a preview token or a secret from the query string;
 * the process logger writes JSON lines, pretty ones only in development (server/observability/logger.ts).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { errorHandler } from "../server/http/httpErrors";
import { loggerOptions, type LogEnvironment } from "../server/observability/logger";
import { capturingLogger } from "./support/capturingLogger";
import { createTestApp, ROOT } from "./support/testApp";

test("a preview token in the URL is redacted in the request log line, and the request id is echoed", async () => {
  const { logger, lines } = capturingLogger();
  const { app } = createTestApp({ logger });
  const res = await request(app)
    .get("/preview?token=https%3A%2F%2Fembedded.invalid%2Fpreviews%2Fsecret-release&documentId=home-gb")
    .set("X-Request-Id", "req-abc-123");
  expect(res.headers["x-request-id"]).toBe("req-abc-123");
  const line = lines.find((l) => (l.req as { url?: string } | undefined)?.url?.startsWith("/preview")) as
    | { req: { id: string; url: string } }
    | undefined;
  expect(line).toBeDefined();
  expect(line!.req.id).toBe("req-abc-123");
  expect(line!.req.url).toContain("token=[redacted]");
  expect(JSON.stringify(lines)).not.toContain("secret-release");
});

describe("log format by NODE_ENV", () => {
  /** The first line the process logger writes, in a Node process of its own (the pretty transport is a worker thread writing to stdout). */
  const firstLine = (env: LogEnvironment) =>
    execFileSync(
      process.execPath,
      [
        "-e",
        `import("./server/observability/logger.ts").then((m) => m.createLogger("info", "${env}").info({ page: "/gallery" }, "hello"))`,
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    ).split("\n")[0];

  test("production and test write JSON lines; development writes pretty lines through pino-pretty", () => {
    for (const env of ["production", "test"] as const) {
      expect(loggerOptions("info", env, undefined, false).transport).toBeUndefined();
      expect(JSON.parse(firstLine(env))).toMatchObject({ level: 30, msg: "hello", page: "/gallery" });
    }
    expect(loggerOptions("info", "development").transport).toMatchObject({ target: "pino-pretty" });
    // One line per event, its fields on the same line (npm run dev).
    expect(firstLine("development")).toMatch(/^\[[\d:.]+\] INFO: hello \{"page":"\/gallery"\}$/);
  });

  test("npm start in a terminal writes pretty lines; piped or in tests, JSON", () => {
    expect(loggerOptions("info", "production", () => true, true).transport).toMatchObject({ target: "pino-pretty" });
    expect(loggerOptions("info", "production", () => true, false).transport).toBeUndefined();
    expect(loggerOptions("info", "test", () => true, true).transport).toBeUndefined();
    expect(loggerOptions("info", "production", () => false, true).transport).toBeUndefined();
  });

  test("without pino-pretty installed (the Docker image), development falls back to JSON, and the server bundle never imports it", () => {
    expect(loggerOptions("info", "development", () => false).transport).toBeUndefined();
    // The bundle keeps packages external; pino-pretty may only appear as the transport's name, loaded by pino at run time.
    const bundle = fs.readFileSync(path.join(ROOT, "dist/server/server.js"), "utf8");
    expect(bundle).not.toMatch(/(from|import\(|require\()\s*["']pino-pretty["']/);
    expect(bundle.match(/pino-pretty/g) ?? []).toHaveLength(2);
  });
});

describe("the last error handler (server/http/httpErrors.ts)", () => {
  /** A response that records what the handler sends. */
  const fakeResponse = () => {
    const sent: { status?: number; body?: string } = {};
    const res = {
      headersSent: false,
      status(code: number) {
        sent.status = code;
        return res;
      },
      type: () => res,
      send(body: string) {
        sent.body = body;
        return res;
      },
    };
    return { res, sent };
  };

  test("a visitor who left mid-download (Express's ECONNABORTED) is an info line, not an error, and nothing is sent", () => {
    const { lines, logger } = capturingLogger();
    const { res, sent } = fakeResponse();
    const aborted = Object.assign(new Error("Request aborted"), { code: "ECONNABORTED" });
    errorHandler(logger)(aborted, { path: "/media/kitchens/shaker.jpg" } as never, res as never, () => {});
    expect(lines.map((l) => l.level)).toEqual([30]);
    expect(lines[0].msg).toContain("client closed the connection");
    expect(sent).toEqual({});
  });

  test("any other fault is logged as an error and answered 500 without its message", () => {
    const { lines, logger } = capturingLogger();
    const { res, sent } = fakeResponse();
    errorHandler(logger)(new Error("database password is hunter2"), { path: "/" } as never, res as never, () => {});
    expect(lines.map((l) => l.level)).toEqual([50]);
    expect(sent).toEqual({ status: 500, body: "Internal Server Error" });
  });
});
