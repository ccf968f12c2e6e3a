/** Request logs carry the request id and never a preview token or a secret from the query string. */
import { Writable } from "node:stream";
import pino from "pino";
import request from "supertest";
import { createTestApp } from "./support/testApp";

test("a preview token in the URL is redacted in the request log line, and the request id is echoed", async () => {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, new Writable({ write: (c, _e, done) => (lines.push(c.toString()), done()) }));
  const { app } = createTestApp({ logger });
  const res = await request(app)
    .get("/preview?token=https%3A%2F%2Fembedded.invalid%2Fpreviews%2Fsecret-release&documentId=home-gb")
    .set("X-Request-Id", "req-abc-123");
  expect(res.headers["x-request-id"]).toBe("req-abc-123");
  const line = lines.map((l) => JSON.parse(l)).find((l) => l.req?.url?.startsWith("/preview"));
  expect(line).toBeDefined();
  expect(line.req.id).toBe("req-abc-123");
  expect(line.req.url).toContain("token=[redacted]");
  expect(lines.join("\n")).not.toContain("secret-release");
});
