/**
 * POST /api/vitals answered before the app (server/observability/vitalsRoute.ts, vitalsBody.ts;
 * docs/operations.md, "Field speed"): the same decisions as the Express route it replaced
 * (express.json's on the body, the schema's on the report), an accepted report counted in the
 * HTTP metrics without a request-log line, a refused one logged with its reason.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { DEVICE_CLASSES, NAVIGATION_TYPES, PAGE_TYPES, REGIONS, VITAL_NAMES, VITALS_PATH } from "../shared/fieldVitals";
import { checkReport, reportSchema } from "../server/observability/vitalsRoute";
import { capturingLogger } from "./support/capturingLogger";
import { parsePrometheusText, sumOf } from "./support/prometheusText";
import { createTestApp } from "./support/testApp";

const METRICS_TOKEN = "metrics-token-for-the-vitals-gate-test";
const ORIGIN = "http://localhost:3000";
const report = {
  page: "gallery",
  region: "us",
  device: "mobile",
  nav: "navigate",
  metrics: { LCP: 1.234, INP: 0.056, CLS: 0.0123, FCP: 0.8, TTFB: 0.21 },
};

test("the report check decides as the schema does, over every kind of report and its mistakes", () => {
  const values = [0, -0, 0.1, 1, 2.5, 5, 5.01, 19.9, 20, 20.5, 60, 60.1, -1, "1", null, true, [], {}, 1e9];
  const corpus: unknown[] = [null, [], "report", 1, [report], {}, { ...report, id: "x" }, { ...report, __proto__: 1 }];
  corpus.push(
    JSON.parse(
      `{"page":"gallery","region":"us","device":"mobile","nav":"navigate","metrics":{"LCP":1},"__proto__":{}}`,
    ),
  );
  for (const key of ["page", "region", "device", "nav", "metrics"]) {
    const { [key as keyof typeof report]: _left, ...without } = report;
    corpus.push(without);
    for (const value of [...values, "gallery", "uk", "desktop", "client", "back-forward-cache", "GALLERY", "fr"])
      corpus.push({ ...report, [key]: value });
  }
  for (const page of [...PAGE_TYPES.slice(0, 3), "error"])
    for (const region of REGIONS)
      for (const device of DEVICE_CLASSES)
        for (const nav of NAVIGATION_TYPES) corpus.push({ page, region, device, nav, metrics: { INP: 0.1, CLS: 0.1 } });
  // Every subset of the metrics, with every navigation type, at values in and out of range and order.
  for (let mask = 0; mask < 32; mask++)
    for (const nav of NAVIGATION_TYPES)
      for (const pick of [0, 1, 2, 3]) {
        const metrics: Record<string, unknown> = {};
        VITAL_NAMES.forEach((name, i) => {
          if (mask & (1 << i)) metrics[name] = values[(i * 3 + pick * 5 + mask) % values.length];
        });
        corpus.push({ ...report, nav, metrics });
        // In order, out of order.
        corpus.push({
          ...report,
          nav,
          metrics: {
            ...metrics,
            ...(mask & 1 ? { LCP: 3 } : {}),
            ...(mask & 8 ? { FCP: 2 } : {}),
            ...(mask & 16 ? { TTFB: 1 } : {}),
          },
        });
        corpus.push({
          ...report,
          nav,
          metrics: {
            ...metrics,
            ...(mask & 1 ? { LCP: 1 } : {}),
            ...(mask & 8 ? { FCP: 2 } : {}),
            ...(mask & 16 ? { TTFB: 3 } : {}),
          },
        });
      }
  corpus.push({ ...report, metrics: { ...report.metrics, FID: 0.1 } });
  let accepted = 0;
  for (const value of corpus) {
    const byCheck = checkReport(value) !== undefined;
    const bySchema = reportSchema.safeParse(value).success;
    if (byCheck !== bySchema)
      throw new Error(`they differ on ${JSON.stringify(value)}: check ${byCheck}, schema ${bySchema}`);
    if (bySchema) accepted++;
  }
  expect(accepted).toBeGreaterThan(100);
  expect(corpus.length - accepted).toBeGreaterThan(500);
});

function site() {
  const { logger, lines } = capturingLogger();
  const { app } = createTestApp({ env: { METRICS_TOKEN }, logger });
  const metrics = async () =>
    parsePrometheusText((await request(app).get("/metrics").set("Authorization", `Bearer ${METRICS_TOKEN}`)).text);
  return { app, lines, metrics };
}

test("an accepted report writes no request-log line and is counted in the HTTP metrics; a refused one logs its line with the reason and request id", async () => {
  const { app, lines, metrics } = site();
  const post = (origin: string) =>
    request(app)
      .post(VITALS_PATH)
      .set("Origin", origin)
      .set("Content-Type", "text/plain;charset=UTF-8")
      .set("X-Request-Id", "vitals-request-1")
      .send(JSON.stringify(report));
  expect((await post(ORIGIN)).status).toBe(204);
  const refused = await post("https://elsewhere.example");
  expect(refused.status).toBe(403);
  expect(refused.headers["x-request-id"]).toBe("vitals-request-1");
  expect(refused.body).toEqual({ error: "origin" });
  const logged = lines.filter((line) => (line.req as { url?: string } | undefined)?.url === VITALS_PATH);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({
    msg: "request completed",
    req: { id: "vitals-request-1", method: "POST", url: VITALS_PATH },
    res: { statusCode: 403 },
    reason: "origin",
  });
  const samples = await metrics();
  expect(sumOf(samples, "http_requests_total", { route: "vitals", status: "204" })).toBe(1);
  expect(sumOf(samples, "http_requests_total", { route: "vitals", status: "403" })).toBe(1);
  expect(sumOf(samples, "http_request_duration_seconds_count", { route: "vitals", status: "204" })).toBe(1);
  expect(sumOf(samples, "web_vitals_lcp_seconds_count", {})).toBe(1);
});

const JSON_BODY = JSON.stringify(report);
/** Bodies and headers as express.json({ limit: 2 KB, type: text/plain and JSON, inflate: false, strict: true }) judged them. */
const bodies: [string, Record<string, string>, string | Buffer, number, string | null][] = [
  ["the beacon's own", { "content-type": "text/plain;charset=UTF-8" }, JSON_BODY, 204, null],
  ["JSON, charset quoted", { "content-type": 'application/json; charset="utf-8"' }, JSON_BODY, 204, null],
  ["text without a charset", { "content-type": "TEXT/PLAIN" }, JSON_BODY, 204, null],
  ["an identity coding", { "content-type": "text/plain", "content-encoding": "identity" }, JSON_BODY, 204, null],
  ["a byte order mark", { "content-type": "text/plain" }, `\ufeff${JSON_BODY}`, 204, null],
  ["whitespace first", { "content-type": "text/plain" }, ` \n\t${JSON_BODY}`, 204, null],
  ["UTF-16", { "content-type": "text/plain; charset=utf-16le" }, Buffer.from(JSON_BODY, "utf16le"), 204, null],
  ["an empty body", { "content-type": "text/plain" }, "", 400, "invalid"],
  ["no content type", {}, JSON_BODY, 400, "not_json"],
  ["form data", { "content-type": "application/x-www-form-urlencoded" }, JSON_BODY, 400, "not_json"],
  ["a Latin-1 charset", { "content-type": "text/plain; charset=latin1" }, JSON_BODY, 400, "not_json"],
  ["a JSON string", { "content-type": "application/json" }, '"a string"', 400, "not_json"],
  ["a number", { "content-type": "application/json" }, "12", 400, "not_json"],
  ["cut short", { "content-type": "application/json" }, JSON_BODY.slice(0, -1), 400, "not_json"],
  ["a gzip coding", { "content-type": "text/plain", "content-encoding": "gzip" }, JSON_BODY, 415, "encoding"],
  [
    "2 KB and one byte",
    { "content-type": "text/plain" },
    `${JSON_BODY}${" ".repeat(2049 - JSON_BODY.length)}`,
    413,
    "too_large",
  ],
];

