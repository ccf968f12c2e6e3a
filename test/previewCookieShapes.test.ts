/**
 * The preview cookie in every shape Prismic writes it (docs/prismic.md, "Previews inside Prismic's
 * editor"): the plain ref the toolbar writes in the editor's frame, a URL token, the toolbar's JSON
 * with `_tracker` and other repositories' keys, each percent-encoded or not; `_tracker` alone is
 * no preview. And a refused cookie is cleared with `SameSite=None; Secure` plus any Lax leftover.
 */
import type { Express } from "express";
import request from "supertest";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { isLoopbackHost, previewTokenFrom } from "../server/preview/previewCookie";
import { mainOf, visibleText } from "./support/html";
import { createTestApp } from "./support/testApp";

const DRAFT_HEADING = "Spring in the workshop";
const PUBLISHED_HEADING = "Kitchens made to measure, built to last a lifetime";

describe("previewTokenFrom", () => {
  const read = (raw: string) => {
    const warnings: string[] = [];
    const token = previewTokenFrom(raw, "my-repo", (m) => warnings.push(m));
    return { token, warnings };
  };
  const URL_TOKEN = "https://my-repo.prismic.io/previews/abc:def?websitePreviewId=xyz";
  const JSON_TOOLBAR = JSON.stringify({
    _tracker: "Ab3dEf7h",
    "other-repo.prismic.io": { preview: "https://other-repo.prismic.io/previews/zzz" },
    "my-repo.prismic.io": { preview: URL_TOKEN },
  });

  test.each([
    ["the plain ref (Prismic's m-…:p-… shape)", "m-Z1a2b3:p-Y4c5d6", "m-Z1a2b3:p-Y4c5d6"],
    ["the plain ref, percent-encoded", encodeURIComponent("m-Z1a2b3:p-Y4c5d6"), "m-Z1a2b3:p-Y4c5d6"],
    ["an older ref shape", "YhE3YhEAACIA4321~ZZZ9Y", "YhE3YhEAACIA4321~ZZZ9Y"],
    ["a URL token", URL_TOKEN, URL_TOKEN],
    ["a URL token, percent-encoded", encodeURIComponent(URL_TOKEN), URL_TOKEN],
    ["a token written as a JSON string", JSON.stringify("m-1:p-2"), "m-1:p-2"],
    ["the toolbar's JSON, with _tracker and another repository's key", JSON_TOOLBAR, URL_TOKEN],
    ["the toolbar's JSON, percent-encoded", encodeURIComponent(JSON_TOOLBAR), URL_TOKEN],
    ["our /preview's JSON", JSON.stringify({ "my-repo.prismic.io": { preview: "m-1:p-2" } }), "m-1:p-2"],
    ["the host in capitals", JSON.stringify({ "My-Repo.prismic.io": { preview: "m-1:p-2" } }), "m-1:p-2"],
  ])("%s", (_name, raw, expected) => {
    expect(read(raw)).toEqual({ token: expected, warnings: [] });
  });

  test.each([
    ["_tracker alone", JSON.stringify({ _tracker: "Ab3dEf7h" })],
    ["_tracker alone, percent-encoded", encodeURIComponent(JSON.stringify({ _tracker: "Ab3dEf7h" }))],
    ["only another repository's preview", JSON.stringify({ "other-repo.prismic.io": { preview: "m-1:p-2" } })],
  ])("%s is no preview, and nothing wrong", (_name, raw) => {
    expect(read(raw)).toEqual({ token: null, warnings: [] });
  });

  test.each([
    ["JSON that does not parse", "{not json"],
    ["a ref with a space", "m-1 p-2"],
    ["an http URL", "http://my-repo.prismic.io/previews/x"],
    ["a javascript: URL", "javascript:alert(1)"],
  ])("%s is no preview, with a warning", (_name, raw) => {
    const { token, warnings } = read(raw);
    expect(token).toBeNull();
    expect(warnings).toHaveLength(1);
  });

  test("loopback hosts, where browsers take Secure over plain HTTP", () => {
    for (const host of ["localhost", "LOCALHOST", "site.localhost", "127.0.0.1", "127.1.2.3", "[::1]", "::1"])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["example.com", "localhost.example", "10.0.0.1", "127.0.0.1.example", "[::2]"])
      expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("pages read every shape", () => {
  let app: Express;
  let REF: string;
  beforeAll(() => {
    const t = createTestApp();
    app = t.app;
    REF = releaseRef(t.contentClient.embedded!.current(), "spring-refresh")!;
  });

  test.each([
    ["the plain ref", (ref: string) => ref],
    ["the plain ref, percent-encoded", (ref: string) => encodeURIComponent(encodeURIComponent(ref))],
    ["a URL token", (ref: string) => encodeURIComponent(embeddedPreviewToken(ref))],
    [
      "the toolbar's JSON with _tracker and another repository",
      (ref: string) =>
        encodeURIComponent(
          JSON.stringify({
            _tracker: "Ab3dEf7h",
            "other.prismic.io": { preview: "m-1:p-2" },
            "embedded.prismic.io": { preview: embeddedPreviewToken(ref) },
          }),
        ),
    ],
  ])("%s renders the draft", async (_name, cookie) => {
    const res = await request(app)
      .get("/")
      .set("Cookie", `io.prismic.preview=${cookie(REF)}`);
    expect(visibleText(mainOf(res.text))).toContain(DRAFT_HEADING);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  test("_tracker alone: the published page, from the page cache", async () => {
    await request(app).get("/");
    const res = await request(app)
      .get("/")
      .set("Cookie", `io.prismic.preview=${encodeURIComponent(JSON.stringify({ _tracker: "Ab3dEf7h" }))}`);
    expect(visibleText(mainOf(res.text))).toContain(PUBLISHED_HEADING);
    expect(res.headers["x-cache"]).toBe("HIT");
  });

  test("a refused plain ref: published, and cleared with SameSite=None; Secure and the Lax leftover's attributes", async () => {
    jest.spyOn(console, "warn").mockImplementation(() => {});
    const res = await request(app).get("/gallery/canal-house").set("Cookie", "io.prismic.preview=release~gone~0000");
    jest.restoreAllMocks();
    const cleared = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .filter((c) => c.startsWith("io.prismic.preview=;"))
      .map((c) =>
        c
          .split(/;\s*/)
          .slice(1)
          .filter((a) => !a.startsWith("Expires="))
          .sort(),
      );
    expect(cleared).toEqual([
      ["Path=/", "SameSite=None", "Secure"],
      ["Path=/", "SameSite=Lax"],
    ]);
  });
});
