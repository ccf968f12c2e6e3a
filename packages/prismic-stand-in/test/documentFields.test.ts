/**
 * Reading a document by the field paths of Prismic's queries (packages/prismic-stand-in/src/embedded/documentFields.ts),
 * which both the predicates and the orderings use: which paths exist, what a path finds (walking
 * into groups, nothing on another type), a field's comparable value, whether it counts as filled
 * (Prismic's empty forms), its searchable text, and its sort key.
 */
import type { PrismicDocument } from "@prismicio/client";
import { isFilled, parseFieldPath, readPath, scalarOf, sortKeyOf, textOf } from "../src/embedded/documentFields";

const rich = (...texts: string[]) => texts.map((text) => ({ type: "paragraph", text, spans: [] }));

const DOCUMENT = {
  id: "doc-1",
  uid: "oak-table",
  type: "product",
  lang: "en-gb",
  tags: ["wood", "featured"],
  first_publication_date: "2024-01-01T10:00:00+0000",
  last_publication_date: "2024-02-01T10:00:00+0000",
  data: {
    title: rich("Oak table"),
    price: 1200,
    empty: null,
    materials: [{ name: "oak", parts: [{ label: "top" }] }, { name: "steel" }, { name: null }],
  },
} as unknown as PrismicDocument;

describe("parseFieldPath", () => {
  test.each([
    ["document", { kind: "document" }],
    ["document.id", { kind: "meta", field: "id" }],
    ["document.tags", { kind: "meta", field: "tags" }],
    ["document.first_publication_date", { kind: "meta", field: "first_publication_date" }],
    ["my.product.price", { kind: "data", type: "product", segments: ["price"] }],
    ["my.product.uid", { kind: "data", type: "product", segments: ["uid"] }],
    ["my.book.author-info.name", { kind: "data", type: "book", segments: ["author-info", "name"] }],
  ])("%s", (text, path) => {
    expect(parseFieldPath(text)).toEqual(path);
  });

  test.each([
    ["an unknown document field", "document.slug"],
    ["a document field with more after it", "document.type.name"],
    ["a type without a field", "my.product"],
    ["an empty segment", "my..price"],
    ["a trailing dot", "document."],
    ["another root", "data.product.price"],
    ["nothing", ""],
  ])("none for %s", (_case, text) => {
    expect(parseFieldPath(text)).toBeNull();
  });
});

describe("readPath", () => {
  const read = (text: string) => readPath(DOCUMENT, parseFieldPath(text)!);

  test.each([
    ["a document field", "document.type", ["product"]],
    ["the tags, one value each", "document.tags", ["wood", "featured"]],
    ["the uid as my.{type}.uid", "my.product.uid", ["oak-table"]],
    ["a custom field", "my.product.price", [1200]],
    ["a field in every item of a group", "my.product.materials.name", ["oak", "steel"]],
    ["a field two groups deep", "my.product.materials.parts.label", ["top"]],
    ["a field that is null: nothing", "my.product.empty", []],
    ["a field the document lacks: nothing", "my.product.colour", []],
  ])("%s", (_case, path, values) => {
    expect(read(path)).toEqual({ applies: true, values });
  });

  test("a path of another type does not apply to the document at all", () => {
    expect(read("my.article.price")).toEqual({ applies: false, values: [] });
    expect(read("my.article.uid")).toEqual({ applies: false, values: [] });
  });

  test("the whole document: its uid and its data", () => {
    expect(read("document")).toEqual({ applies: true, values: ["oak-table", DOCUMENT.data] });
  });

  test("a document without a uid has none to find", () => {
    const single = { ...DOCUMENT, uid: null } as unknown as PrismicDocument;
    expect(readPath(single, parseFieldPath("document.uid")!).values).toEqual([]);
    expect(readPath(single, parseFieldPath("my.product.uid")!).values).toEqual([]);
  });
});

describe("scalarOf: the value a predicate compares", () => {
  test.each([
    ["text", "Oak", "Oak"],
    ["a number", 0, 0],
    ["a boolean", false, false],
    [
      "a content relationship: the linked document's id",
      { link_type: "Document", id: "maker-1", uid: "ash" },
      "maker-1",
    ],
    ["rich text: its plain text", rich("Solid oak.", "Oiled."), "Solid oak.\nOiled."],
    ["a web link: none", { link_type: "Web", url: "https://example.test" }, undefined],
    ["an empty link: none", { link_type: "Any" }, undefined],
    ["an image: none", { url: "https://images.example/oak.jpg", alt: "Oak" }, undefined],
    ["null: none", null, undefined],
  ])("%s", (_case, value, scalar) => {
    expect(scalarOf(value)).toEqual(scalar);
  });
});

describe("isFilled: Prismic's empty forms are not", () => {
  test.each([
    ["null", null, false],
    ["undefined", undefined, false],
    ["empty text", "", false],
    ["an emptied rich text field", rich(""), false],
    ["rich text with text", rich("", "Oak"), true],
    ["rich text holding only an image", [{ type: "image", url: "https://images.example/a.jpg" }], true],
    ["an empty group", [], false],
    ["a group with an item", [{ name: "oak" }], true],
    ["an empty object (an empty image)", {}, false],
    ["an empty link", { link_type: "Any" }, false],
    ["a link", { link_type: "Web", url: "https://example.test" }, true],
    ["zero", 0, true],
    ["false", false, true],
  ])("%s: %s", (_case, value, filled) => {
    expect(isFilled(value)).toBe(filled);
  });
});

describe("textOf: what fulltext searches", () => {
  test("the text of rich text, key text and selects, at any depth", () => {
    expect(textOf({ title: rich("Oak table"), finish: "Natural", items: [{ label: "Top" }] })).toBe(
      "Oak table\nNatural\nTop",
    );
  });

  test("never identifiers, URLs, slice names or an image's alt text", () => {
    const slice = {
      slice_type: "image_gallery",
      variation: "default",
      id: "image_gallery$1",
      primary: { caption: rich("Kitchen") },
      items: [{ image: { url: "https://images.example/oak.jpg", alt: "walnut", dimensions: { width: 10 } } }],
      link: { link_type: "Web", url: "https://example.test/cabinet", target: "_blank" },
    };
    expect(textOf(slice)).toBe("Kitchen");
  });

  test("numbers and booleans are not text", () => {
    expect(textOf({ price: 1200, in_stock: true })).toBe("");
  });
});

describe("sortKeyOf: how orderings compare two values", () => {
  test.each([
    ["a number, as itself", 9, 9],
    ["text, as itself", "Oak", "Oak"],
    ["true after false", true, 1],
    ["false", false, 0],
    ["a date, as its instant", "2024-03-01", Date.UTC(2024, 2, 1)],
    ["a timestamp, as its instant", "2024-03-01T10:00:00+0200", Date.UTC(2024, 2, 1, 8)],
    ["text that merely starts with a year", "2024 kitchens", "2024 kitchens"],
    ["rich text, as its plain text", rich("Alder"), "Alder"],
    ["a content relationship, as the linked id", { link_type: "Document", id: "m-1" }, "m-1"],
    ["empty text: missing", "", undefined],
    ["null: missing", null, undefined],
  ])("%s", (_case, value, key) => {
    expect(sortKeyOf(value)).toEqual(key);
  });
});
