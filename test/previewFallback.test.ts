/**
 * Previews fall back, never break (docs/behaviour.md section 3.5): every way hosted Prismic refuses a preview token
 * serves published content with the client's warning and clears the cookie, never a 404, 403
 * or error page; and the cookie is read in every form the toolbar writes.
 */
import request from "supertest";
import {
  answeringFetch,
  embeddedPreviewToken,
  type PrismicAnswerKind,
  PrismicAnswers,
  releaseRef,
} from "../packages/prismic-stand-in/src/testing";
import { previewTokenFrom } from "../server/preview/previewCookie";
import { previewCookieValue } from "../server/preview/previewRoute";
import { DATA_PREFIX } from "../shared/dataEndpoint";
import { capturingLogger } from "./support/capturingLogger";
import { mainOf, visibleText } from "./support/html";
import { createTestApp, type TestApp } from "./support/testApp";

const PUBLISHED_PROJECT = "Canal House";
const DRAFT_PROJECT = "Canal House, repainted for spring";
const PAGE = "/gallery/canal-house";
const PUBLISHED_HEADING = "Kitchens made to measure, built to last a lifetime";
const DRAFT_HEADING = "Spring in the workshop";

const answers = new PrismicAnswers();
const log = capturingLogger("warn");
let site: TestApp;
let TOKEN: string;

beforeAll(() => {
  site = createTestApp({
    logger: log.logger,
    wrapFetch: (inner) => answeringFetch(inner, answers, () => site.contentClient.embedded!.current().masterRef),
  });
  TOKEN = embeddedPreviewToken(releaseRef(site.contentClient.embedded!.current(), "spring-refresh")!);
});

