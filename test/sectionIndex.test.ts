/**
 * Which section a page lives under (shared/sectionIndex.ts): a group of the primary navigation
 * names a section (its title as a slug), and each page it links is found under it; the first
 * group linking a page wins; a malformed group is reported and skipped, never the whole menu.
 */
import { buildSectionIndex, type RawNavGroup, sectionSlug } from "../shared/sectionIndex";

const title = (text: string) => ({ title: [{ type: "heading2", text, spans: [] }] });
const link = (id: string) => ({ link: { link_type: "Document", id, type: "page", uid: id } });

test.each([
  ["Kitchens", "kitchens"],
  ["Kitchens & Pantries", "kitchens-pantries"],
  ["  Living   rooms  ", "living-rooms"],
  ["Éditions spéciales", "editions-speciales"],
  ["Info / News!", "info-news"],
  ["Made_to-measure", "made_to-measure"],
  ["Küchen 2025", "kuchen-2025"],
])("sectionSlug(%j) is %j", (text, slug) => {
  expect(sectionSlug(text)).toBe(slug);
});

describe("buildSectionIndex", () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  test("each linked page under its group's section", () => {
    const groups: RawNavGroup[] = [
      { primary: title("Kitchens"), items: [link("shaker"), link("handleless")] },
      { primary: title("Info"), items: [link("about")] },
    ];
    expect(buildSectionIndex(groups)).toEqual({ shaker: "kitchens", handleless: "kitchens", about: "info" });
    expect(errors).not.toHaveBeenCalled();
  });

  test("the first group that links a page wins", () => {
    const groups = [
      { primary: title("Kitchens"), items: [link("shaker")] },
      { primary: title("Offers"), items: [link("shaker"), link("sale")] },
    ];
    expect(buildSectionIndex(groups)).toEqual({ shaker: "kitchens", sale: "offers" });
  });

  test("a group without a text title names no section, and its pages stay free for a later group", () => {
    const groups = [
      { primary: { title: [] }, items: [link("a")] },
      { primary: { title: [{ type: "embed", oembed: {} }] }, items: [link("b")] },
      { primary: title(""), items: [link("c")] },
      { primary: null, items: [link("d")] },
      { primary: title("Info"), items: [link("a"), link("b")] },
    ];
    expect(buildSectionIndex(groups as RawNavGroup[])).toEqual({ a: "info", b: "info" });
  });

  test("items that link nothing, or a link without an id, are skipped", () => {
    const groups = [
      {
        primary: title("Info"),
        items: [
          null,
          {},
          { link: null },
          { link: { link_type: "Any" } },
          { link: { id: "" } },
          { link: { id: 7 } },
          link("ok"),
        ],
      },
    ];
    expect(buildSectionIndex(groups as RawNavGroup[])).toEqual({ ok: "info" });
  });

  test.each([
    ["no navigation", null],
    ["undefined", undefined],
    ["an empty list", []],
  ])("%s: no sections, nothing reported", (_case, groups) => {
    expect(buildSectionIndex(groups)).toEqual({});
    expect(errors).not.toHaveBeenCalled();
  });

  test("a body that is not a list: reported, no sections", () => {
    expect(buildSectionIndex({ not: "a list" } as unknown as RawNavGroup[])).toEqual({});
    expect(errors).toHaveBeenCalledWith("Error iterating primary nav", expect.any(TypeError));
  });

  test("a malformed group is reported, and the groups after it still count", () => {
    const groups = [null, { primary: title("Info"), items: [link("about")] }];
    expect(buildSectionIndex(groups as unknown as RawNavGroup[])).toEqual({ about: "info" });
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
