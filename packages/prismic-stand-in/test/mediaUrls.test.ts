/**
 * Embedded documents' media paths made absolute on load (packages/prismic-stand-in/src/embedded/mediaUrls.ts),
 * since Prismic's image helpers throw on a relative URL: every `url` starting with `/media/`,
 * wherever it is in `data`; nothing else; the document given left as it was.
 */
import type { PrismicDocument } from "@prismicio/client";
import { absolutizeMediaUrls } from "../src/embedded/mediaUrls";

const document = {
  id: "d",
  uid: "oak",
  type: "page",
  lang: "en-gb",
  url: "/media/not-data.jpg",
  data: {
    image: { url: "/media/oak.jpg", alt: "Oak", mobile: { url: "/media/oak-mobile.jpg" } },
    body: [
      { type: "image", url: "/media/inline.png" },
      { type: "paragraph", text: "/media/not-a-url-field" },
    ],
    slices: [{ primary: { file: { link_type: "Media", url: "/media/spec.pdf" } }, items: [{ url: "/media/x.jpg" }] }],
    remote: { url: "https://images.prismic.io/repo/oak.jpg" },
    elsewhere: { url: "/gallery/oak" },
    caption: "/media/oak.jpg",
  },
} as unknown as PrismicDocument;

test("every media url in data becomes absolute on the origin, and nothing else changes", () => {
  const done = absolutizeMediaUrls(document, "https://embedded.invalid") as unknown as {
    data: Record<string, any>;
    url: string;
  };
  expect(done.data.image.url).toBe("https://embedded.invalid/media/oak.jpg");
  expect(done.data.image.mobile.url).toBe("https://embedded.invalid/media/oak-mobile.jpg");
  expect(done.data.body[0].url).toBe("https://embedded.invalid/media/inline.png");
  expect(done.data.slices[0].primary.file.url).toBe("https://embedded.invalid/media/spec.pdf");
  expect(done.data.slices[0].items[0].url).toBe("https://embedded.invalid/media/x.jpg");
  expect(done.data.body[1].text).toBe("/media/not-a-url-field");
  expect(done.data.remote.url).toBe("https://images.prismic.io/repo/oak.jpg");
  expect(done.data.elsewhere.url).toBe("/gallery/oak");
  expect(done.data.caption).toBe("/media/oak.jpg");
  expect(done.url).toBe("/media/not-data.jpg");
});

test("an origin with a trailing slash gives no double slash", () => {
  const done = absolutizeMediaUrls(document, "https://www.example.test/") as unknown as {
    data: { image: { url: string } };
  };
  expect(done.data.image.url).toBe("https://www.example.test/media/oak.jpg");
});

test("the document given is left as it was", () => {
  const before = JSON.stringify(document);
  absolutizeMediaUrls(document, "https://embedded.invalid");
  expect(JSON.stringify(document)).toBe(before);
});