let warn: jest.SpyInstance;
beforeEach(() => {
  answers.clear();
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const cookieHeader = (value: unknown) =>
  `io.prismic.preview=${encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value))}`;

/** The Set-Cookie that clears the preview cookie, if the response sends one. */
const clearsCookie = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .some((c) => /^io\.prismic\.preview=;.*Expires=Thu, 01 Jan 1970/.test(c));

describe("every refusal of the preview token: published content, the client's warning, the cookie cleared", () => {
  test.each<[string, PrismicAnswerKind | null]>([
    ["expired (404 api_security_error)", "preview-token-expired"],
    ["expired (400 {error})", "preview-token-expired-400"],
    ["unknown to Prismic (404 without the master ref)", "preview-token-not-found"],
    ["an access token without the right scope (401)", "invalid-access-token"],
    ["a release without a master+releases token (403)", "ref-needs-access-token"],
    ["an expired ref (410)", "ref-expired"],
    ["unknown to the repository (404 naming the master ref)", null],
  ])("%s", async (_name, kind) => {
    const token = `https://embedded.invalid/previews/${kind ?? "never-was"}-${Date.now()}`;
    if (kind) answers.switchTo({ kind, ref: token });
    const res = await request(site.app)
      .get(PAGE)
      .set("Cookie", cookieHeader({ "embedded.prismic.io": { preview: token } }));
    expect(res.status).toBe(200);
    expect(visibleText(mainOf(res.text))).toContain(PUBLISHED_PROJECT);
    expect(res.text).not.toContain(DRAFT_PROJECT);
    expect(warn.mock.calls.map((args) => String(args[0])).join("\n")).toMatch(
      /Now retrying with the latest master ref .*will not include draft content/,
    );
    expect(clearsCookie(res)).toBe(true);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    // Logged for the operators, without the token, and never as an error.
    const lines = log.lines.filter((line) => String(line.msg).startsWith("preview: Prismic refused the preview token"));
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(log.lines)).not.toContain(token);
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
    if (kind) expect(answers.served.get(kind)).toBeGreaterThan(0);

    // A browser that kept the cookie anyway: published at once, without asking Prismic about the token again.
    const served = answers.served.get(kind ?? "preview-token-expired") ?? 0;
    const again = await request(site.app)
      .get(PAGE)
      .set("Cookie", cookieHeader({ "embedded.prismic.io": { preview: token } }));
    expect([again.status, clearsCookie(again)]).toEqual([200, true]);
    expect(visibleText(mainOf(again.text))).toContain(PUBLISHED_PROJECT);
    expect(answers.served.get(kind ?? "preview-token-expired") ?? 0).toBe(served);

    // The data endpoint of client-side navigation falls back the same way.
    const data = await request(site.app)
      .get(`${DATA_PREFIX}/?_route=index___gb`)
      .set("Cookie", cookieHeader({ "embedded.prismic.io": { preview: token } }));
    expect(data.status).toBe(200);
    expect(data.text).toContain(PUBLISHED_HEADING);
    expect(data.text).not.toContain(DRAFT_HEADING);

    // And /preview with that token stores nothing and goes home.
    const entry = await request(site.app).get("/preview").query({ token, documentId: "gallery-canal-house-gb" });
    expect([entry.status, entry.headers.location]).toEqual([302, "/"]);
    expect(
      ([] as string[]).concat(entry.headers["set-cookie"] ?? []).some((c) => c.includes(encodeURIComponent(token))),
    ).toBe(false);
  });

  test("a working preview keeps its cookie", async () => {
    const res = await request(site.app)
      .get(PAGE)
      .set("Cookie", cookieHeader({ "embedded.prismic.io": { preview: TOKEN } }));
    expect(res.text).toContain(DRAFT_PROJECT);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  test("a rate limit or outage during a preview is not a refusal: the cookie stays", async () => {
    answers.switchTo({ kind: "server-error", status: 503, ref: TOKEN });
    const res = await request(site.app)
      .get(PAGE)
      .set("Cookie", cookieHeader({ "embedded.prismic.io": { preview: TOKEN } }));
    expect(res.status).toBe(503);
    expect(clearsCookie(res)).toBe(false);
  });
});

describe("the cookie in every form it is written", () => {
  test.each<[string, unknown]>([
    ["the toolbar's, with its _tracker", { _tracker: "k3Lz9QbA", "embedded.prismic.io": { preview: "TOKEN" } }],
    ["ours, the host alone", { "embedded.prismic.io": { preview: "TOKEN" } }],
    ["a host in capitals", { _tracker: "k3Lz9QbA", "Embedded.Prismic.IO": { preview: "TOKEN" } }],
    ["the CDN host", { "embedded.cdn.prismic.io": { preview: "TOKEN" } }],
    [
      "another repository's entry beside ours",
      {
        "other-repo.prismic.io": { preview: "https://other-repo.prismic.io/previews/x" },
        "embedded.prismic.io": { preview: "TOKEN" },
      },
    ],
    ["a bare token (server-side kits, older toolbars)", "TOKEN"],
  ])("%s previews the draft", async (_name, value) => {
    const filled = JSON.parse(JSON.stringify(value).replaceAll("TOKEN", TOKEN)) as unknown;
    const res = await request(site.app).get(PAGE).set("Cookie", cookieHeader(filled));
    expect(res.status).toBe(200);
    expect(res.text).toContain(DRAFT_PROJECT);
  });

  test("written byte for byte as the toolbar's js-cookie 2 writes it (JSON, partly percent-encoded)", async () => {
    const value = { _tracker: "k3Lz9QbA", "embedded.prismic.io": { preview: TOKEN } };
    // js-cookie 2.2's default converter: encodeURIComponent, then these characters back as they were.
    const written = encodeURIComponent(JSON.stringify(value)).replace(
      /%(23|24|26|2B|3A|3C|3E|3D|2F|3F|40|5B|5D|5E|60|7B|7D|7C)/g,
      decodeURIComponent,
    );
    expect(written.startsWith("{%22_tracker%22:")).toBe(true);
    const res = await request(site.app).get(PAGE).set("Cookie", `io.prismic.preview=${written}`);
    expect(res.text).toContain(DRAFT_PROJECT);
  });

  test("a value encoded twice previews the draft too", async () => {
    const twice = encodeURIComponent(encodeURIComponent(JSON.stringify({ "embedded.prismic.io": { preview: TOKEN } })));
    const res = await request(site.app).get(PAGE).set("Cookie", `io.prismic.preview=${twice}`);
    expect(res.text).toContain(DRAFT_PROJECT);
  });

  test.each<[string, unknown]>([
    ["the toolbar's with only its _tracker (no preview active)", { _tracker: "k3Lz9QbA" }],
    [
      "another repository's preview only",
      { "other-repo.prismic.io": { preview: "https://other-repo.prismic.io/previews/x" } },
    ],
  ])("%s: published content, and the tracker is never taken for a token", async (_name, value) => {
    const res = await request(site.app).get(PAGE).set("Cookie", cookieHeader(value));
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(DRAFT_PROJECT);
    expect(res.headers["cache-control"]).not.toBe("private, no-store");
  });

  test("PRISMIC_REPOSITORY with capitals matches the toolbar's lower-cased host", () => {
    const noWarning = jest.fn();
    const cookie = JSON.stringify({
      _tracker: "k3Lz9QbA",
      "my-kitchens.prismic.io": { preview: "https://my-kitchens.prismic.io/previews/abc" },
    });
    expect(previewTokenFrom(cookie, "My-Kitchens", noWarning)).toBe("https://my-kitchens.prismic.io/previews/abc");
    expect(previewTokenFrom(JSON.stringify({ _tracker: "k3Lz9QbA" }), "My-Kitchens", noWarning)).toBeNull();
    expect(noWarning).not.toHaveBeenCalled();
    // And /preview writes the host as the toolbar does, lower-cased, so the toolbar finds its entry.
    expect(JSON.parse(previewCookieValue("My-Kitchens", "https://my-kitchens.prismic.io/previews/abc"))).toEqual({
      "my-kitchens.prismic.io": { preview: "https://my-kitchens.prismic.io/previews/abc" },
    });
  });
});
