/** The cta_band slice: both colourways, links through the link resolver, optional parts left out cleanly. */
import type { RichTextField } from "@prismicio/client";
import CtaBand from "../../views/slices/CtaBand";
import type { CtaBandSlice, CtaBandSliceNavyPrimary } from "../../shared/prismicio-types";
import { visibleText } from "../support/html";
import { renderInSite } from "../support/renderInSite";

/** A link field as the generated types have it (no variants in the model). */
type LinkField = CtaBandSliceNavyPrimary["cta_link"];

const samplesLink = (lang = "en-gb") =>
  ({ link_type: "Document", id: "samples", type: "sample_page", lang }) as unknown as LinkField;
const emptyLink = { link_type: "Any" } as LinkField;

function band(variation: "navy" | "pink", overrides: Partial<CtaBandSlice["primary"]> = {}): CtaBandSlice {
  return {
    slice_type: "cta_band",
    slice_label: null,
    id: `cta_band$${variation}`,
    variation,
    version: "initial",
    items: [],
    primary: {
      heading: "Visit the Suffolk workshop",
      text: [
        { type: "paragraph", text: "See cabinets being made and talk through your plans with a designer.", spans: [] },
      ] as unknown as RichTextField,
      cta_label: "Book a visit",
      cta_link: {
        link_type: "Document",
        id: "visit",
        type: "page",
        uid: "visit-us",
        lang: "en-gb",
      } as unknown as LinkField,
      secondary_label: "Order samples",
      secondary_link: samplesLink(),
      ...overrides,
    },
  } as CtaBandSlice;
}

describe.each(["navy", "pink"] as const)("cta_band slice, %s variation", (variation) => {
  test("renders the heading, the copy and both links, resolved", async () => {
    const html = await renderInSite(<CtaBand slice={band(variation)} index={4} />);
    expect(html).toMatch(
      new RegExp(
        `^<section class="slice cta-band cta-band--${variation}" data-slice-type="cta_band" data-variation="${variation}">`,
      ),
    );
    expect(html).toMatch(/<h2 class="cta-band__heading">Visit the Suffolk workshop<\/h2>/);
    expect(visibleText(html)).toContain("See cabinets being made and talk through your plans with a designer.");
    expect(html).toMatch(/<a class="button cta-band__primary" href="\/visit-us"[^>]*>Book a visit<\/a>/);
    expect(html).toMatch(/<a class="button cta-band__secondary" href="\/materials\/samples"[^>]*>Order samples<\/a>/);
    expect(html).not.toMatch(/\sstyle=/);
  });

  test("an en-us link under /us resolves with the region prefix", async () => {
    const html = await renderInSite(
      <CtaBand slice={band(variation, { secondary_link: samplesLink("en-us") })} index={4} />,
      { path: "/us" },
    );
    expect(html).toMatch(
      /<a class="button cta-band__secondary" href="\/us\/materials\/samples"[^>]*>Order samples<\/a>/,
    );
  });

  test("the first slice of a page owns the h1", async () => {
    const html = await renderInSite(<CtaBand slice={band(variation)} index={0} />);
    expect(html).toMatch(/<h1 class="cta-band__heading">/);
  });

  test("a link without a label, a label without a link and an empty text render nothing broken", async () => {
    const html = await renderInSite(
      <CtaBand
        slice={band(variation, { text: [], cta_label: "Book a visit", cta_link: emptyLink, secondary_label: null })}
        index={2}
      />,
    );
    expect(html).not.toContain("<a ");
    expect(html).not.toContain("cta-band__actions");
    expect(html).not.toContain("cta-band__text");
    expect(visibleText(html)).toBe("Visit the Suffolk workshop");
  });

  test("an unsafe web link is dropped rather than rendered", async () => {
    const html = await renderInSite(
      <CtaBand
        slice={band(variation, { cta_link: { link_type: "Web", url: "javascript:alert(1)" } as unknown as LinkField })}
        index={2}
      />,
    );
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("Book a visit");
    expect(html).toContain("Order samples");
  });
});
