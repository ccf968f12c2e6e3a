/**
 * What forwarding headers are believed for (server/requestRules/trustedProxy.ts): HTTPS and the
 * client's address, through the app's own `trust proxy` function, the same for the page cache's
 * fast path and for the app's `req.secure` and `req.ip`.
 */
import type { IncomingMessage } from "node:http";
import express from "express";
import request from "supertest";
import { clientAddress, decideForwardingOn, isSecure, type TrustProxy } from "../server/requestRules/trustedProxy";

/** Express's compiled trust function for a TRUST_PROXY value. */
function trustFor(setting: unknown): TrustProxy {
  const app = express();
  app.set("trust proxy", setting);
  return app.get("trust proxy fn") as TrustProxy;
}

function requestFrom(remoteAddress: string, headers: Record<string, string>, encrypted = false): IncomingMessage {
  return { socket: { remoteAddress, encrypted }, headers } as unknown as IncomingMessage;
}

const LOOPBACK = trustFor("loopback");
const NOBODY = trustFor(false);

describe("HTTPS", () => {
  test.each([
    ["a TLS socket, no proxy", requestFrom("203.0.113.9", {}, true), NOBODY, true],
    ["plain HTTP, no proxy", requestFrom("203.0.113.9", {}), NOBODY, false],
    [
      "X-Forwarded-Proto: https from a stranger",
      requestFrom("203.0.113.9", { "x-forwarded-proto": "https" }),
      LOOPBACK,
      false,
    ],
    [
      "X-Forwarded-Proto: https with no proxy trusted",
      requestFrom("127.0.0.1", { "x-forwarded-proto": "https" }),
      NOBODY,
      false,
    ],
    [
      "X-Forwarded-Proto: https from the trusted proxy",
      requestFrom("127.0.0.1", { "x-forwarded-proto": "https" }),
      LOOPBACK,
      true,
    ],
    ["its first value https", requestFrom("127.0.0.1", { "x-forwarded-proto": " https , http" }), LOOPBACK, true],
    ["its first value http", requestFrom("127.0.0.1", { "x-forwarded-proto": "http, https" }), LOOPBACK, false],
    [
      "HTTPS in capitals: not the scheme's name",
      requestFrom("127.0.0.1", { "x-forwarded-proto": "HTTPS" }),
      LOOPBACK,
      false,
    ],
    ["an empty X-Forwarded-Proto", requestFrom("127.0.0.1", { "x-forwarded-proto": "" }), LOOPBACK, false],
    ["the trusted proxy, no X-Forwarded-Proto", requestFrom("127.0.0.1", {}), LOOPBACK, false],
    ["one hop trusted", requestFrom("10.0.0.2", { "x-forwarded-proto": "https" }), trustFor(1), true],
  ])("%s", (_name, req, trust, expected) => {
    expect(isSecure(req, trust)).toBe(expected);
  });
});

test("the client's address comes through trusted proxies only", () => {
  const forwarded = { "x-forwarded-for": "198.51.100.7, 127.0.0.1" };
  expect(clientAddress(requestFrom("127.0.0.1", forwarded), LOOPBACK)).toBe("198.51.100.7");
  expect(clientAddress(requestFrom("127.0.0.1", forwarded), NOBODY)).toBe("127.0.0.1");
  expect(clientAddress(requestFrom("203.0.113.9", forwarded), LOOPBACK)).toBe("203.0.113.9");
});

test("an app's req.secure and req.ip are read through these rules, with the trust they are given", async () => {
  const app = express();
  // Express alone would believe no proxy: the answers below are the rules'.
  app.set("trust proxy", false);
  decideForwardingOn(app.request, LOOPBACK);
  app.get("/", (req, res) => void res.json({ secure: req.secure, ip: req.ip }));
  const behindProxy = await request(app)
    .get("/")
    .set("X-Forwarded-Proto", " https , http")
    .set("X-Forwarded-For", "198.51.100.7");
  expect(behindProxy.body).toEqual({ secure: true, ip: "198.51.100.7" });
  expect((await request(app).get("/").set("X-Forwarded-Proto", "HTTPS")).body.secure).toBe(false);
});