test.each(bodies)(
  "%s (%j) is answered %i, counted as %s, as express.json did",
  async (_name, headers, body, status, reason) => {
    const { app, metrics } = site();
    let req = request(app).post(VITALS_PATH).set("Origin", ORIGIN);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    const res = await req.send(body);
    expect(res.status).toBe(status);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
    if (reason) expect(sumOf(await metrics(), "web_vitals_reports_refused_total", { reason })).toBe(1);
    else expect(sumOf(await metrics(), "web_vitals_lcp_seconds_count", {})).toBe(1);
  },
);

test("a body over the bound sent in chunks, without a length, is read off and answered 413; the connection serves the next report", async () => {
  const { app, metrics } = site();
  const server = http.createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (chunks: string[]) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: VITALS_PATH,
          agent,
          headers: { origin: ORIGIN, "content-type": "text/plain" },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  try {
    expect(await post([JSON_BODY.slice(0, 10), " ".repeat(3000), JSON_BODY.slice(10)])).toBe(413);
    expect(await post([JSON_BODY.slice(0, 10), JSON_BODY.slice(10)])).toBe(204);
    const samples = await metrics();
    expect(sumOf(samples, "web_vitals_reports_refused_total", { reason: "too_large" })).toBe(1);
    expect(sumOf(samples, "web_vitals_lcp_seconds_count", {})).toBe(1);
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});
