/**
 * The language versions of a page (shared/alternates.ts), for hreflang: every translation that
 * exists, the page itself included, each at the URL the link resolver gives it in its own
 * language, in the regions' order; and the pages every region has at the same path.
 */
import { documentAlternates, everyRegion } from "../shared/alternates";

const ORIGIN = "https://www.example.test";

test("a page and its translation, each in its own language's sections", () => {
  const doc = {
    id: "kitchens-us",
    uid: "kitchens",
    type: "page",
    lang: "en-us",
    alternate_languages: [{ id: "kitchens-gb", uid: "kitchens", type: "page", lang: "en-gb" }],
  };
  const sections = { "en-gb": { "kitchens-gb": "rooms" }, "en-us": {} };
  expect(documentAlternates(doc, sections, ORIGIN)).toEqual([
    { language: "en-GB", url: `${ORIGIN}/rooms/kitchens` },
    { language: "en-US", url: `${ORIGIN}/us/kitchens` },
  ]);
});

test("a page without translations is its own only version", () => {
  const doc = { id: "a1", uid: "planning", type: "article", lang: "en-gb" };
  expect(documentAlternates(doc, {}, ORIGIN)).toEqual([{ language: "en-GB", url: `${ORIGIN}/info/blog/planning` }]);
});

test("a home page in both regions", () => {
  const doc = {
    id: "home-gb",
    type: "home",
    lang: "en-gb",
    alternate_languages: [{ id: "home-us", type: "home", lang: "en-us" }],
  };
  expect(documentAlternates(doc, {}, ORIGIN).map((a) => a.url)).toEqual([`${ORIGIN}/`, `${ORIGIN}/us`]);
});

test("a translation that resolves nowhere (no uid) is left out", () => {
  const doc = {
    id: "p-gb",
    uid: "oak",
    type: "page",
    lang: "en-gb",
    alternate_languages: [{ id: "p-us", uid: null, type: "page", lang: "en-us" }],
  };
  expect(documentAlternates(doc, {}, ORIGIN)).toEqual([{ language: "en-GB", url: `${ORIGIN}/oak` }]);
});

test("one version per language: a second one in a language already listed is left out", () => {
  const doc = {
    id: "p-gb",
    uid: "oak",
    type: "page",
    lang: "en-gb",
    alternate_languages: [
      { id: "p-gb-2", uid: "oak-again", type: "page", lang: "en-gb" },
      { id: "p-fr", uid: "chene", type: "page", lang: "fr-fr" },
    ],
  };
  expect(documentAlternates(doc, {}, ORIGIN)).toEqual([{ language: "en-GB", url: `${ORIGIN}/oak` }]);
});

test("a list page that every region has at the same path", () => {
  expect(everyRegion("/gallery", ORIGIN)).toEqual([
    { language: "en-GB", url: `${ORIGIN}/gallery` },
    { language: "en-US", url: `${ORIGIN}/us/gallery` },
  ]);
  expect(everyRegion("/", ORIGIN).map((a) => a.url)).toEqual([`${ORIGIN}/`, `${ORIGIN}/us`]);
});
