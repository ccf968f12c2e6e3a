/** Security headers on every response: Permissions-Policy always, HSTS only over HTTPS (behind a trusted proxy). */
import request from "supertest";
import { HSTS, PERMISSIONS_POLICY } from "../server/http/security";
import { cspDirectives } from "./support/html";
import { createTestApp } from "./support/testApp";

test("pages carry the Permissions-Policy, the referrer policy and nosniff, and no HSTS over plain HTTP", async () => {
  const { app } = createTestApp();
  const res = await request(app).get("/");
  expect(res.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["strict-transport-security"]).toBeUndefined();
});

test("behind a trusted proxy that terminated HTTPS, responses carry HSTS", async () => {
  const { app } = createTestApp({ env: { TRUST_PROXY: "1" } });
  const res = await request(app).get("/").set("X-Forwarded-Proto", "https");
  expect(res.headers["strict-transport-security"]).toBe(HSTS);
  const spoofed = await request(createTestApp().app).get("/").set("X-Forwarded-Proto", "https");
  expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
});

/**
 * What may run as script, whatever admits the page's own inline scripts (a nonce per response or
 * hashes of their bytes): only sources of these forms. 'unsafe-inline', 'unsafe-eval',
 * 'unsafe-hashes', wildcards and bare schemes would each let injected markup run script.
 */
const STRICT_SCRIPT_SOURCE =
  /^(?:'self'|'strict-dynamic'|'nonce-[A-Za-z0-9+/_=-]+'|'sha(?:256|384|512)-[A-Za-z0-9+/_=-]+'|https:\/\/[a-z0-9.-]+(?::\d+)?(?:\/\S*)?)$/;

test.each(["/", "/us", "/gallery", "/no-such-page", "/slice-simulator"])(
  "%s: scripts run only by nonce or hash, from the site or named https hosts: no 'unsafe-inline', 'unsafe-eval' or wildcard, and no inline event handlers",
  async (path) => {
    const { app } = createTestApp();
    const res = await request(app).get(path);
    const csp = cspDirectives(res.headers["content-security-policy"]);
    const scriptSources = csp["script-src"];
    expect(scriptSources).toBeDefined();
    expect(scriptSources.filter((source) => !STRICT_SCRIPT_SOURCE.test(source))).toEqual([]);
    expect(scriptSources.some((source) => /^'(?:nonce|sha256|sha384|sha512)-/.test(source))).toBe(true);
    // Narrower script directives, when present, follow the same rule; attributes run nothing.
    expect((csp["script-src-elem"] ?? []).filter((source) => !STRICT_SCRIPT_SOURCE.test(source))).toEqual([]);
    expect(csp["script-src-attr"]).toEqual(["'none'"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
  },
);
