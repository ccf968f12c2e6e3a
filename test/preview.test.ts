/**
 * Previews (docs/behaviour.md section 3.4) in embedded mode, with the demo release
 * content/_releases/spring-refresh/: the release's ref and preview token, the /preview entry
 * (cookie, redirect, and never a redirect off the site), pages and data in preview (drafts,
 * private and uncached, noindex, the toolbar with the nonce), and what a bad cookie gets.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import request from "supertest";
import * as prismic from "@prismicio/client";
import { ConfigError, loadConfig } from "../server/config";
import { createContentService, type ContentService } from "../server/content/contentService";
import { ContentFileError } from "../packages/prismic-stand-in/src/index";
import {
  createEmbeddedFetch,
  createEmbeddedRepository,
  EMBEDDED_ENDPOINT,
  embeddedPreviewToken,
  loadReleases,
  releaseRef,
} from "../packages/prismic-stand-in/src/testing";
import { createLogger } from "../server/observability/logger";
import { createPreviewRouter, previewCookieValue, validPreviewToken } from "../server/preview/previewRoute";
import type { LinkLike } from "../shared/linkResolver";
import { sameSitePath } from "../shared/regionChoice";
import { capturingLogger } from "./support/capturingLogger";
import { cspDirectives, hydrationData, mainOf, scriptsOf, attribute, visibleText } from "./support/html";
import { createTestApp, ROOT, type TestApp } from "./support/testApp";

const PUBLISHED_HEADING = "Kitchens made to measure, built to last a lifetime";
const DRAFT_HEADING = "Spring in the workshop";
const PUBLISHED_PROJECT = "Canal House";
const DRAFT_PROJECT = "Canal House, repainted for spring";
const DRAFT_ARTICLE = "Planning a pantry for spring";

const REPOSITORY = "embedded";
const SITE = "http://localhost:3000";

/** A Cookie header carrying the preview cookie as the /preview route writes it. */
const previewCookie = (token: string) =>
  `io.prismic.preview=${encodeURIComponent(previewCookieValue(REPOSITORY, token))}`;

/** Every preview cookie a response sets or clears, with its attributes. */
function previewSetCookies(res: request.Response): Array<{ value: string; attributes: string[] }> {
  return ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .filter((c) => c.startsWith("io.prismic.preview="))
    .map((header) => {
      const [pair, ...attributes] = header.split(/;\s*/);
      return { value: decodeURIComponent(pair.slice("io.prismic.preview=".length)), attributes };
    });
}

/** The preview cookie a response writes (not one it clears), with its attributes. */
function setCookieOf(res: request.Response): { value: string; attributes: string[] } | undefined {
  return previewSetCookies(res).find((c) => c.value !== "");
}

/** The clearing Set-Cookie lines of a response: SameSite=None; Secure (on loopback) and the Lax leftover's. */
function clearedCookies(res: request.Response): string[][] {
  return previewSetCookies(res)
    .filter((c) => c.value === "")
    .map((c) => c.attributes.filter((a) => !a.startsWith("Expires=")).sort());
}

