/** Anchor ids of rich-text headings: readable, accent-free, unique within one block of text. */
import { anchorId, anchorIds } from "../shared/anchors";

test("lower-cases, strips accents and joins words with single hyphens", () => {
  expect(anchorId("Éditions Spéciales: the Atelier series!")).toBe("editions-speciales-the-atelier-series");
  expect(anchorId("  Why 1:7?  ")).toBe("why-1-7");
});

test("numbers repeats within one block of text and skips text with no letters or digits", () => {
  const next = anchorIds();
  expect([next("The brief"), next("The brief"), next("The Brief!"), next("…")]).toEqual([
    "the-brief",
    "the-brief-2",
    "the-brief-3",
    undefined,
  ]);
});
