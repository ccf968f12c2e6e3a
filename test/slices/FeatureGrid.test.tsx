/** Feature grid slice: heading, intro and features with inline line icons. */
import type { RichTextField } from "@prismicio/client";
import FeatureGrid from "../../views/slices/FeatureGrid";
import { isFeatureIcon } from "../../views/slices/FeatureGrid/FeatureIcon";
import { FEATURE_ICONS } from "../../views/slices/FeatureGrid/FeatureIcon";
import type { FeatureGridSliceDefaultItem as FeatureGridItem, FeatureGridSlice } from "../../shared/prismicio-types";
import model from "../../views/slices/FeatureGrid/model.json";
import { linksOf, visibleText } from "../support/html";
import { renderInSite } from "../support/renderInSite";

const paragraph = (text: string, spans: unknown[] = []) =>
  [{ type: "paragraph", text, spans }] as unknown as RichTextField;

const items: FeatureGridItem[] = [
  {
    icon: "ruler",
    title: "Made to the millimetre",
    text: paragraph("A designer measures every wall, so nothing is filled with panels."),
  },
  {
    icon: "dovetail",
    title: "Dovetailed by hand",
    text: paragraph("Solid oak drawer boxes that will outlast the house."),
  },
  { icon: "leaf", title: "FSC-certified timber", text: paragraph("Oak and walnut from managed forests.") },
  {
    icon: "truck",
    title: "Fitted by our team",
    text: paragraph("Delivered and installed by the people who built it."),
  },
];

const grid = (heading: string | null, intro: RichTextField, list: FeatureGridItem[] = items): FeatureGridSlice => ({
  slice_type: "feature_grid",
  slice_label: null,
  id: "feature_grid$1",
  variation: "default",
  version: "initial",
  primary: { heading, intro },
  items: list,
});

const introText = "Why clients choose a Hartley & Reed kitchen, and see our samples.";
const intro = paragraph(introText, [
  {
    start: introText.indexOf("our samples"),
    end: introText.length - 1,
    type: "hyperlink",
    data: { link_type: "Document", id: "s", type: "sample_page", lang: "en-gb" },
  },
]);

describe("feature grid slice, default variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<FeatureGrid slice={grid("Built properly, from the carcass up", intro)} index={1} />);
  });

  test("is a feature-grid section with an h2 heading and the intro", () => {
    expect(html).toMatch(
      /^<section class="slice feature-grid" data-slice-type="feature_grid" data-variation="default">/,
    );
    expect(html).toContain('<h2 class="feature-grid__heading">Built properly, from the carcass up</h2>');
    expect(visibleText(html)).toContain("Why clients choose a Hartley & Reed kitchen");
    expect(linksOf(html)).toEqual([{ text: "our samples", href: "/materials/samples" }]);
  });

  test("lists every feature with an h3 title and its text", () => {
    const titles = [...html.matchAll(/<h3 class="feature-grid__title">([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      "Made to the millimetre",
      "Dovetailed by hand",
      "FSC-certified timber",
      "Fitted by our team",
    ]);
    expect(html.match(/<li class="feature-grid__item">/g)).toHaveLength(4);
    expect(visibleText(html)).toContain("Solid oak drawer boxes that will outlast the house.");
  });

  test("draws each chosen icon as a decorative inline SVG", () => {
    const icons = [...html.matchAll(/<svg class="feature-grid__icon"[^>]*data-icon="([a-z]+)"[^>]*>/g)];
    expect(icons.map((m) => m[1])).toEqual(["ruler", "dovetail", "leaf", "truck"]);
    for (const m of icons) expect(m[0]).toContain('aria-hidden="true"');
  });
});

describe("feature grid slice edge cases", () => {
  test("every icon the model offers can be drawn", async () => {
    const all = FEATURE_ICONS.map((icon) => ({ icon, title: icon, text: [] as unknown as RichTextField }));
    const html = await renderInSite(<FeatureGrid slice={grid("Icons", [], all)} index={1} />);
    expect([...html.matchAll(/data-icon="([a-z]+)"/g)].map((m) => m[1])).toEqual([...FEATURE_ICONS]);
    expect(html).not.toMatch(/<path d=""/);
  });

  test("an empty or unknown icon draws nothing, and empty items are left out", async () => {
    const list = [
      { icon: null, title: "Ten-year guarantee", text: paragraph("On every cabinet.") },
      { icon: "anchor", title: "Anything", text: [] },
      { icon: "clock", title: null, text: [] },
    ] as unknown as FeatureGridItem[];
    const html = await renderInSite(<FeatureGrid slice={grid("Peace of mind", [], list)} index={1} />);
    expect(html).not.toContain("<svg");
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).not.toContain("feature-grid__intro");
  });

  test("without a slice heading the feature titles become h2s, so headings stay in order", async () => {
    const html = await renderInSite(<FeatureGrid slice={grid(null, [])} index={1} />);
    expect(html).not.toContain("feature-grid__head");
    expect(html).not.toContain("<h3");
    expect(html.match(/<h2 class="feature-grid__title">/g)).toHaveLength(4);
  });

  test("isFeatureIcon accepts only the model's names", () => {
    expect(FEATURE_ICONS.every(isFeatureIcon)).toBe(true);
    expect(isFeatureIcon("toString")).toBe(false);
    expect(isFeatureIcon(null)).toBe(false);
  });
});

describe("feature grid model", () => {
  test("declares heading and intro, and items with an icon Select offering exactly the drawn icons", () => {
    expect(model.id).toBe("feature_grid");
    const [variation] = model.variations;
    expect(model.variations.map((v) => v.id)).toEqual(["default"]);
    expect(Object.keys(variation.primary)).toEqual(["heading", "intro"]);
    expect(Object.keys(variation.items)).toEqual(["icon", "title", "text"]);
    expect(variation.items.icon.type).toBe("Select");
    expect(variation.items.icon.config.options).toEqual([...FEATURE_ICONS]);
  });
});