/** A Location is a path on this site: it resolves against the site to the site's own origin. */
function expectSameSite(location: string | undefined): void {
  expect(location).toMatch(/^\/(?![/\\])/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the redirect must hold no control characters
  expect(/[\u0000-\u0020\\]/.test(location!)).toBe(false);
  expect(new URL(location!, SITE).origin).toBe(SITE);
}

let testApp: TestApp;
let app: Express;
let TOKEN: string;
let RELEASE_REF: string;

beforeAll(() => {
  testApp = createTestApp();
  app = testApp.app;
  RELEASE_REF = releaseRef(testApp.contentClient.embedded!.current(), "spring-refresh")!;
  TOKEN = embeddedPreviewToken(RELEASE_REF);
});

afterEach(() => jest.restoreAllMocks());

describe("embedded releases", () => {
  test("the repository lists the release as a non-master ref with a label", async () => {
    const refs = await testApp.contentClient.client.getRefs();
    expect(refs.filter((r) => r.isMasterRef)).toHaveLength(1);
    expect(refs).toContainEqual({
      id: "spring-refresh",
      ref: RELEASE_REF,
      label: "Spring refresh",
      isMasterRef: false,
    });
    expect(RELEASE_REF).toMatch(/^release~spring-refresh~[\w-]{16}$/);
    expect(TOKEN).toBe(`https://embedded.invalid/previews/${RELEASE_REF}`);
  });

  test("the release ref reads the master documents overlaid by the drafts; the master ref, the published ones", async () => {
    const { client } = testApp.contentClient;
    const master = await client.getAllByType("gallery_project", { lang: "en-gb" });
    const atRelease = await client.getAllByType("gallery_project", { lang: "en-gb", ref: RELEASE_REF });
    const atToken = await client.getAllByType("gallery_project", { lang: "en-gb", ref: TOKEN });
    const title = (docs: prismic.PrismicDocument[], uid: string) => docs.find((d) => d.uid === uid)?.data.title;
    expect(title(master, "canal-house")).toBe(PUBLISHED_PROJECT);
    expect(title(atRelease, "canal-house")).toBe(DRAFT_PROJECT);
    expect(title(atToken, "canal-house")).toBe(DRAFT_PROJECT);
    // The same documents (replaced in place, nothing else changed); in no promised order, as on Prismic.
    expect(atRelease.map((d) => d.id).sort()).toEqual(master.map((d) => d.id).sort());
    expect(title(atRelease, "braybrook-st")).toBe(title(master, "braybrook-st"));
  });

  test("a token may name the release instead of its ref: its current version", async () => {
    const byName = "https://embedded.invalid/previews/spring-refresh";
    const entry = await request(app).get("/preview").query({ token: byName, documentId: "gallery-canal-house-gb" });
    expect(entry.headers.location).toBe("/gallery/canal-house");
    expect(JSON.parse(setCookieOf(entry)!.value)).toEqual({ "embedded.prismic.io": { preview: byName } });
    const page = await request(app).get("/gallery/canal-house").set("Cookie", previewCookie(byName));
    expect(visibleText(mainOf(page.text))).toContain(DRAFT_PROJECT);
  });

  test("a draft with a new id is added; a draft taking another document's uid is refused", () => {
    const doc = (id: string, uid: string, title: string) =>
      ({
        id,
        uid,
        type: "page",
        lang: "en-gb",
        tags: [],
        data: { title },
        alternate_languages: [],
      }) as unknown as prismic.PrismicDocument;
    const master = [doc("a", "one", "One"), doc("b", "two", "Two")];
    const repo = createEmbeddedRepository(master, {
      releases: [{ name: "next", documents: [doc("b", "two", "Two, edited"), doc("c", "three", "Three")] }],
    });
    const set = repo.refs.get(releaseRef(repo, "next")!)!;
    expect(set.documents.map((d) => [d.id, d.data.title])).toEqual([
      ["a", "One"],
      ["b", "Two, edited"],
      ["c", "Three"],
    ]);
    expect(repo.refs.get(repo.masterRef)!.documents.map((d) => d.data.title)).toEqual(["One", "Two"]);
    expect(() =>
      createEmbeddedRepository(master, { releases: [{ name: "next", documents: [doc("c", "one", "Clash")] }] }),
    ).toThrow(/Release "next": documents "a" and "c" both have uid "one"/);
  });

  test("an unknown token is answered like an unknown ref: 404 api_notfound_error naming the master ref", async () => {
    const repo = testApp.contentClient.embedded!.current();
    const fetchFn = createEmbeddedFetch(repo);
    const url = new URL(`${EMBEDDED_ENDPOINT}/documents/search`);
    url.searchParams.set("ref", embeddedPreviewToken("release~gone~0000000000000000"));
    const res = await fetchFn(url.toString());
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      type: "api_notfound_error",
      message: expect.stringMatching(new RegExp(`Master ref is: ${repo.masterRef}$`)),
    });
  });

  test("release folders are read like the content folder, and a bad release folder name stops start-up naming it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "releases-"));
    try {
      fs.mkdirSync(path.join(dir, "_releases", "Bad Name"), { recursive: true });
      expect(() => loadReleases(dir)).toThrow(ContentFileError);
      expect(() => loadReleases(dir)).toThrow(/Bad Name: a release folder name/);
      fs.rmSync(path.join(dir, "_releases", "Bad Name"), { recursive: true });
      fs.mkdirSync(path.join(dir, "_releases", "ok", "deep", "er"), { recursive: true });
      fs.writeFileSync(
        path.join(dir, "_releases", "ok", "deep", "er", "x.json"),
        JSON.stringify({ id: "x", type: "page", lang: "en-gb" }),
      );
      expect(loadReleases(dir).map((r) => [r.name, r.documents.map((d) => d.id)])).toEqual([["ok", ["x"]]]);
      expect(loadReleases(path.join(ROOT, "content")).map((r) => r.name)).toEqual(["spring-refresh"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("GET /preview", () => {
  test("with a valid token and documentId: sets the preview cookie (Prismic's JSON shape) and 302s to the document's URL", async () => {
    const res = await request(app).get("/preview").query({ token: TOKEN, documentId: "home-gb" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    expect(res.headers["cache-control"]).toBe("no-store");
    const cookie = setCookieOf(res)!;
    expect(JSON.parse(cookie.value)).toEqual({ "embedded.prismic.io": { preview: TOKEN } });
    // Path=/, SameSite=None; Secure (a loopback host: browsers take Secure there over plain HTTP),
    // so Prismic's editor frame keeps and sends it; a session cookie; not HttpOnly (the toolbar deletes it).
    expect(cookie.attributes.sort()).toEqual(["Path=/", "SameSite=None", "Secure"]);
  });

  test("over plain HTTP on a host that is not loopback: SameSite=Lax, not Secure (a browser would refuse it)", async () => {
    const res = await request(app)
      .get("/preview")
      .query({ token: TOKEN, documentId: "home-gb" })
      .set("Host", "staging.example");
    expect(setCookieOf(res)!.attributes.sort()).toEqual(["Path=/", "SameSite=Lax"]);
  });

  test.each([
    ["gallery-canal-house-gb", "/gallery/canal-house", "a changed gallery project"],
    ["article-planning-a-pantry-us", "/us/info/blog/planning-a-pantry", "an en-us draft"],
    ["page-about-us-us", "/us/info/about-us", "a document the release leaves as published (in a nav section)"],
    ["home-us", "/us", "the us home"],
  ])("documentId=%s goes to %s (%s)", async (documentId, location) => {
    const res = await request(app).get("/preview").query({ token: TOKEN, documentId });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(location);
    expect(setCookieOf(res)).toBeDefined();
  });

  test("a valid token with a document id that does not exist: cookie set, to the home page", async () => {
    const res = await request(app).get("/preview").query({ token: TOKEN, documentId: "no-such-document" });
    expect(res.headers.location).toBe("/");
    expect(setCookieOf(res)).toBeDefined();
  });

  test("over HTTPS the cookie is Secure", async () => {
    const { logger } = capturingLogger("warn");
    const https = express();
    https.set("trust proxy", true);
    https.use(cookieParser(), createPreviewRouter({ content: testApp.content, repositoryName: REPOSITORY, logger }));
    const res = await request(https)
      .get("/preview")
      .query({ token: TOKEN, documentId: "home-gb" })
      .set("X-Forwarded-Proto", "https");
    expect(setCookieOf(res)!.attributes).toContain("Secure");
    expect(setCookieOf(res)!.attributes).not.toContain("HttpOnly");
  });

  test.each<[string, Record<string, string>]>([
    ["no token", { documentId: "home-gb" }],
    ["no documentId", { token: "TOKEN" }],
    ["an empty token", { token: "", documentId: "home-gb" }],
    ["a documentId with a space", { token: "TOKEN", documentId: "home gb" }],
    ["a documentId with a slash", { token: "TOKEN", documentId: "../home-gb" }],
    ["a documentId of 65 characters", { token: "TOKEN", documentId: "a".repeat(65) }],
    ["a token with a space", { token: "https://embedded.invalid/previews/release~a b", documentId: "home-gb" }],
    ["a token with a newline", { token: "https://embedded.invalid/previews/x\n", documentId: "home-gb" }],
    ["a javascript: token", { token: "javascript:alert(1)", documentId: "home-gb" }],
    ["an http token", { token: "http://embedded.invalid/previews/x", documentId: "home-gb" }],
    ["a token with credentials", { token: "https://user:pass@embedded.invalid/previews/x", documentId: "home-gb" }],
    [
      "a token the repository does not know",
      { token: "https://embedded.invalid/previews/release~gone~0000000000000000", documentId: "home-gb" },
    ],
    ["a bare ref the repository does not know", { token: "ZzZz123~unknown", documentId: "home-gb" }],
  ])("%s: no cookie (an earlier one cleared), to the home page", async (_what, query) => {
    const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === "TOKEN" ? TOKEN : v]));
    const res = await request(app).get("/preview").query(q);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(setCookieOf(res)).toBeUndefined();
    expect(clearedCookies(res)).toEqual([
      ["Path=/", "SameSite=None", "Secure"],
      ["Path=/", "SameSite=Lax"],
    ]);
  });

  test("a repeated token parameter is refused", async () => {
    const res = await request(app).get(`/preview?token=${encodeURIComponent(TOKEN)}&token=x&documentId=home-gb`);
    expect(res.headers.location).toBe("/");
    expect(setCookieOf(res)).toBeUndefined();
  });

  test("the token validator: URLs and plausible refs only", () => {
    expect(validPreviewToken(TOKEN)).toBe(TOKEN);
    expect(validPreviewToken("https://my-repo.prismic.io/previews/abc:def?websitePreviewId=xyz")).not.toBeNull();
    expect(validPreviewToken("YhE3YhEAACIA4321~abc")).not.toBeNull();
    const long = `https://embedded.invalid/previews/${"a".repeat(2048 - 34)}`;
    expect(validPreviewToken(long)).toBe(long);
    expect(validPreviewToken(`${long}a`)).toBeNull();
    for (const bad of [
      undefined,
      42,
      ["x"],
      "",
      " ",
      "a\tb",
      "a\\b",
      "//evil.example",
      "https:",
      "data:text/html,x",
      "<script>",
    ]) {
      expect(validPreviewToken(bad)).toBeNull();
    }
  });

  const HOSTILE = [
    "https://evil.example/",
    "http://evil.example",
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "%2F%2Fevil.example",
    "/%2F%2Fevil.example",
    "https:evil.example",
    "https:/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/.//evil.example",
    "/../..//evil.example",
    "javascript:alert(document.cookie)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "",
  ];

  describe("never redirects off the site", () => {
    test.each(HOSTILE)(
      "a hostile query value %j (as token, documentId and exit `to`) lands on a same-site path",
      async (value) => {
        for (const query of [
          { token: value, documentId: "home-gb" },
          { token: TOKEN, documentId: value },
          { token: value, documentId: value },
        ]) {
          const res = await request(app).get("/preview").query(query);
          expect(res.status).toBe(302);
          expectSameSite(res.headers.location);
          expect(res.headers.location).toBe("/");
        }
        const exit = await request(app).get("/preview/exit").query({ to: value });
        expect(exit.status).toBe(302);
        expectSameSite(exit.headers.location);
        // "/%2F%2Fevil.example" is a path of this site, encoded slashes and all; nothing else passes.
        expect(exit.headers.location).toBe(sameSitePath(value) ?? "/");
      },
    );

    test("raw (not re-encoded) hostile query strings land on a same-site path", async () => {
      for (const raw of [
        "to=//evil.example",
        "to=%2F%2Fevil.example",
        "to=/%5Cevil.example",
        "to=%2F%09%2Fevil.example",
        "to=%0A//evil.example",
        "to=https%3Aevil.example",
        "to[]=//evil.example",
        "to=/ok&to=//evil.example",
      ]) {
        const res = await request(app).get(`/preview/exit?${raw}`);
        expect(res.status).toBe(302);
        expectSameSite(res.headers.location);
      }
    });

    test.each(HOSTILE.filter(Boolean))(
      "a document whose link resolution gives %j goes to a same-site path (else its region's home)",
      async (hostile) => {
        const { logger } = capturingLogger("warn");
        const site = express();
        site.use(
          cookieParser(),
          createPreviewRouter({
            content: testApp.content,
            repositoryName: REPOSITORY,
            logger,
            linkResolver: () => hostile,
          }),
        );
        // Only "/%2F%2Fevil.example" is a same-site path (a path of this site, encoded slashes and all).
        const safe = sameSitePath(hostile);
        expect(safe === null || safe === "/%2F%2Fevil.example").toBe(true);
        const gb = await request(site).get("/preview").query({ token: TOKEN, documentId: "gallery-canal-house-gb" });
        expectSameSite(gb.headers.location);
        expect(gb.headers.location).toBe(safe ?? "/");
        const us = await request(site)
          .get("/preview")
          .query({ token: TOKEN, documentId: "article-planning-a-pantry-us" });
        expectSameSite(us.headers.location);
        expect(us.headers.location).toBe(safe ?? "/us");
        // The token itself was good: the preview starts, at a safe place.
        expect(setCookieOf(us)).toBeDefined();
      },
    );

    test("a link resolver that fails, or resolves nothing, also goes to the region's home", async () => {
      const { logger } = capturingLogger("warn");
      for (const linkResolver of [
        () => null,
        (): string => {
          throw new Error("boom");
        },
      ]) {
        const site = express();
        site.use(
          cookieParser(),
          createPreviewRouter({ content: testApp.content, repositoryName: REPOSITORY, logger, linkResolver }),
        );
        const res = await request(site)
          .get("/preview")
          .query({ token: TOKEN, documentId: "article-planning-a-pantry-us" });
        expect(res.headers.location).toBe("/us");
      }
    });

    test("the link resolver gets the document as a Document link, with the sections of the menus read at the preview token", async () => {
      const seen: Array<[LinkLike, Record<string, string>]> = [];
      const site = express();
      site.use(
        cookieParser(),
        createPreviewRouter({
          content: testApp.content,
          repositoryName: REPOSITORY,
          logger: createLogger("silent"),
          linkResolver: (link, sections) => {
            seen.push([link, sections]);
            return "/somewhere?x=1#y";
          },
        }),
      );
      testApp.calls.reset();
      const res = await request(site).get("/preview").query({ token: TOKEN, documentId: "page-about-us-us" });
      expect(res.headers.location).toBe("/somewhere?x=1#y");
      expect(seen[0][0]).toEqual({
        link_type: "Document",
        id: "page-about-us-us",
        uid: "about-us",
        type: "page",
        lang: "en-us",
      });
      expect(seen[0][1]["page-about-us-us"]).toBe("info");
      expect(testApp.calls.log).toEqual([
        { method: "previewDocument", args: ["page-about-us-us", TOKEN] },
        { method: "navigation", args: ["en-us"] },
      ]);
    });
  });

  test("when the content service is down: no cookie, to the home page, no error", async () => {
    const down = createTestApp({
      wrapFetch: () => async () => {
        throw new TypeError("fetch failed");
      },
    });
    const res = await request(down.app).get("/preview").query({ token: TOKEN, documentId: "home-gb" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    expect(setCookieOf(res)).toBeUndefined();
  });
});

describe("GET /preview/exit", () => {
  test("clears the cookie and goes to the same-site `to`, query and fragment kept", async () => {
    const res = await request(app)
      .get("/preview/exit")
      .query({ to: "/gallery/canal-house?page=2#photos" })
      .set("Cookie", previewCookie(TOKEN));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/gallery/canal-house?page=2#photos");
    // A verified preview's answer is framable by the editor, so private as well (docs/prismic.md).
    expect(res.headers["cache-control"]).toMatch(/^(private, )?no-store$/);
    const cleared = previewSetCookies(res);
    expect(cleared.map((c) => c.value)).toEqual(["", ""]);
    for (const c of cleared) expect(c.attributes).toContain("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
    // With the attributes it was written with, and any SameSite=Lax leftover of an older version.
    expect(clearedCookies(res)).toEqual([
      ["Path=/", "SameSite=None", "Secure"],
      ["Path=/", "SameSite=Lax"],
    ]);
  });

  test("without `to`, home", async () => {
    const res = await request(app).get("/preview/exit");
    expect(res.headers.location).toBe("/");
  });
});

describe("a page in preview", () => {
  test("shows the draft, privately and uncached, noindex, with the toolbar script bound to the nonce", async () => {
    const res = await request(app).get("/").set("Cookie", previewCookie(TOKEN));
    expect(res.status).toBe(200);
    expect(visibleText(mainOf(res.text))).toContain(DRAFT_HEADING);
    expect(res.text).not.toContain(PUBLISHED_HEADING);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-cache"]).toBe("BYPASS");
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(res.text).toMatch(/<html lang="en-GB" data-preview>/);

    const nonce = cspDirectives(res.headers["content-security-policy"])
      ["script-src"].find((s) => s.startsWith("'nonce-"))!
      .slice(7, -1);
    const toolbar = scriptsOf(res.text).filter((s) => attribute(s.attributes, "src") === "/preview/toolbar.js");
    expect(toolbar).toHaveLength(1);
    expect(attribute(toolbar[0].attributes, "nonce")).toBe(nonce);
  });

  test("the published page, before and after, shows no draft, and a cache HIT does not leak it", async () => {
    const fresh = createTestApp().app;
    const before = await request(fresh).get("/");
    expect(before.text).toContain(PUBLISHED_HEADING);
    const preview = await request(fresh).get("/").set("Cookie", previewCookie(TOKEN));
    expect(preview.text).toContain(DRAFT_HEADING);
    for (let i = 0; i < 2; i++) {
      const after = await request(fresh).get("/");
      expect(after.headers["x-cache"]).toBe("HIT");
      expect(after.text).toContain(PUBLISHED_HEADING);
      expect(after.text).not.toContain(DRAFT_HEADING);
      expect(after.text).not.toContain("data-preview");
      expect(after.text).not.toContain("/preview/toolbar.js");
      expect(after.headers["cache-control"]).not.toContain("private");
    }
  });

  test.each([
    ["/gallery/canal-house", DRAFT_PROJECT],
    ["/gallery", DRAFT_PROJECT],
    ["/us/info/blog/planning-a-pantry", DRAFT_ARTICLE],
    ["/us/info/blog", DRAFT_ARTICLE],
  ])("%s shows the draft %j in preview, and not without the cookie", async (url, draft) => {
    const preview = await request(app).get(url).set("Cookie", previewCookie(TOKEN));
    expect(preview.status).toBe(200);
    expect(visibleText(mainOf(preview.text))).toContain(draft);
    const published = await request(app).get(url);
    expect(visibleText(mainOf(published.text))).not.toContain(draft);
  });

  test("the data endpoint in preview answers the draft, private and uncached", async () => {
    const res = await request(app).get("/_data/?_route=index___gb").set("Cookie", previewCookie(TOKEN));
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(DRAFT_HEADING);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const published = await request(app).get("/_data/?_route=index___gb");
    expect(JSON.stringify(published.body)).toContain(PUBLISHED_HEADING);
    expect(published.headers["cache-control"]).not.toContain("private");
  });

  test("the hydration payload holds the draft, so the browser hydrates the same content", async () => {
    const res = await request(app).get("/gallery/canal-house").set("Cookie", previewCookie(TOKEN));
    expect(JSON.stringify(hydrationData(res.text).loaderData)).toContain(DRAFT_PROJECT);
  });

  test("an unknown or expired token in the cookie: published content (200), and the client's warning", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const unknown = embeddedPreviewToken(`release~expired~${Date.now()}`);
    const res = await request(app).get("/gallery/canal-house").set("Cookie", previewCookie(unknown));
    expect(res.status).toBe(200);
    expect(visibleText(mainOf(res.text))).toContain(PUBLISHED_PROJECT);
    expect(res.text).not.toContain(DRAFT_PROJECT);
    // Still not cacheable: the request asked for a preview.
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const messages = warn.mock.calls.map((args) => String(args[0]));
    expect(messages).toContainEqual(
      expect.stringMatching(/was invalid\. Now retrying with the latest master ref .*will not include draft content/),
    );
    expect(messages.join("\n")).toContain(unknown);
  });

  test("a token Prismic reports as expired (404 api_security_error) falls back to published content too, with the warning", async () => {
    const expired = `https://embedded.invalid/previews/expired-${Date.now()}`;
    const hosted = createTestApp({
      wrapFetch: (inner) => async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.searchParams.get("ref") === expired) {
          return new Response(
            JSON.stringify({ type: "api_security_error", message: "This preview token has expired" }),
            {
              status: 404,
              headers: { "content-type": "application/json" },
            },
          );
        }
        return inner(input, init);
      },
    });
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const res = await request(hosted.app).get("/").set("Cookie", previewCookie(expired));
    expect(res.status).toBe(200);
    expect(res.text).toContain(PUBLISHED_HEADING);
    expect(warn.mock.calls.map((args) => String(args[0])).join("\n")).toMatch(
      /was invalid\. Now retrying with the latest master ref/,
    );
    // And /preview refuses it: no cookie.
    const entry = await request(hosted.app).get("/preview").query({ token: expired, documentId: "home-gb" });
    expect(entry.headers.location).toBe("/");
    expect(setCookieOf(entry)).toBeUndefined();
  });

  test.each([
    ["a cookie that does not parse", "io.prismic.preview=%7Bnot-json"],
    [
      "a cookie without a token",
      `io.prismic.preview=${encodeURIComponent(JSON.stringify({ "embedded.prismic.io": {} }))}`,
    ],
  ])("%s: published content and a warning, not an error", async (_what, cookie) => {
    const { logger, lines } = capturingLogger("warn");
    const site = createTestApp({ logger }).app;
    const res = await request(site).get("/").set("Cookie", cookie);
    expect(res.status).toBe(200);
    expect(res.text).toContain(PUBLISHED_HEADING);
    expect(res.text).not.toContain("data-preview");
    expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toContainEqual(
      expect.stringMatching(/Ignoring a preview cookie/),
    );
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe("the toolbar and the CSP", () => {
  test("the embedded stand-in is served, and the policy stays strict (it is on this site)", async () => {
    const script = await request(app).get("/preview/toolbar.js");
    expect(script.status).toBe(200);
    expect(script.headers["content-type"]).toMatch(/javascript/);
    expect(script.text).toContain("prismicPreviewUpdate");
    expect(script.text).toContain("__prismicToolbarStandIn");

    const res = await request(app).get("/").set("Cookie", previewCookie(TOKEN));
    const csp = cspDirectives(res.headers["content-security-policy"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  });

  test("with Prismic's toolbar, preview responses (only) let it reach Prismic's hosts", async () => {
    const src = prismic.getToolbarSrc("embedded");
    const site = createTestApp({ env: { PRISMIC_TOOLBAR_SRC: src } }).app;
    const preview = await request(site).get("/gallery/canal-house").set("Cookie", previewCookie(TOKEN));
    const csp = cspDirectives(preview.headers["content-security-policy"]);
    for (const directive of ["connect-src", "frame-src", "img-src"]) {
      expect(csp[directive]).toEqual(expect.arrayContaining(["https://*.prismic.io", "https://static.cdn.prismic.io"]));
    }
    expect(csp["connect-src"]).toEqual(["'self'", "https://*.prismic.io", "https://static.cdn.prismic.io"]);
    const nonce = csp["script-src"].find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
    const toolbar = scriptsOf(preview.text).find((s) => attribute(s.attributes, "src") === src)!;
    expect(attribute(toolbar.attributes, "nonce")).toBe(nonce);
    expect(src).toBe("https://static.cdn.prismic.io/prismic.js?new=true&repo=embedded");

    const published = await request(site).get("/gallery/canal-house");
    const strict = cspDirectives(published.headers["content-security-policy"]);
    expect(strict["connect-src"]).toEqual(["'self'"]);
    expect(strict["frame-src"]).not.toContain("https://*.prismic.io");
    expect(strict["img-src"]).not.toContain("https://*.prismic.io");
    expect(published.text).not.toContain("static.cdn.prismic.io");
  });

  test("PRISMIC_TOOLBAR_SRC: Prismic's toolbar by default in hosted mode, the stand-in in embedded mode, and checked", () => {
    expect(loadConfig({ PRISMIC_REPOSITORY: "my-repo" }, ROOT).PRISMIC_TOOLBAR_SRC).toBe(
      "https://static.cdn.prismic.io/prismic.js?new=true&repo=my-repo",
    );
    expect(loadConfig({}, ROOT).PRISMIC_TOOLBAR_SRC).toBe("/preview/toolbar.js");
    expect(loadConfig({ PRISMIC_TOOLBAR_SRC: "https://cdn.example/toolbar.js" }, ROOT).PRISMIC_TOOLBAR_SRC).toBe(
      "https://cdn.example/toolbar.js",
    );
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example/t.js",
      "/\\evil.example/t.js",
      "http://cdn.example/t.js",
      "toolbar.js",
    ]) {
      expect(() => loadConfig({ PRISMIC_TOOLBAR_SRC: bad }, ROOT)).toThrow(ConfigError);
      expect(() => loadConfig({ PRISMIC_TOOLBAR_SRC: bad }, ROOT)).toThrow(/PRISMIC_TOOLBAR_SRC/);
    }
  });
});

describe("the content service's preview resolve", () => {
  let service: ContentService;
  beforeAll(() => {
    service = createContentService(testApp.contentClient.client);
  });

  test("reads the document by id at the token, in any language", async () => {
    const found = await service.previewDocument("article-planning-a-pantry-us", TOKEN);
    expect(found).toEqual({
      valid: true,
      document: expect.objectContaining({ lang: "en-us", data: expect.objectContaining({ title: DRAFT_ARTICLE }) }),
    });
    expect(await service.previewDocument("nope", TOKEN)).toEqual({ valid: true, document: null });
  });

  test("tells an unknown token apart (the client alone would quietly read the master ref)", async () => {
    const found = await service.previewDocument("home-gb", embeddedPreviewToken("release~nope~x"));
    expect(found).toEqual({ valid: false, reason: expect.stringMatching(/^404 api_notfound_error: Ref not found/) });
  });
});
