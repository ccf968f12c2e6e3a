/**
 * The embedded repository's image URLs (shared/mediaOrigin.ts): absolute on a name that never
 * resolves inside the content, root-relative in pages, absolute on SITE_URL where a standard wants
 * it; hosted Prismic's images pass unchanged.
 */
import { absoluteMedia, EMBEDDED_MEDIA_ORIGIN, rootRelativeMedia } from "../shared/mediaOrigin";

const embedded = (file: string) => `${EMBEDDED_MEDIA_ORIGIN}/media/${file}`;
const hosted = "https://images.prismic.io/repo/oak.jpg?auto=format";

test("the embedded origin is a reserved name that never resolves", () => {
  expect(new URL(EMBEDDED_MEDIA_ORIGIN).hostname.endsWith(".invalid")).toBe(true);
});

test("root-relative: one URL, or every URL of a srcset", () => {
  expect(rootRelativeMedia(embedded("oak.jpg?w=640"))).toBe("/media/oak.jpg?w=640");
  expect(rootRelativeMedia(`${embedded("a.jpg?w=640")} 640w, ${embedded("a.jpg?w=1200")} 1200w`)).toBe(
    "/media/a.jpg?w=640 640w, /media/a.jpg?w=1200 1200w",
  );
  expect(rootRelativeMedia(hosted)).toBe(hosted);
});

test.each([
  ["SITE_URL", "https://www.example.test", "https://www.example.test/media/oak.jpg"],
  ["SITE_URL with a trailing slash", "https://www.example.test/", "https://www.example.test/media/oak.jpg"],
  ["SITE_URL with several", "https://www.example.test//", "https://www.example.test/media/oak.jpg"],
])("absolute on %s", (_case, origin, url) => {
  expect(absoluteMedia(embedded("oak.jpg"), origin)).toBe(url);
});

test("a hosted image, or any other URL, stays as it is", () => {
  expect(absoluteMedia(hosted, "https://www.example.test")).toBe(hosted);
  expect(absoluteMedia("https://embedded.invalid.example/x.jpg", "https://www.example.test")).toBe(
    "https://embedded.invalid.example/x.jpg",
  );
});
