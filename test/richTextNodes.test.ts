/**
 * Rich text made safe to render (views/parts/richTextNodes.ts): a node Prismic's renderer would
 * crash on is left out or mended: text nodes keep their text and the spans that fit it, images need
 * a URL and a size, embeds their oEmbed; anything else, or a field that is not a list, renders nothing.
 */
import { renderableRichText } from "../views/parts/richTextNodes";

const paragraph = (text: string, spans: unknown[] = []) => ({ type: "paragraph", text, spans });

test("well-formed nodes pass as they are", () => {
  const field = [
    { type: "heading2", text: "Oak", spans: [] },
    paragraph("Solid oak, oiled.", [{ type: "strong", start: 0, end: 5 }]),
    { type: "list-item", text: "Doors", spans: [] },
    { type: "image", url: "https://images.example/oak.jpg", alt: "Oak", dimensions: { width: 800, height: 600 } },
    { type: "embed", oembed: { type: "video", embed_url: "https://youtu.be/x" } },
  ];
  expect(renderableRichText(field)).toEqual(field);
});

test("a text node without spans, or without text, gets empty ones", () => {
  expect(renderableRichText([{ type: "paragraph", text: "Oak" }])).toEqual([paragraph("Oak")]);
  expect(renderableRichText([{ type: "heading3" }])).toEqual([{ type: "heading3", text: "", spans: [] }]);
});

test.each([
  [
    "a span past the end of the text: cut at the end",
    { type: "em", start: 2, end: 99 },
    [{ type: "em", start: 2, end: 5 }],
  ],
  ["a span starting past the end", { type: "em", start: 6, end: 9 }, []],
  ["an empty span", { type: "em", start: 2, end: 2 }, []],
  ["a negative start", { type: "em", start: -1, end: 2 }, []],
  ["positions that are not integers", { type: "em", start: 0.5, end: 2 }, []],
  ["a span without a type", { start: 0, end: 2 }, []],
  ["a link without its data", { type: "hyperlink", start: 0, end: 2 }, []],
  ["a label without its name", { type: "label", start: 0, end: 2, data: {} }, []],
  [
    "a link with its data",
    { type: "hyperlink", start: 0, end: 2, data: { link_type: "Web", url: "https://x.example" } },
    [{ type: "hyperlink", start: 0, end: 2, data: { link_type: "Web", url: "https://x.example" } }],
  ],
  [
    "a label with its name",
    { type: "label", start: 0, end: 2, data: { label: "note" } },
    [{ type: "label", start: 0, end: 2, data: { label: "note" } }],
  ],
  ["not an object", "strong", []],
])("%s", (_case, span, kept) => {
  expect(renderableRichText([paragraph("Hello", [span])])).toEqual([paragraph("Hello", kept)]);
});

test.each([
  ["an image without a URL", { type: "image", dimensions: { width: 1, height: 1 } }],
  ["an image with an empty URL", { type: "image", url: "", dimensions: { width: 1, height: 1 } }],
  ["an image without a size", { type: "image", url: "https://images.example/a.jpg" }],
  ["an image of width 0", { type: "image", url: "https://images.example/a.jpg", dimensions: { width: 0, height: 1 } }],
  [
    "an image of infinite height",
    { type: "image", url: "https://images.example/a.jpg", dimensions: { width: 1, height: Infinity } },
  ],
  ["an embed without its oEmbed", { type: "embed" }],
  ["a node type nobody renders", { type: "table", rows: [] }],
  ["a node without a type", { text: "x" }],
  ["null", null],
  ["text", "a bare string"],
])("leaves out %s", (_case, value) => {
  expect(renderableRichText([paragraph("kept"), value])).toEqual([paragraph("kept")]);
});

test.each([
  ["null", null],
  ["a string", "Oak"],
  ["an object", { type: "paragraph", text: "Oak" }],
  ["undefined", undefined],
])("a field that is not a list (%s) renders nothing", (_case, field) => {
  expect(renderableRichText(field)).toEqual([]);
});
