/**
 * Each client's budget of uncached renders (decision record 015; RENDER_BUDGET_PER_MINUTE,
 * RENDER_BUDGET_BURST): one client asking for distinct junk URLs gets 429s once its budget is
 * spent, while another client still gets its pages, and cache hits are never charged.
 */
import request from "supertest";
import { ConfigError, loadConfig } from "../server/config";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { previewCookieValue } from "../server/preview/previewRoute";
import { createTestApp, ROOT, WITH_PAGE_CACHE, type TestApp } from "./support/testApp";

const BURST = 5;
const ATTACKER = "203.0.113.7";
const VISITOR = "198.51.100.2";

let site: TestApp;
/** A burst of five renders, then `perMinute`, for clients told apart by X-Forwarded-For. */
const siteWith = (perMinute: number) =>
  createTestApp({
    env: {
      ...WITH_PAGE_CACHE,
      RENDER_BUDGET_PER_MINUTE: String(perMinute),
      RENDER_BUDGET_BURST: String(BURST),
      TRUST_PROXY: "loopback",
    },
  });
beforeEach(() => {
  // One render a minute after the burst: none comes back while a test runs.
  site = siteWith(1);
});

const from = (client: string, path: string) => request(site.app).get(path).set("X-Forwarded-For", client);
let serial = 0;
const junk = () => `/no-such-page-${Date.now().toString(36)}-${serial++}`;

test("one client hammering distinct junk URLs gets 429s past its budget; another client still gets its pages", async () => {
  const statuses: number[] = [];
  let refused: request.Response | undefined;
  for (let i = 0; i < BURST + 5; i++) {
    const res = await from(ATTACKER, junk());
    statuses.push(res.status);
    if (res.status === 429) refused ??= res;
  }
  expect(statuses.slice(0, BURST)).toEqual(Array(BURST).fill(404));
  expect(statuses.slice(BURST)).toEqual(Array(5).fill(429));
  // A small static answer that no cache keeps, saying when to come back.
  expect(refused!.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
  expect(refused!.headers["cache-control"]).toBe("no-store");
  expect(refused!.headers["content-type"]).toMatch(/^text\/plain/);
  expect(refused!.text.length).toBeLessThan(200);
  // Its data requests are renders too.
  expect((await from(ATTACKER, "/_data/gallery?_route=gallery___gb")).status).toBe(429);

  // Another client: its own budget.
  expect((await from(VISITOR, "/gallery")).status).toBe(200);
  expect((await from(VISITOR, junk())).status).toBe(404);
  expect((await from(VISITOR, "/_data/gallery?_route=gallery___gb")).status).toBe(200);
});

test("cache hits are never charged, even to a client past its budget", async () => {
  expect((await from(VISITOR, "/gallery")).status).toBe(200);
  for (let i = 0; i < BURST; i++) await from(ATTACKER, junk());
  expect((await from(ATTACKER, junk())).status).toBe(429);
  for (let i = 0; i < 20; i++) {
    const res = await from(ATTACKER, "/gallery");
    expect([res.status, res.headers["x-cache"]]).toEqual([200, "HIT"]);
  }
});

test("the budget comes back with time", async () => {
  site = siteWith(60);
  for (let i = 0; i < BURST; i++) await from(ATTACKER, junk());
  const refused = await from(ATTACKER, junk());
  expect(refused.status).toBe(429);
  await new Promise((resolve) => setTimeout(resolve, Number(refused.headers["retry-after"]) * 1000 + 50));
  expect((await from(ATTACKER, junk())).status).toBe(404);
});

test("an IPv6 client is one client per /64", async () => {
  for (let i = 0; i < BURST; i++) expect((await from(`2001:db8:1:2::${i + 1}`, junk())).status).toBe(404);
  expect((await from("2001:db8:1:2:ffff:ffff:ffff:ffff", junk())).status).toBe(429);
  expect((await from("2001:db8:1:3::1", junk())).status).toBe(404);
});

test("previews are renders: an editor past the budget waits too", async () => {
  const token = embeddedPreviewToken(releaseRef(site.contentClient.embedded!.current(), "spring-refresh")!);
  const cookie = `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;
  const statuses = [];
  for (let i = 0; i < BURST + 1; i++) statuses.push((await from(ATTACKER, "/gallery").set("Cookie", cookie)).status);
  expect(statuses).toEqual([...Array(BURST).fill(200), 429]);
});

test("defaults that a visitor browsing quickly never meets, 0 turns it off, and bad values stop the start", async () => {
  const config = loadConfig({}, ROOT);
  expect([config.RENDER_BUDGET_PER_MINUTE, config.RENDER_BUDGET_BURST]).toEqual([600, 300]);
  expect(() => loadConfig({ RENDER_BUDGET_PER_MINUTE: "-1" }, ROOT)).toThrow(ConfigError);
  expect(() => loadConfig({ RENDER_BUDGET_BURST: "0" }, ROOT)).toThrow(/RENDER_BUDGET_BURST/);
  const unlimited = createTestApp({ env: { RENDER_BUDGET_PER_MINUTE: "0", RENDER_BUDGET_BURST: "1" } });
  for (let i = 0; i < 5; i++) expect((await request(unlimited.app).get(junk())).status).toBe(404);
});
