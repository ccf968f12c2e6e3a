/**
 * Malformed request targets get a clear 4xx before any routing or content request
 * (server/http/requestGuards.ts), from the app in-process: absolute-form and `*` targets, over-long
 * URLs, undecodable escapes and control characters in the path. (test/httpEdges.test.ts sends
 * the first two to the built server as well.)
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import request from "supertest";
import { exchange } from "./support/rawExchange";
import { createTestApp, type TestApp } from "./support/testApp";

let t: TestApp;
let server: Server;
beforeAll(async () => {
  t = createTestApp();
  server = t.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => t.calls.reset());

test.each([
  ["absolute-form", "GET http://evil.example/us/gallery HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"],
  ["asterisk", "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"],
])("an %s request target is a 400 that says the target must be a path", async (_name, head) => {
  const answer = await exchange((server.address() as AddressInfo).port, head);
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  expect(answer).toMatch(/content-type: text\/plain/i);
  expect(answer).toMatch(/\r\n\r\nBad Request: the request target must be a path$/);
  expect(t.calls.log).toEqual([]);
});

test("a URL of the longest length allowed (2048 characters) is answered; one character more is a 414", async () => {
  const base = "/gallery?x=";
  // The documented bound (docs/behaviour.md section 8), not the code's constant: changing it fails here.
  const longest = base + "a".repeat(2048 - base.length);
  expect((await request(t.app).get(longest)).status).toBe(200);
  const over = await request(t.app).get(`${longest}a`);
  expect(over.status).toBe(414);
  expect(over.headers["content-type"]).toMatch(/^text\/plain/);
  expect(over.text).toBe("URI Too Long");
});

test.each([
  ["an escape that does not decode", "/gallery/%E0%A4%A"],
  ["a NUL", "/gallery/a%00b"],
  ["a line break", "/gallery/a%0Ab"],
  ["a DEL", "/gallery/a%7Fb"],
])("a path with %s is a 400 naming a malformed URL, with no content request", async (_name, path) => {
  const res = await request(t.app).get(path);
  expect(res.status).toBe(400);
  expect(res.headers["content-type"]).toMatch(/^text\/plain/);
  expect(res.text).toBe("Bad Request: malformed URL");
  expect(t.calls.log).toEqual([]);
});

test("only the path is checked: an escape in the query that does not decode is the page's business", async () => {
  const res = await request(t.app).get("/gallery?q=%E0%A4%A");
  expect(res.status).toBe(200);
});
