/** Text block slice: the reading measure, and a heading beside the copy in twoColumn. */
import type { RichTextField } from "@prismicio/client";
import TextBlock from "../../views/slices/TextBlock";
import type { TextBlockSlice } from "../../shared/prismicio-types";
import model from "../../views/slices/TextBlock/model.json";
import { linksOf, visibleText } from "../support/html";
import { renderInSite } from "../support/renderInSite";

const linkText = "See how a Victorian terrace came together at Braybrook Street, Bristol.";
const linkStart = linkText.indexOf("Braybrook");
const content = [
  { type: "heading2", text: "Designed around the way you cook", spans: [] },
  {
    type: "paragraph",
    text: "A designer visits, measures every wall to the millimetre and draws a kitchen that fits your room.",
    spans: [],
  },
  {
    type: "paragraph",
    text: linkText,
    spans: [
      {
        start: linkStart,
        end: linkText.length - 1,
        type: "hyperlink",
        data: { link_type: "Document", id: "gp-1", type: "gallery_project", uid: "braybrook-st", lang: "en-gb" },
      },
    ],
  },
] as unknown as RichTextField;

const base = {
  slice_type: "text_block" as const,
  slice_label: null,
  id: "text_block$1",
  version: "initial",
  items: [] as never[],
};
const defaultSlice: TextBlockSlice = { ...base, variation: "default", primary: { content } };
const twoColumn = (heading: string | null, body: RichTextField = content): TextBlockSlice => ({
  ...base,
  variation: "twoColumn",
  primary: { heading, content: body },
});

describe("text block slice, default variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<TextBlock slice={defaultSlice} index={1} />);
  });

  test("is a text-block section of the default variation with the copy in the reading measure", () => {
    expect(html).toMatch(
      /^<section class="slice text-block" data-slice-type="text_block" data-variation="default"><div class="rich-text">/,
    );
  });

  test("renders the content's headings, paragraphs and resolved links", () => {
    expect(html).toContain(
      `<h2 id="designed-around-the-way-you-cook" class="rt-h2">Designed around the way you cook</h2>`,
    );
    expect(visibleText(html)).toContain("measures every wall to the millimetre");
    expect(linksOf(html)).toEqual([{ text: "Braybrook Street, Bristol", href: "/gallery/braybrook-st" }]);
  });
});

describe("text block slice, twoColumn variation", () => {
  test("puts the heading (an h2) before the copy", async () => {
    const body = [
      { type: "paragraph", text: "Solid oak drawer boxes, dovetailed by hand.", spans: [] },
    ] as unknown as RichTextField;
    const html = await renderInSite(<TextBlock slice={twoColumn("Built in our workshop", body)} index={1} />);
    expect(html).toBe(
      '<section class="slice text-block text-block--two-column" data-slice-type="text_block" data-variation="twoColumn">' +
        '<h2 class="text-block__heading">Built in our workshop</h2>' +
        '<div class="rich-text"><p>Solid oak drawer boxes, dovetailed by hand.</p></div></section>',
    );
  });

  test("resolves links in the copy", async () => {
    const html = await renderInSite(<TextBlock slice={twoColumn("Built in our workshop")} index={1} />, {
      path: "/us",
    });
    expect(linksOf(html)).toEqual([{ text: "Braybrook Street, Bristol", href: "/gallery/braybrook-st" }]);
  });

  test("without a heading renders the copy alone", async () => {
    const html = await renderInSite(<TextBlock slice={twoColumn(null)} index={1} />);
    expect(html).not.toContain("text-block__heading");
    expect(html).toContain(
      `<h2 id="designed-around-the-way-you-cook" class="rt-h2">Designed around the way you cook</h2>`,
    );
  });

  test("under its heading (an h2) the copy's headings start at h3, looking as the editor chose", async () => {
    const html = await renderInSite(<TextBlock slice={twoColumn("Built in our workshop")} index={1} />);
    expect(html).toContain(
      `<h3 id="designed-around-the-way-you-cook" class="rt-h2">Designed around the way you cook</h3>`,
    );
  });

  test("with no content at all renders an empty section, nothing broken", async () => {
    const html = await renderInSite(<TextBlock slice={twoColumn(null, [])} index={1} />);
    expect(html).toBe(
      '<section class="slice text-block text-block--two-column" data-slice-type="text_block" data-variation="twoColumn"></section>',
    );
  });
});

describe("text block model", () => {
  test("declares default (content) and twoColumn (heading, content)", () => {
    expect(model.id).toBe("text_block");
    expect(model.variations.map((v) => [v.id, Object.keys(v.primary)])).toEqual([
      ["default", ["content"]],
      ["twoColumn", ["heading", "content"]],
    ]);
  });
});
