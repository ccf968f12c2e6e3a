/**
 * Framing for previews only (docs/prismic.md, "Previews inside Prismic's editor"): a verified
 * preview answer may be framed by the editor's origins (PRISMIC_PREVIEW_ANCESTORS) and carries no
 * X-Frame-Options; a published page, a junk, made-up or refused cookie keep `frame-ancestors 'none'`
 * and DENY. A framable answer is `private, no-store`.
 */
import type { Express } from "express";
import request from "supertest";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { loadConfig } from "../server/config";
import { previewCookieValue } from "../server/preview/previewRoute";
import { cspDirectives } from "./support/html";
import { createTestApp, ROOT } from "./support/testApp";

const EDITOR = "http://localhost:9998";
const cookie = (token: string) => `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;
const ancestors = (res: request.Response) => cspDirectives(res.headers["content-security-policy"])["frame-ancestors"];

let app: Express;
let TOKEN: string;

beforeAll(() => {
  const t = createTestApp({ env: { PRISMIC_PREVIEW_ANCESTORS: EDITOR } });
  app = t.app;
  TOKEN = embeddedPreviewToken(releaseRef(t.contentClient.embedded!.current(), "spring-refresh")!);
});

describe("a preview answer's headers", () => {
  test.each(["/", "/gallery/canal-house", "/_data/?_route=index___gb"])(
    "%s in a verified preview: frame-ancestors 'self' and the editor, no X-Frame-Options, private, no-store",
    async (url) => {
      const res = await request(app).get(url).set("Cookie", cookie(TOKEN));
      expect(res.status).toBe(200);
      expect(ancestors(res)).toEqual(["'self'", EDITOR]);
      expect(res.headers["x-frame-options"]).toBeUndefined();
      expect(res.headers["cache-control"]).toBe("private, no-store");
    },
  );

  test("the same page published: frame-ancestors 'none' and DENY, before and after (a cache hit too)", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await request(app).get("/");
      expect(ancestors(res)).toEqual(["'none'"]);
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["cache-control"]).not.toContain("private");
    }
  });

  test.each([
    ["a cookie that does not parse", "io.prismic.preview=%7Bnot-json"],
    ["another repository's preview", `io.prismic.preview=${encodeURIComponent(previewCookieValue("other-repo", "x"))}`],
    ["_tracker alone", `io.prismic.preview=${encodeURIComponent('{"_tracker":"abcdefgh"}')}`],
    ["a made-up token", cookie(embeddedPreviewToken("release~made-up~0000"))],
    ["a made-up plain ref", "io.prismic.preview=m-made-up:p-0000"],
  ])("%s keeps frame-ancestors 'none' and DENY", async (_name, header) => {
    jest.spyOn(console, "warn").mockImplementation(() => {});
    for (let i = 0; i < 2; i++) {
      const res = await request(app).get("/").set("Cookie", header);
      expect(ancestors(res)).toEqual(["'none'"]);
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
    jest.restoreAllMocks();
  });

  test("an unverified token (no budget left to ask about it) keeps 'none' and DENY", async () => {
    jest.spyOn(console, "warn").mockImplementation(() => {});
    const t = createTestApp({ env: { PRISMIC_PREVIEW_ANCESTORS: EDITOR } });
    const statuses: Array<string | undefined> = [];
    // Spend the client's questions on made-up tokens, then one more.
    for (let i = 0; i < 40; i++) {
      const res = await request(t.app)
        .get("/")
        .set("Cookie", cookie(embeddedPreviewToken(`release~spent-${i}~0000`)));
      statuses.push(res.headers["x-frame-options"] as string | undefined);
      expect(ancestors(res)).toEqual(["'none'"]);
    }
    expect(statuses.every((s) => s === "DENY")).toBe(true);
    jest.restoreAllMocks();
  });
});

describe("PRISMIC_PREVIEW_ANCESTORS", () => {
  const load = (env: Record<string, string>) => loadConfig(env, ROOT).PRISMIC_PREVIEW_ANCESTORS;
  test("defaults: the repository's own host in hosted mode (never every *.prismic.io); the stand-in editor in development; none otherwise", () => {
    expect(load({ NODE_ENV: "production", PRISMIC_REPOSITORY: "Hartley-Reed" })).toEqual([
      "https://hartley-reed.prismic.io",
    ]);
    expect(load({ NODE_ENV: "development", PRISMIC_REPOSITORY: "hartley-reed" })).toEqual([
      "https://hartley-reed.prismic.io",
    ]);
    expect(load({ NODE_ENV: "development" })).toEqual([EDITOR]);
    expect(load({ NODE_ENV: "production" })).toEqual([]);
  });
  test("a list separated by spaces or commas", () => {
    expect(load({ PRISMIC_PREVIEW_ANCESTORS: "https://a.prismic.io, https://b.example:8443" })).toEqual([
      "https://a.prismic.io",
      "https://b.example:8443",
    ]);
  });
  test.each(["*", "'none'", "https://a.prismic.io/path", "javascript:alert(1)", "https://a.prismic.io;script-src *"])(
    "%j is refused, naming the setting",
    (value) => {
      expect(() => load({ PRISMIC_PREVIEW_ANCESTORS: value })).toThrow(/PRISMIC_PREVIEW_ANCESTORS/);
    },
  );
});
