/**
 * Token buckets per client (server/http/visitorBudget.ts), on an injected clock: a burst at once, then
 * so many per second, each client apart; memory bounded by forgetting the least recent client,
 * who then starts again with a full bucket. And the key a client is counted under.
 */
import type { Request } from "express";
import { clientKey, createClientBudget } from "../server/http/visitorBudget";

let now: number;
const clock = () => now;
beforeEach(() => {
  now = 1_000_000;
});

test("a burst at once, then the seconds until the next unit is earned back", () => {
  const budget = createClientBudget({ burst: 3, perSecond: 1, now: clock });
  expect([budget.take("a"), budget.take("a"), budget.take("a")]).toEqual([0, 0, 0]);
  expect(budget.take("a")).toBe(1);
  now += 500;
  expect(budget.take("a")).toBe(1);
  now += 500;
  expect(budget.take("a")).toBe(0);
  expect(budget.take("a")).toBe(1);
});

test("a slow refill says how long to wait", () => {
  const budget = createClientBudget({ burst: 1, perSecond: 0.2, now: clock });
  expect(budget.take("a")).toBe(0);
  expect(budget.take("a")).toBe(5);
  now += 4_000;
  expect(budget.take("a")).toBe(1);
  now += 1_000;
  expect(budget.take("a")).toBe(0);
});

test("each client has its own bucket", () => {
  const budget = createClientBudget({ burst: 1, perSecond: 1, now: clock });
  expect(budget.take("a")).toBe(0);
  expect(budget.take("a")).toBe(1);
  expect(budget.take("b")).toBe(0);
});

test("a long quiet time earns back no more than a burst", () => {
  const budget = createClientBudget({ burst: 2, perSecond: 10, now: clock });
  budget.take("a");
  budget.take("a");
  now += 3_600_000;
  expect([budget.take("a"), budget.take("a"), budget.take("a")]).toEqual([0, 0, 1]);
});

test("beyond the clients it remembers, the least recent is forgotten and starts again with a full bucket", () => {
  const budget = createClientBudget({ burst: 1, perSecond: 0.001, maxKeys: 2, now: clock });
  expect(budget.take("a")).toBe(0);
  expect(budget.take("a")).toBeGreaterThan(0);
  budget.take("b");
  expect(budget.take("a")).toBeGreaterThan(0);
  budget.take("b");
  budget.take("c");
  expect(budget.take("a")).toBe(0);
});

describe("clientKey", () => {
  const req = (ip: string | undefined, remoteAddress = "10.0.0.9") =>
    ({ ip, socket: { remoteAddress } }) as unknown as Request;

  test("an IPv4 client by its address", () => {
    expect(clientKey(req("203.0.113.7"))).toBe("203.0.113.7");
  });

  test("an IPv6 client by its /64: every address of one line is one client", () => {
    expect(clientKey(req("2001:db8:1:2:aaaa::1"))).toBe(clientKey(req("2001:db8:1:2:bbbb::2")));
    expect(clientKey(req("2001:db8:1:2::1"))).not.toBe(clientKey(req("2001:db8:1:3::1")));
  });

  test("without req.ip, the socket's address", () => {
    expect(clientKey(req(undefined, "198.51.100.4"))).toBe("198.51.100.4");
  });
});
