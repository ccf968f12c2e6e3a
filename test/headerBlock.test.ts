/**
 * A cached page's headers, worked out once per entry (server/pageCache/headerBlock.ts): the
 * security headers the app's own middleware sets on a public page (captured by running it once),
 * the page's policy admitting its inline scripts by hash, its caching headers, and per coding the
 * body's headers or a 304's, as the flat array `res.writeHead` takes.
 */
import type { RequestHandler } from "express";
import { PAGE_CACHE_CONTROL, NOT_FOUND_CACHE_CONTROL } from "../server/pageCache/cacheControl";
import { headerBlocks, publicSecurityHeaders } from "../server/pageCache/headerBlock";
import type { CachedPage } from "../server/pageCache/pageCache";
import { PERMISSIONS_POLICY, securityHeaders } from "../server/http/security";

const HASH = "'sha256-inlineScriptHashAAAAAAAAAAAAAAAAAAAAAAAAAAA='";

function entry(status = 200): CachedPage {
  return {
    ref: "ref",
    routeId: "page",
    status,
    contentType: "text/html; charset=utf-8",
    scriptHashes: [HASH],
    etags: { identity: '"p-abc"', gzip: '"p-abc-gz"', br: '"p-abc-br"' },
    bodies: { identity: Buffer.alloc(1000), gzip: Buffer.alloc(300), br: Buffer.alloc(250) },
    storedAt: 0,
  };
}

/** `[name, value, name, value…]` as pairs, checking the array's shape on the way. */
function pairs(flat: string[]): Array<[string, string]> {
  expect(flat.length % 2).toBe(0);
  return Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i], flat[2 * i + 1]]);
}

describe("publicSecurityHeaders", () => {
  const captured = new Map(publicSecurityHeaders(securityHeaders("https://www.example.test")));

  test("what the app's security middleware sets on a public page, with lower-case names", () => {
    expect(captured.get("x-frame-options")).toBe("DENY");
    expect(captured.get("x-content-type-options")).toBe("nosniff");
    expect(captured.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(captured.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
    expect(captured.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    for (const name of captured.keys()) expect(name).toBe(name.toLowerCase());
  });

  test("never HSTS (the fast path adds it per request, over HTTPS only)", () => {
    expect(captured.has("strict-transport-security")).toBe(false);
  });

  test("a middleware that fails stops the start, with its error", () => {
    const failing: RequestHandler = (_req, _res, next) => next(new Error("helmet refused its options"));
    expect(() => publicSecurityHeaders(failing)).toThrow("helmet refused its options");
  });

  test("exactly what a middleware set, in its order", () => {
    const setting: RequestHandler = (_req, res, next) => {
      res.setHeader("X-One", "1");
      res.setHeader("X-Two", ["a", "b"]);
      next();
    };
    expect(publicSecurityHeaders(setting)).toEqual([
      ["x-one", "1"],
      ["x-two", "a,b"],
    ]);
  });
});

describe("headerBlocks", () => {
  const security: Array<[string, string]> = [
    [
      "content-security-policy",
      "default-src 'self';script-src 'nonce-public' 'strict-dynamic' 'self';object-src 'none'",
    ],
    ["x-frame-options", "DENY"],
  ];

  test.each([
    ["br", "250", "br"],
    ["gzip", "300", "gzip"],
    ["identity", "1000", undefined],
  ] as const)(
    "the %s body: security, caching, its ETag, type, length and coding",
    (coding, length, contentEncoding) => {
      const headers = pairs(headerBlocks(entry(), security, "Accept-Encoding").body[coding]);
      expect(headers).toEqual([
        ["content-security-policy", `default-src 'self';script-src ${HASH} 'strict-dynamic' 'self';object-src 'none'`],
        ["x-frame-options", "DENY"],
        ["cache-control", PAGE_CACHE_CONTROL],
        ["vary", "Accept-Encoding"],
        ["x-cache", "HIT"],
        ["etag", entry().etags[coding]],
        ["content-type", "text/html; charset=utf-8"],
        ["content-length", length],
        ...(contentEncoding ? [["content-encoding", contentEncoding] as [string, string]] : []),
      ]);
    },
  );

  test.each(["br", "gzip", "identity"] as const)(
    "the %s 304: the same headers up to its ETag, and no body's",
    (coding) => {
      const blocks = headerBlocks(entry(), security, "Cookie, Accept-Language, Accept-Encoding");
      const notModified = pairs(blocks.notModified[coding]);
      expect(notModified.at(-1)).toEqual(["etag", entry().etags[coding]]);
      expect(pairs(blocks.body[coding]).slice(0, notModified.length)).toEqual(notModified);
      expect(new Map(notModified).get("vary")).toBe("Cookie, Accept-Language, Accept-Encoding");
      expect(notModified.map(([name]) => name)).not.toContain("content-length");
    },
  );

  test("a 404's caching headers", () => {
    expect(new Map(pairs(headerBlocks(entry(404), security, "Accept-Encoding").body.br)).get("cache-control")).toBe(
      NOT_FOUND_CACHE_CONTROL,
    );
  });

  test("each block is an array of its own: one may be written to without changing another", () => {
    const blocks = headerBlocks(entry(), security, "Accept-Encoding");
    blocks.body.br.push("x-request-id", "one");
    expect(blocks.body.gzip).not.toContain("x-request-id");
    expect(blocks.notModified.br).not.toContain("x-request-id");
  });
});
