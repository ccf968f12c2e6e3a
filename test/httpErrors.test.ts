/**
 * The last error handler (server/http/httpErrors.ts): a short plain answer; a client error keeps its
 * status and is not logged as a fault; anything else is a 500, logged; never a stack; a visitor
 * who left mid-download is only noted.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { errorHandler } from "../server/http/httpErrors";
import { capturingLogger } from "./support/capturingLogger";

async function answer(error: unknown, sendFirst = false) {
  const { logger, lines } = capturingLogger("info");
  const app = express();
  app.get("/", (_req, res, next) => {
    if (sendFirst) res.write("partial");
    next(error);
  });
  app.use(errorHandler(logger));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const response = await new Promise<{ status: number; type?: string; body: string }>((resolve) => {
      const req = http.get({ host: "127.0.0.1", port: (server.address() as AddressInfo).port, path: "/" }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, type: res.headers["content-type"], body }));
        res.on("error", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", () => resolve({ status: 0, body: "" }));
    });
    return { ...response, lines };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test.each([
  [
    "a bad request",
    Object.assign(new Error("Unexpected token in JSON at /srv/app"), { status: 400 }),
    400,
    "Bad Request",
  ],
  [
    "too large a body",
    Object.assign(new Error("request entity too large"), { statusCode: 413 }),
    413,
    "Payload Too Large",
  ],
  ["a 404 raised by a handler", Object.assign(new Error("nope"), { status: 404 }), 404, "Not Found"],
])(
  "%s keeps its status, plainly, without the error's text, and is no fault in the log",
  async (_case, error, status, text) => {
    const { status: got, type, body, lines } = await answer(error);
    expect([got, body]).toEqual([status, text]);
    expect(type).toMatch(/^text\/plain/);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  },
);

test.each([
  ["an error without a status", new Error("database exploded at /srv/app/server/x.ts:12")],
  ["a 5xx status", Object.assign(new Error("upstream"), { status: 502 })],
  ["a status that is no HTTP status", Object.assign(new Error("weird"), { status: 99 })],
  ["something thrown that is not an Error", "a string"],
])("%s is a plain 500, logged as unhandled", async (_case, error) => {
  const { status, body, lines } = await answer(error);
  expect([status, body]).toEqual([500, "Internal Server Error"]);
  expect(lines.find((l) => l.msg === "unhandled error")?.level).toBe(50);
});

test("a visitor who went away is noted, not answered, not a fault", async () => {
  const { logger, lines } = capturingLogger("info");
  const handle = errorHandler(logger);
  const res = { headersSent: false, status: jest.fn() };
  const next = jest.fn();
  handle(
    Object.assign(new Error("aborted"), { code: "ECONNABORTED" }),
    { path: "/media/a.jpg" } as never,
    res as never,
    next,
  );
  expect(res.status).not.toHaveBeenCalled();
  expect(next).not.toHaveBeenCalled();
  expect(lines).toEqual([expect.objectContaining({ level: 30, path: "/media/a.jpg" })]);
});

test("an error after the response started is handed to Express, which cuts the response", async () => {
  const { status, body } = await answer(new Error("late"), true);
  expect(status).toBe(200);
  expect(body).toBe("partial");
});
