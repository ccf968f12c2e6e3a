/** The sample_swatches slice: photos at a fixed drawn width, colour chips without inline styles, the CTA resolved. */
import type { ImageField, RichTextField } from "@prismicio/client";
import SampleSwatches, { SWATCH_WIDTH, swatchColour } from "../../views/slices/SampleSwatches";
import type { SampleSwatchesSlice, SampleSwatchesSliceDefaultPrimary } from "../../shared/prismicio-types";
import { elementByClass, visibleText } from "../support/html";
import { imageField } from "../support/fixtures";
import { renderInSite } from "../support/renderInSite";

/** A link field as the generated types have it (no variants in the model). */
type LinkField = SampleSwatchesSliceDefaultPrimary["cta_link"];

/** The text as read, block by block (a space between adjacent elements). */
const readable = (html: string) => visibleText(html.replace(/></g, "> <"));

const image = (file: string, alt: string | null, width = 1200, height = 1200) => imageField(file, alt, width, height);
const noImage = {} as ImageField;
const samplesLink = (lang = "en-gb") =>
  ({ link_type: "Document", id: "samples", type: "sample_page", lang }) as unknown as LinkField;

function swatches(
  primary: Partial<SampleSwatchesSlice["primary"]> = {},
  items?: SampleSwatchesSlice["items"],
): SampleSwatchesSlice {
  return {
    slice_type: "sample_swatches",
    slice_label: null,
    id: "sample_swatches$1",
    variation: "default",
    version: "initial",
    primary: {
      heading: "Timbers and finishes",
      intro: [
        { type: "paragraph", text: "Every sample is cut from the boards we build with.", spans: [] },
      ] as unknown as RichTextField,
      cta_label: "Order free samples",
      cta_link: samplesLink(),
      ...primary,
    },
    items: items ?? [
      {
        name: "Natural oak",
        material: "European oak",
        finish: "Hard-wax oil",
        colour: null,
        image: image("swatch-natural-oak.jpg", "Close grain of pale oak with a soft sheen"),
      },
      {
        name: "Smoked walnut",
        material: "American black walnut",
        finish: "Matt lacquer",
        colour: "#5a3e2b",
        image: image("swatch-smoked-walnut.jpg", null, 1600, 1200),
      },
      { name: "Hartley Navy", material: "Painted tulipwood", finish: "Eggshell", colour: "#14213D", image: noImage },
      { name: "Plaster Pink", material: "Painted tulipwood", finish: "", colour: "f6dcdc", image: noImage },
      { name: "Carrara", material: "Marble", finish: "Honed", colour: "not a colour", image: noImage },
    ],
  };
}

describe("sample_swatches slice, default variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<SampleSwatches slice={swatches()} index={2} />);
  });

  test("renders the heading, the intro and each swatch with its name and material · finish", () => {
    expect(html).toMatch(
      /^<section class="slice sample-swatches" data-slice-type="sample_swatches" data-variation="default">/,
    );
    expect(html).toContain('<h2 class="sample-swatches__heading">Timbers and finishes</h2>');
    expect(visibleText(html)).toContain("Every sample is cut from the boards we build with.");
    expect(html.match(/<li class="sample-swatches__item">/g)).toHaveLength(5);
    const first = elementByClass(html, "li", "sample-swatches__item")!;
    expect(readable(first)).toBe("Natural oak European oak · Hard-wax oil");
    expect(html).toContain('<p class="sample-swatches__meta">Painted tulipwood</p>');
  });

  test("a photographed swatch is a lazy 1x/2x/3x image at the drawn width, with alt text from content", () => {
    const img = /<img class="sample-swatches__chip"[^>]*>/.exec(html)![0];
    expect(img).toContain(`width="${SWATCH_WIDTH}"`);
    expect(img).toContain(`height="${SWATCH_WIDTH}"`);
    expect(img).toContain('alt="Close grain of pale oak with a soft sheen"');
    expect(img).toMatch(/src="http:\/\/localhost\/media\/swatch-natural-oak\.jpg\?[^"]*w=280/);
    expect(img).toMatch(/srcSet="[^"]*w=280[^"]* 1x, [^"]*w=280[^"]* 2x, [^"]*w=280[^"]* 3x"/);
    expect(img).toContain('loading="lazy"');
    // No alt in content: the name printed under it says it, so the photo is not read out twice.
    const walnut = /<img class="sample-swatches__chip"[^>]*swatch-smoked-walnut[^>]*>/.exec(html)![0];
    expect(walnut).toContain('alt=""');
    expect(walnut).toContain('height="210"');
  });

  test("a swatch with only a colour is an SVG chip filled through the fill attribute, never an inline style", () => {
    expect(html).toContain(
      '<svg class="sample-swatches__chip" viewBox="0 0 1 1" aria-hidden="true" focusable="false"><rect width="1" height="1" fill="#14213d"></rect></svg>',
    );
    expect(html).toContain('fill="#f6dcdc"');
    expect(html).not.toMatch(/\sstyle=/);
    expect(html.match(/<svg class="sample-swatches__chip[" ]/g)).toHaveLength(3);
  });

  test("an invalid colour never reaches the markup: a blank chip instead", () => {
    const carrara = [...html.matchAll(/<li class="sample-swatches__item">([\s\S]*?)<\/li>/g)]
      .map((m) => m[1])
      .find((li) => li.includes("Carrara"))!;
    expect(carrara).toContain('<svg class="sample-swatches__chip sample-swatches__chip--blank"');
    expect(carrara).toContain('<rect width="1" height="1"></rect>');
    expect(html).not.toContain("not a colour");
    expect(swatchColour("#ABC")).toBe("#abc");
    expect(swatchColour("red; background:url(x)")).toBeNull();
  });

  test("the call to action resolves the sample page link, with the region prefix under /us", async () => {
    expect(html).toMatch(/<a class="button button--solid" href="\/materials\/samples"[^>]*>Order free samples<\/a>/);
    const us = await renderInSite(<SampleSwatches slice={swatches({ cta_link: samplesLink("en-us") })} index={2} />, {
      path: "/us",
    });
    expect(us).toMatch(/<a class="button button--solid" href="\/us\/materials\/samples"[^>]*>Order free samples<\/a>/);
  });

  test("headings in order: the h1 only as the first slice, swatch names are not headings", async () => {
    const first = await renderInSite(<SampleSwatches slice={swatches()} index={0} />);
    expect(first.match(/<h\d/g)).toEqual(["<h1"]);
  });

  test("empty optional fields render nothing broken", async () => {
    const out = await renderInSite(
      <SampleSwatches
        slice={swatches({ intro: [], cta_label: null, cta_link: { link_type: "Any" } as LinkField }, [
          { name: "Natural oak", material: null, finish: null, colour: null, image: noImage },
          { name: null, material: "Nameless", finish: null, colour: "#fff", image: noImage },
        ])}
        index={2}
      />,
    );
    expect(out.match(/<li/g)).toHaveLength(1);
    expect(out).not.toContain("Nameless");
    expect(out).not.toMatch(/sample-swatches__(intro|meta|cta)|<a /);
    expect(readable(out)).toBe("Timbers and finishes Natural oak");
    expect(await renderInSite(<SampleSwatches slice={swatches({ heading: null }, [])} index={2} />)).toBe("");
  });
});
