/**
 * POST /api/client-log: the browser's fatal-error reports become one warn log line with the
 * request id; bad input is a 400, a body over 4 KB a 413, a flood a 429, and nothing sent is
 * ever echoed back.
 */
import express from "express";
import pino from "pino";
import { pinoHttp } from "pino-http";
import request from "supertest";
import { CLIENT_LOG_PATH, createClientLogRoute } from "../server/observability/browserErrorReports";
import { capturingLogger } from "./support/capturingLogger";
import { createTestApp } from "./support/testApp";

const SITE_URL = "https://www.example.com";
const SITE_ORIGIN = "https://www.example.com";

/** The route on an app of its own; every request it makes carries the site's Origin unless it sets another. */
function appWithLog(limit = 10) {
  const { logger, lines } = capturingLogger();
  const raw: string[] = [];
  const tee = pino({}, { write: (line: string) => void raw.push(line) });
  const app = express();
  app.use(
    pinoHttp({ logger, genReqId: (req) => (req.headers["x-request-id"] as string) ?? "generated", autoLogging: false }),
  );
  app.use((req, _res, next) => {
    if (req.headers.origin === undefined) req.headers.origin = SITE_ORIGIN;
    else if (req.headers.origin === "") delete req.headers.origin;
    next();
  });
  const route = createClientLogRoute(logger, { limit, siteUrl: SITE_URL });
  app.use(route);
  const rawApp = express();
  rawApp.use(pinoHttp({ logger: tee, autoLogging: false }));
  rawApp.use(createClientLogRoute(tee, { limit, siteUrl: SITE_URL }));
  return { app, lines, rawApp, raw };
}

const report = {
  kind: "startup",
  message: "TypeError: x is undefined",
  stack: "at start (/assets/entry-X.js:1:2)",
  path: "/info/about-us",
  buildId: "abc123",
};

test("a valid report is logged at warn with the request id and answered 204 with no body", async () => {
  const { app, lines } = appWithLog();
  const res = await request(app).post(CLIENT_LOG_PATH).set("X-Request-Id", "req-42").send(report);
  expect(res.status).toBe(204);
  expect(res.text).toBe("");
  const line = lines.find((l) => l.msg === "client error reported")!;
  expect(line.level).toBe(40);
  expect((line.req as { id: string }).id).toBe("req-42");
  expect(line.clientError).toEqual(report);
});

test.each([
  ["an unknown kind", { ...report, kind: "whatever" }],
  ["no message", { ...report, message: "" }],
  ["a path with a query string", { ...report, path: "/preview?token=secret-token" }],
  ["an unexpected field", { ...report, cookie: "secret-cookie" }],
  ["a list", [report]],
])("a report with %s is a 400 that does not echo it", async (_name, body) => {
  const { app, lines } = appWithLog();
  const res = await request(app)
    .post(CLIENT_LOG_PATH)
    .send(body as object);
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ status: 400, message: "Invalid report" });
  expect(res.text).not.toMatch(/secret|whatever/);
  expect(lines.filter((l) => l.msg === "client error reported")).toEqual([]);
});

test("a body that is not JSON is a 400, without the parser's message", async () => {
  const { app } = appWithLog();
  const res = await request(app)
    .post(CLIENT_LOG_PATH)
    .set("Content-Type", "application/json")
    .send('{"kind": "startup", oops}');
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ status: 400, message: "Invalid report" });
});

test("a body over 4 KB is a 413", async () => {
  const { app, lines } = appWithLog();
  const res = await request(app)
    .post(CLIENT_LOG_PATH)
    .send({ ...report, stack: "x".repeat(5000) });
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ status: 413, message: "Report too large" });
  expect(lines.filter((l) => l.msg === "client error reported")).toEqual([]);
});

test("one address sending more than the limit gets 429s, and those are not logged", async () => {
  const { app, lines } = appWithLog(3);
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await request(app).post(CLIENT_LOG_PATH).send(report)).status);
  expect(statuses).toEqual([204, 204, 204, 429, 429]);
  expect(lines.filter((l) => l.msg === "client error reported")).toHaveLength(3);
});

test("other methods are a 405 naming POST", async () => {
  const { app } = appWithLog();
  const res = await request(app).get(CLIENT_LOG_PATH);
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe("POST");
});

test("the site's app answers reports at /api/client-log, from its own origin only", async () => {
  const { app, config } = createTestApp();
  const site = new URL(config.SITE_URL).origin;
  expect((await request(app).post(CLIENT_LOG_PATH).set("Origin", site).send(report)).status).toBe(204);
  expect((await request(app).post(CLIENT_LOG_PATH).send(report)).status).toBe(403);
});

describe("only the site's own pages may report (docs/security.md)", () => {
  test.each([
    ["no Origin", ""],
    ["another site's Origin", "https://evil.example"],
    ["Origin null", "null"],
    ["the site's host with credentials before it", "https://evil@www.example.com"],
    ["the site's origin with a trailing slash", "https://www.example.com/"],
    ["the site's origin over http", "http://www.example.com"],
    ["the site's origin in capitals", "HTTPS://WWW.EXAMPLE.COM"],
  ])("%s is a 403, and nothing is logged", async (_name, origin) => {
    const { app, lines } = appWithLog();
    const res = await request(app).post(CLIENT_LOG_PATH).set("Origin", origin).send(report);
    expect(res.status).toBe(403);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(lines.filter((l) => l.msg === "client error reported")).toEqual([]);
  });

  test("the site's Origin is logged", async () => {
    const { app, lines } = appWithLog();
    const res = await request(app).post(CLIENT_LOG_PATH).set("Origin", SITE_ORIGIN).send(report);
    expect(res.status).toBe(204);
    expect(lines.filter((l) => l.msg === "client error reported")).toHaveLength(1);
  });
});

test("U+2028 and U+2029 in a report are written escaped in the log line, never raw", async () => {
  const { rawApp, raw } = appWithLog();
  const res = await request(rawApp)
    .post(CLIENT_LOG_PATH)
    .set("Origin", SITE_ORIGIN)
    .send({ ...report, message: "line\u2028separated\u2029text", stack: "at a\u2028at b" });
  expect(res.status).toBe(204);
  const line = raw.find((l) => l.includes("client error reported"));
  expect(line).toBeDefined();
  expect(line).not.toMatch(/[\u2028\u2029]/);
  const logged = JSON.parse(line as string).clientError;
  expect(logged.message).toBe("line\\u2028separated\\u2029text");
  expect(logged.stack).toBe("at a\\u2028at b");
});
