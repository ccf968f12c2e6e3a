/**
 * What a body parser's error says of the request body (server/http/bodyFailure.ts), from the
 * errors express.json really raises, and null for errors that are not the body's.
 */
import express from "express";
import request from "supertest";
import { bodyFailure } from "../server/http/bodyFailure";

/** The error express.json raises for a request, caught as the routes catch it. */
async function parserError(send: (test: request.Test) => request.Test): Promise<unknown> {
  let caught: unknown = "no error";
  const app = express();
  app.post("/", express.json({ limit: "1kb" }), (_req, res) => res.end());
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    caught = error;
    res.status(400).end();
  });
  await send(request(app).post("/"));
  return caught;
}

test("a body over the limit is too large", async () => {
  const error = await parserError((t) => t.set("Content-Type", "application/json").send(`"${"x".repeat(2048)}"`));
  expect(bodyFailure(error)).toBe("too_large");
});

test("a body in an encoding the parser does not take is the encoding's fault", async () => {
  const error = await parserError((t) =>
    t.set("Content-Type", "application/json").set("Content-Encoding", "compress").send("{}"),
  );
  expect(bodyFailure(error)).toBe("encoding");
});

test("a body that is not JSON is unreadable", async () => {
  const error = await parserError((t) => t.set("Content-Type", "application/json").send("{not json"));
  expect(bodyFailure(error)).toBe("unreadable");
});

test("an error that is not the body's, a 5xx or none with a status, is not a body failure", () => {
  expect(bodyFailure(new Error("bug"))).toBeNull();
  expect(bodyFailure(Object.assign(new Error("upstream"), { status: 502 }))).toBeNull();
  expect(bodyFailure(undefined)).toBeNull();
  expect(bodyFailure("thrown string")).toBeNull();
});
