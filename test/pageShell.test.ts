/**
 * A shared page's document start is kept with its frozen head (server/render/pageShell.ts): kept per
 * app, since an app's settings (its tags) are part of every start, and never mixed with a
 * preview's start of the same head.
 */
import request from "supertest";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { previewCookieValue } from "../server/preview/previewRoute";
import { createTestApp } from "./support/testApp";

const UNCACHED = { PAGE_CACHE_BYTES: "0", CONTENT_REF_TTL_MS: "300000" };
const page = (app: Parameters<typeof request>[0], cookie?: string) => {
  const req = request(app).get("/gallery").set("Accept-Encoding", "identity");
  return cookie ? req.set("Cookie", cookie) : req;
};

test("two apps in one process, each with its own tags: each page has its own start, every time", async () => {
  const one = createTestApp({ env: { ...UNCACHED, GTM_ID: "GTM-AAAA1111" } });
  const two = createTestApp({ env: { ...UNCACHED, GTM_ID: "GTM-BBBB2222" } });
  for (let round = 0; round < 2; round++) {
    const [a, b] = [await page(one.app), await page(two.app)];
    expect(a.text).toContain("GTM-AAAA1111");
    expect(a.text).not.toContain("GTM-BBBB2222");
    expect(b.text).toContain("GTM-BBBB2222");
    expect(b.text).not.toContain("GTM-AAAA1111");
  }
});

test("a preview's start is its own; the public page's start after it is unchanged", async () => {
  const t = createTestApp({ env: UNCACHED });
  const before = await page(t.app);
  const token = embeddedPreviewToken(releaseRef(t.contentClient.embedded!.current(), "spring-refresh")!);
  const cookie = `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;
  const preview = await page(t.app, cookie);
  expect(preview.text).toMatch(/<html [^>]*data-preview/);
  expect(preview.text).toContain('<meta name="robots" content="noindex">');
  const after = await page(t.app);
  expect(after.text).toBe(before.text);
  expect(after.text).not.toContain("data-preview");
  expect(after.text).not.toContain('content="noindex"');
});
