/**
 * Published content is read once per content version (decision record 019): a page rendered again at the
 * same master ref reads nothing from the repository; a publish (a new ref) reads it afresh, and
 * the page shows it; a preview reads its own content on every request and shares none.
 */
import request from "supertest";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { previewCookieValue } from "../server/preview/previewRoute";
import { demoWithHomeHeading } from "./support/publish";
import { createTestApp } from "./support/testApp";

/** The embedded repository's document queries, counted under the Prismic client. */
function setup() {
  const searches: string[] = [];
  const t = createTestApp({
    // No page cache: every request renders, so only the content's reuse is measured.
    env: { PAGE_CACHE_BYTES: "0", CONTENT_REF_TTL_MS: "60000" },
    wrapFetch: (inner) =>
      (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes("/documents/search")) searches.push(decodeURIComponent(url));
        return inner(input, init);
      }) as typeof fetch,
  });
  return { ...t, searches };
}

test("a page rendered twice at one ref reads its content once; after a publish, once more, and shows the new content", async () => {
  const { app, searches, contentClient } = setup();
  expect((await request(app).get("/")).status).toBe(200);
  const first = searches.length;
  expect(first).toBeGreaterThan(0);
  expect((await request(app).get("/")).status).toBe(200);
  expect(searches.length).toBe(first);

  contentClient.embedded!.publish(demoWithHomeHeading("Read afresh after a publish"));
  await contentClient.refs.refresh();
  const after = await request(app).get("/");
  expect(after.text).toContain("Read afresh after a publish");
  expect(searches.length).toBeGreaterThan(first);
});

test("a preview reads its content on every request, and never what a published page read", async () => {
  const { app, searches, contentClient } = setup();
  await request(app).get("/gallery/canal-house");
  const token = embeddedPreviewToken(releaseRef(contentClient.embedded!.current(), "spring-refresh")!);
  const cookie = `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;
  const reads = async () => {
    const before = searches.length;
    const res = await request(app).get("/gallery/canal-house").set("Cookie", cookie);
    expect(res.text).toContain("Canal House, repainted for spring");
    return searches.slice(before).filter((url) => url.includes('"gallery_project"')).length;
  };
  expect(await reads()).toBeGreaterThan(0);
  expect(await reads()).toBeGreaterThan(0);
  // And the published page is still the published one.
  expect((await request(app).get("/gallery/canal-house")).text).not.toContain("repainted for spring");
});
