/**
 * A view that throws while a page renders: the visitor gets a plain 500 with no stack, nothing
 * is cached, the error is logged, and the renderer is left as it was: the next page renders
 * whole, and so does a preview (every render shares one React renderer: decision record 022).
 */
import request from "supertest";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { previewCookieValue } from "../server/preview/previewRoute";
import { capturingLogger } from "./support/capturingLogger";
import { createTestApp, WITH_PAGE_CACHE } from "./support/testApp";

jest.mock("../views/parts/Breadcrumbs", () => ({
  Breadcrumbs: () => {
    throw new Error("breadcrumbs broke at /srv/app/views/parts/Breadcrumbs.tsx:12");
  },
}));

test("a view that throws: a plain 500, never cached, logged; the next page and a preview render whole", async () => {
  const { logger, lines } = capturingLogger("info");
  const t = createTestApp({ logger, env: { ...WITH_PAGE_CACHE, CONTENT_REF_TTL_MS: "60000" } });
  const broken = await request(t.app).get("/info/privacy-policy").set("Accept-Encoding", "identity");
  expect(broken.status).toBe(500);
  expect(broken.text).not.toMatch(/breadcrumbs broke|\/srv\/app|at .*\.tsx/);
  expect(broken.headers["x-cache"]).not.toBe("HIT");
  expect(lines.some((l) => l.level >= 50 && JSON.stringify(l).includes("breadcrumbs broke"))).toBe(true);
  // Still broken the second time: nothing of the failed render was kept.
  expect((await request(t.app).get("/info/privacy-policy")).status).toBe(500);

  // A page without breadcrumbs renders whole after the failure.
  const home = await request(t.app).get("/").set("Accept-Encoding", "identity");
  expect(home.status).toBe(200);
  expect(home.text).toMatch(/<\/html>$/);

  // And so does a preview, streamed by the same renderer.
  const token = embeddedPreviewToken(releaseRef(t.contentClient.embedded!.current(), "spring-refresh")!);
  const cookie = `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;
  const preview = await request(t.app).get("/").set("Cookie", cookie).set("Accept-Encoding", "identity");
  expect(preview.status).toBe(200);
  expect(preview.headers["x-cache"]).toBe("BYPASS");
  expect(preview.text).toMatch(/<\/html>$/);
  const brokenPreview = await request(t.app).get("/info/privacy-policy").set("Cookie", cookie);
  expect(brokenPreview.status).toBe(500);
  expect(brokenPreview.text).not.toMatch(/breadcrumbs broke/);
});
