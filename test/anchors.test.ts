/** Anchor ids of rich-text headings: readable, accent-free, unique within one block of text. */
import { anchorId, anchorIds, RESERVED_IDS, sliceAnchor } from "../shared/anchors";

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

test("never hands out an id the page uses itself, nor one it handed out already", () => {
  const next = anchorIds();
  expect([next("Router hydration"), next("Router hydration"), next("Main"), next("Site config"), next("Root")]).toEqual(
    ["router-hydration-2", "router-hydration-3", "main-2", "site-config-2", "root-2"],
  );
  expect(next("Sample 3")).toBe("sample-3-2");
  const again = anchorIds();
  expect([again("The brief 2"), again("The brief"), again("The brief")]).toEqual([
    "the-brief-2",
    "the-brief",
    "the-brief-3",
  ]);
  for (const id of RESERVED_IDS) expect(anchorIds()(id)).not.toBe(id);
});

test("a form's anchor is the editor's unless empty or an id the page uses itself, then the slice's own", () => {
  expect(sliceAnchor(" start-here ", "signup-form")).toBe("start-here");
  expect([null, undefined, "", "  "].map((anchor) => sliceAnchor(anchor, "request-quote"))).toEqual(
    Array(4).fill("request-quote"),
  );
  for (const id of [...RESERVED_IDS, "sample-0", "request-quote-form-budget"])
    expect(sliceAnchor(id, "signup-form")).toBe("signup-form");
});
