/**
 * Whether the preview cookie stuck in the editor's frame (server/preview/previewCookieCheck.ts):
 * a `/preview` loaded in a frame goes through `/preview/check`, which goes on to the page when
 * the cookie came back and otherwise says why the preview cannot show there (framable by the
 * preview's ancestors, logged once, never a redirect back to `/preview`). A `/preview` at the top
 * of a tab is unchanged. The same in real engines: test/engines/embeddedPreview.test.ts.
 */
import type { Express } from "express";
import request from "supertest";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { previewCookieValue } from "../server/preview/previewRoute";
import { COOKIE_REFUSED_MESSAGE, PREVIEW_CHECK_PATH } from "../server/preview/previewCookieCheck";
import { capturingLogger } from "./support/capturingLogger";
import { cspDirectives } from "./support/html";
import { createTestApp } from "./support/testApp";

const EDITOR = "https://editor.example";
const { logger, lines } = capturingLogger("warn");
let app: Express;
let token: string;

beforeAll(() => {
  const testApp = createTestApp({ logger, env: { PRISMIC_PREVIEW_ANCESTORS: EDITOR } });
  app = testApp.app;
  token = embeddedPreviewToken(releaseRef(testApp.contentClient.embedded!.current(), "spring-refresh")!);
});

const refusals = () => lines.filter((l) => String(l.msg).includes("did not send back the preview cookie")).length;
const previewCookie = () => `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;

test("a /preview loaded in a frame goes through the check, carrying the page and the preview link", async () => {
  const res = await request(app)
    .get("/preview")
    .set("Sec-Fetch-Dest", "iframe")
    .query({ token, documentId: "gallery-canal-house-gb" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.location, "http://localhost:3000");
  expect(location.pathname).toBe(PREVIEW_CHECK_PATH);
  expect(location.searchParams.get("to")).toBe("/gallery/canal-house");
  expect(location.searchParams.get("token")).toBe(token);
  expect(location.searchParams.get("documentId")).toBe("gallery-canal-house-gb");
});

test("a /preview at the top of a tab goes straight to the page", async () => {
  const res = await request(app)
    .get("/preview")
    .set("Sec-Fetch-Dest", "document")
    .query({ token, documentId: "gallery-canal-house-gb" });
  expect(res.headers.location).toBe("/gallery/canal-house");
});

test("the cookie came back: on to the page (a same-site path only)", async () => {
  const on = await request(app)
    .get(PREVIEW_CHECK_PATH)
    .query({ to: "/gallery/canal-house" })
    .set("Cookie", previewCookie());
  expect(on.status).toBe(302);
  expect(on.headers.location).toBe("/gallery/canal-house");
  expect(on.headers["cache-control"]).toBe("no-store");
  const away = await request(app)
    .get(PREVIEW_CHECK_PATH)
    .query({ to: "//evil.example/" })
    .set("Cookie", previewCookie());
  expect(away.headers.location).toBe("/");
});

test("no cookie came back: a page that says why and links to the preview in its own tab, framable by the editor, logged once", async () => {
  const before = refusals();
  const res = await request(app)
    .get(PREVIEW_CHECK_PATH)
    .query({ to: "/gallery/canal-house", token, documentId: "gallery-canal-house-gb" });
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.text).toContain(COOKIE_REFUSED_MESSAGE.replace(/'/g, "&#39;"));
  const link = /<a href="([^"]+)" target="_blank"/.exec(res.text)![1].replace(/&amp;/g, "&");
  const url = new URL(link, "http://localhost:3000");
  expect(url.pathname).toBe("/preview");
  expect(url.searchParams.get("token")).toBe(token);
  // Never a redirect (a browser that refuses the cookie cannot loop), and the editor may show it.
  expect(res.headers.location).toBeUndefined();
  expect(cspDirectives(res.headers["content-security-policy"])["frame-ancestors"]).toEqual(["'self'", EDITOR]);
  expect(res.headers["x-frame-options"]).toBeUndefined();
  expect(refusals() - before).toBe(1);
});

test("a hostile token or documentId is not linked: the page links to where it was going", async () => {
  const res = await request(app)
    .get(PREVIEW_CHECK_PATH)
    .query({ to: "/gallery/canal-house", token: "javascript:alert(1)", documentId: "<x>" });
  expect(res.status).toBe(200);
  expect(res.text).toContain('<a href="/gallery/canal-house" target="_blank"');
  expect(res.text).not.toContain("javascript:");
});
