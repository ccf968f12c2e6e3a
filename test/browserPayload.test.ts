/**
 * A cheaper page (docs/behaviour.md section 2.3): the browser is sent only the loader data its views read, in the
 * hydration payload and from the data endpoint alike; the server keeps the whole documents for
 * the head.
 */
import request from "supertest";
import { browserPayload } from "../shared/browserPayload";
import { hydrationData } from "./support/html";
import { createTestApp } from "./support/testApp";

const t = createTestApp();

test("documents keep id, uid, type, lang and data; links what resolves them; images no editor state", () => {
  const link = {
    link_type: "Document",
    id: "a",
    uid: "b",
    type: "page",
    lang: "en-gb",
    tags: ["x"],
    slug: "b",
    first_publication_date: "d",
    last_publication_date: "d",
    isBroken: false,
  };
  const image = {
    dimensions: { width: 10, height: 5 },
    alt: "A",
    url: "https://x/i.jpg",
    copyright: "c",
    id: "i",
    edit: { x: 0, y: 0, zoom: 1, background: "transparent" },
  };
  const doc = {
    id: "d1",
    uid: "home",
    type: "home",
    lang: "en-gb",
    href: "h",
    tags: [],
    slugs: ["s"],
    linked_documents: [],
    first_publication_date: "d",
    last_publication_date: "d",
    alternate_languages: [link],
    url: null,
    data: { cta: link, cover: image },
  };
  const head = {
    title: "T",
    description: null,
    canonical: "c",
    alternates: [{ language: "en-GB", url: "u" }],
    image: {},
    type: "website",
    jsonLd: [{ "@type": "Organization" }, { "@type": "BreadcrumbList", itemListElement: [] }],
  };
  expect(browserPayload({ head, document: doc })).toEqual({
    head: {
      title: "T",
      description: null,
      alternates: [{ language: "en-GB", url: "u" }],
      jsonLd: [{ "@type": "BreadcrumbList", itemListElement: [] }],
    },
    document: {
      id: "d1",
      uid: "home",
      type: "home",
      lang: "en-gb",
      data: {
        cta: { link_type: "Document", id: "a", uid: "b", type: "page", lang: "en-gb", isBroken: false },
        cover: { dimensions: { width: 10, height: 5 }, alt: "A", url: "https://x/i.jpg", id: "i" },
      },
    },
  });
});

test("the home page's hydration payload carries none of the fields no view reads, and the page still has its full head", async () => {
  const res = await request(t.app).get("/");
  const payload = JSON.stringify(hydrationData(res.text));
  for (const field of [
    '"first_publication_date"',
    '"last_publication_date"',
    '"slugs"',
    '"linked_documents"',
    '"edit"',
    '"copyright"',
    '"canonical"',
    '"tags"',
  ]) {
    expect(payload).not.toContain(field);
  }
  expect(res.text).toContain('<link rel="canonical"');
  expect(res.text).toContain('"@type":"HomeAndConstructionBusiness"');
});

test("the data endpoint sends the same trimmed data as the hydration payload", async () => {
  const page = hydrationData((await request(t.app).get("/gallery/braybrook-st")).text).loaderData["gallery-uid___gb"];
  const data = await request(t.app).get("/_data/gallery/braybrook-st?_route=gallery-uid___gb");
  expect(data.status).toBe(200);
  expect(data.body).toEqual(page);
});
