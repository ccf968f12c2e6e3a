/**
 * What a render read (server/content/recordingReads.ts): the edge keys of the answer, and a
 * fingerprint that is the same at a newer ref exactly when nothing the render read changed
 * (docs/architecture.md, "Keys and promotion"). Read from the embedded repository, as pages read it.
 */
import path from "node:path";
import type { PrismicDocument } from "@prismicio/client";
import { loadDocuments } from "../packages/prismic-stand-in/src/index";
import type { ContentService } from "../server/content/contentService";
import { typeOfDocument } from "../server/content/documentAddresses";
import { recordReads, sameReads } from "../server/content/recordingReads";
import { createTestApp, ROOT } from "./support/testApp";

const ROUTABLE = ["t-article", "t-gallery_project", "t-home", "t-page", "t-sample_page"];

function setup() {
  const t = createTestApp({ env: { CONTENT_REF_TTL_MS: "60000" } });
  const atMaster = async () => t.content.atMasterRef(await t.contentClient.refs.current());
  /** Publishes the demo content with `change` applied to the document `id`, and moves the master ref. */
  const publish = async (id: string, change: (doc: PrismicDocument) => void) => {
    const documents = loadDocuments(path.join(ROOT, "content")).map((doc) => {
      if (doc.id !== id) return doc;
      const copy = structuredClone(doc);
      change(copy);
      return copy;
    });
    t.contentClient.embedded!.publish(documents);
    await t.contentClient.refs.refresh();
  };
  return { ...t, atMaster, publish };
}

/** The keys and reads of `read` made through a recorder over `content`. */
async function recorded(content: ContentService, read: (content: ContentService) => Promise<unknown>) {
  const recorder = recordReads(content, "ref-of-the-test");
  await read(recorder.content);
  return recorder.finish();
}

/** The reads of a gallery project page: the project, and its region's menus and taxonomy. */
const galleryPage = (c: ContentService) =>
  Promise.all([c.galleryProject("canal-house", "en-gb"), c.navigation("en-gb"), c.taxonomy("en-gb")]);

test("a gallery project page is keyed by its project, the menus and footer it reads, and the documents it links to by link key", async () => {
  const { atMaster } = setup();
  const { keys } = await recorded(await atMaster(), galleryPage);
  expect(keys).toEqual(
    expect.arrayContaining([
      "d-gallery-canal-house-gb",
      // Its translation (hreflang) and the article its body links to: their addresses, not their content.
      "l-gallery-canal-house-us",
      "l-article-shaker-vs-handleless-gb",
      // The menus and footer, the taxonomy, and the pages they link to.
      "d-nav-primary-nav-gb",
      "d-nav-footer-gb",
      "d-taxonomy-gb",
      "l-page-about-us-gb",
      "t-navigation",
    ]),
  );
  // A document found is keyed by its id: a new gallery project does not change this page; nor
  // does a new version of the article it links to, unless its address changed.
  expect(keys).not.toContain("t-gallery_project");
  expect(keys).not.toContain("d-article-shaker-vs-handleless-gb");
  expect(keys).toEqual([...keys].sort());
  // The purge decision learns the types of the documents seen, read or linked.
  expect(typeOfDocument("gallery-canal-house-gb")).toBe("gallery_project");
  expect(typeOfDocument("article-shaker-vs-handleless-gb")).toBe("article");
});

test("the blog list is keyed by its type and by every article it lists", async () => {
  const { atMaster } = setup();
  const content = await atMaster();
  const { keys } = await recorded(content, (c) => c.articles("en-gb", 1, 12));
  const listed = (await content.articles("en-gb", 1, 12)).items.map((doc) => `d-${doc.id}`);
  expect(listed.length).toBeGreaterThan(5);
  expect(keys).toContain("t-article");
  expect(keys).toEqual(expect.arrayContaining(listed));
});

test("the sitemap is keyed by every routable type, not by its documents", async () => {
  const { atMaster } = setup();
  const { keys } = await recorded(await atMaster(), (c) => c.routableDocuments(1, 100));
  expect(keys).toEqual(ROUTABLE);
  expect(typeOfDocument("article-lighting-a-kitchen-us")).toBe("article");
});

test("a 404 is keyed by the type it asked for: a new document of that type may fill it", async () => {
  const { atMaster } = setup();
  expect((await recorded(await atMaster(), (c) => c.article("no-such-article", "en-gb"))).keys).toEqual(["t-article"]);
  expect((await recorded(await atMaster(), (c) => c.page("no-such-page", "en-us"))).keys).toEqual(["t-page"]);
});

test("the fingerprint is the same at a newer ref when nothing read changed, and differs when a read document did", async () => {
  const { atMaster, publish } = setup();
  const gallery = (await recorded(await atMaster(), galleryPage)).reads!;
  const article = (await recorded(await atMaster(), (c) => c.article("lighting-a-kitchen", "en-gb"))).reads!;
  const blog = (await recorded(await atMaster(), (c) => c.articles("en-gb", 1, 12))).reads!;
  expect(gallery.calls.map((call) => call.method).sort()).toEqual(["galleryProject", "navigation", "taxonomy"]);

  await publish("article-lighting-a-kitchen-gb", (doc) => {
    (doc.data as { title: string }).title = "Lighting a kitchen, revised";
  });
  const newer = await atMaster();
  expect(await sameReads(newer, gallery)).toBe(true);
  expect(await sameReads(newer, article)).toBe(false);
  expect(await sameReads(newer, blog)).toBe(false);
});

test("a render whose read failed has no fingerprint (never promoted); a replay whose read fails rejects", async () => {
  const { atMaster } = setup();
  const content = await atMaster();
  const down = { ...content, navigation: () => Promise.reject(new Error("content down")) } as ContentService;
  const failed = await recorded(down, (c) => Promise.allSettled([c.home("en-gb"), c.navigation("en-gb")]));
  expect(failed.reads).toBeUndefined();
  expect(failed.keys).toContain("d-home-gb");

  const { reads } = await recorded(content, galleryPage);
  await expect(sameReads(down, reads!)).rejects.toThrow("content down");
});
