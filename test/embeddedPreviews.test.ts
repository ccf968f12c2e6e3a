/**
 * Embedded previews are off outside development unless EMBEDDED_PREVIEWS=on (docs/prismic.md,
 * "Previews"): a release's preview token is its folder's name (`…/previews/spring-refresh`), so on
 * a public site with them on, anyone could read the drafts. Off, `/preview` is a 404 that writes
 * no cookie, and a preview cookie written by hand is as no cookie: the published page, from the
 * page cache. The image carries no draft at all (test/dockerRuntime.test.ts).
 */
import request from "supertest";
import { ConfigError, loadConfig, servesPreviews } from "../server/config";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { previewCookieValue } from "../server/preview/previewRoute";
import { mainOf, visibleText } from "./support/html";
import { createTestApp, ROOT, WITH_PAGE_CACHE } from "./support/testApp";

const PUBLISHED_HEADING = "Kitchens made to measure, built to last a lifetime";
const DRAFT_HEADING = "Spring in the workshop";
/** The token the issue sent: the release's folder name, a pattern docs/prismic.md documents. */
const NAMED_TOKEN = embeddedPreviewToken("spring-refresh");

const previewCookie = (token: string) =>
  `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;

/** The home page's main heading, as a visitor reads it. */
function heading(html: string): string {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(mainOf(html));
  return visibleText(h1?.[1] ?? "").trim();
}

/** The steps: /preview with the release's name, then / with whatever cookie it set. */
async function draftHomeVisit(env: Record<string, string>) {
  const { app } = createTestApp({ env: { ...WITH_PAGE_CACHE, ...env } });
  const entry = await request(app).get("/preview").query({ token: NAMED_TOKEN, documentId: "home-gb" });
  const cookies = ([] as string[]).concat(entry.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]);
  const home = await request(app)
    .get("/")
    .set("Cookie", cookies.join("; ") || "x=1");
  return { app, entry, cookies, home };
}

describe("the EMBEDDED_PREVIEWS setting", () => {
  test.each([
    [{}, "off"],
    [{ NODE_ENV: "production" }, "off"],
    [{ NODE_ENV: "test" }, "off"],
    [{ NODE_ENV: "development" }, "on"],
    [{ NODE_ENV: "production", EMBEDDED_PREVIEWS: "on" }, "on"],
    [{ NODE_ENV: "development", EMBEDDED_PREVIEWS: "off" }, "off"],
  ])("%j → %s", (env, expected) => {
    expect(loadConfig(env, ROOT).EMBEDDED_PREVIEWS).toBe(expected);
  });

  test("anything but on or off stops the start, naming it", () => {
    expect(() => loadConfig({ EMBEDDED_PREVIEWS: "yes" }, ROOT)).toThrow(ConfigError);
    expect(() => loadConfig({ EMBEDDED_PREVIEWS: "yes" }, ROOT)).toThrow(/EMBEDDED_PREVIEWS/);
  });

  test("a hosted repository always previews (Prismic checks its tokens); embedded content only when on", () => {
    expect(servesPreviews(loadConfig({ PRISMIC_REPOSITORY: "my-repo" }, ROOT))).toBe(true);
    expect(servesPreviews(loadConfig({}, ROOT))).toBe(false);
    expect(servesPreviews(loadConfig({ EMBEDDED_PREVIEWS: "on" }, ROOT))).toBe(true);
  });
});

describe("embedded content in production, EMBEDDED_PREVIEWS unset", () => {
  const env = { NODE_ENV: "production", EMBEDDED_PREVIEWS: "" };

  test(`the issue's steps show the published home: "${PUBLISHED_HEADING}", not "${DRAFT_HEADING}"`, async () => {
    const { entry, cookies, home } = await draftHomeVisit(env);
    expect(entry.status).toBe(404);
    expect(entry.headers["cache-control"]).toBe("no-store");
    expect(cookies).toEqual([]);
    expect(home.status).toBe(200);
    expect(heading(home.text)).toBe(PUBLISHED_HEADING);
    expect(home.text).not.toContain(DRAFT_HEADING);
  });

  test("a preview cookie written by hand, by the release's name, its ref or the master ref, is as no cookie: the published page from the page cache", async () => {
    const { app, contentClient } = createTestApp({ env: { ...WITH_PAGE_CACHE, ...env } });
    // The release's ref where previews are on (the same content gives the same ref).
    const staging = createTestApp({ env: { EMBEDDED_PREVIEWS: "on" } }).contentClient.embedded!.current();
    const tokens = [
      NAMED_TOKEN,
      embeddedPreviewToken(releaseRef(staging, "spring-refresh")!),
      embeddedPreviewToken(contentClient.embedded!.current().masterRef),
    ];
    await request(app).get("/");
    for (const token of tokens) {
      const res = await request(app).get("/").set("Cookie", previewCookie(token));
      expect(res.status).toBe(200);
      expect(heading(res.text)).toBe(PUBLISHED_HEADING);
      expect(res.headers["x-cache"]).toBe("HIT");
      expect(res.headers["cache-control"]).not.toContain("private");
      expect(res.text).not.toContain("data-preview");
      expect(res.text).not.toContain("/preview/toolbar.js");
      const data = await request(app)
        .get("/_data/gallery/canal-house?_route=gallery-uid___gb")
        .set("Cookie", previewCookie(token));
      expect(data.status).toBe(200);
      expect(data.text).toContain("Canal House");
      expect(data.text).not.toContain("Canal House, repainted for spring");
    }
  });

  test("no draft is even read: the repository has the master ref only", async () => {
    const { contentClient } = createTestApp({ env });
    const refs = await contentClient.client.getRefs();
    expect(refs.map((ref) => ref.isMasterRef)).toEqual([true]);
    expect(releaseRef(contentClient.embedded!.current(), "spring-refresh")).toBeUndefined();
  });

  test("the toolbar stand-in is not served", async () => {
    const { app } = createTestApp({ env });
    expect((await request(app).get("/preview/toolbar.js")).status).toBe(404);
  });
});

describe("embedded content in production with EMBEDDED_PREVIEWS=on (a staging deployment)", () => {
  test(`the issue's steps show the draft home: "${DRAFT_HEADING}"`, async () => {
    const { entry, cookies, home } = await draftHomeVisit({ NODE_ENV: "production", EMBEDDED_PREVIEWS: "on" });
    expect(entry.status).toBe(302);
    expect(cookies).toHaveLength(1);
    expect(heading(home.text)).toBe(DRAFT_HEADING);
    expect(home.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("npm run dev (NODE_ENV=development) keeps them", () => {
  test(`the issue's steps show the draft home: "${DRAFT_HEADING}"`, async () => {
    const { entry, home } = await draftHomeVisit({ NODE_ENV: "development" });
    expect(entry.status).toBe(302);
    expect(heading(home.text)).toBe(DRAFT_HEADING);
  });
});
