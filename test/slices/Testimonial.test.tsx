/** Testimonial slice: a figure with a blockquote and its caption, centred on pink or beside an image. */
import type { RichTextField } from "@prismicio/client";
import Testimonial, { PORTRAIT_WIDTH, TESTIMONIAL_IMAGE_SIZES } from "../../views/slices/Testimonial";
import type {
  TestimonialSliceDefaultPrimary as TestimonialPrimary,
  TestimonialSlice,
} from "../../shared/prismicio-types";
import model from "../../views/slices/Testimonial/model.json";
import { attribute, elementByClass, visibleText } from "../support/html";
import { imageField } from "../support/fixtures";
import { renderInSite } from "../support/renderInSite";

const image = imageField;

const primary: TestimonialPrimary = {
  quote: [
    {
      type: "paragraph",
      text: "From the first drawing to the last door, it felt like a piece of furniture made just for us.",
      spans: [],
    },
  ] as unknown as RichTextField,
  author: "Sarah and Tom Whitfield",
  location: "Bath",
  image: image("whitfield-kitchen", "The Whitfields' green painted kitchen", 1600, 2000),
};

const slice = (variation: "default" | "withImage", fields: Partial<TestimonialPrimary> = {}): TestimonialSlice => ({
  slice_type: "testimonial",
  slice_label: null,
  id: `testimonial$${variation}`,
  variation,
  version: "initial",
  primary: { ...primary, ...fields },
  items: [],
});

const imgs = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);

describe("testimonial slice, default variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<Testimonial slice={slice("default")} index={3} />);
  });

  test("is a testimonial section of the default (pink, centred) variation", () => {
    expect(html).toMatch(
      /^<section class="slice testimonial testimonial--default" data-slice-type="testimonial" data-variation="default">/,
    );
  });

  test("sets the quote in a blockquote inside a figure, with the author and place in the figcaption", () => {
    expect(html).toMatch(
      /<figure class="testimonial__figure"><blockquote class="testimonial__quote"><div class="testimonial__text"><p>From the first drawing/,
    );
    const caption = elementByClass(html, "figcaption", "testimonial__cite")!;
    expect(visibleText(caption)).toBe("Sarah and Tom WhitfieldBath");
    expect(caption).toContain('<span class="testimonial__author">Sarah and Tom Whitfield</span>');
    expect(caption).toContain('<span class="testimonial__location">Bath</span>');
    expect(html).toMatch(/<\/figcaption><\/figure><\/section>$/);
  });

  test("shows the optional image as a small fixed-size portrait by the name", () => {
    const [portrait] = imgs(html);
    expect(imgs(html)).toHaveLength(1);
    expect(attribute(portrait, "class")).toBe("testimonial__portrait");
    expect(attribute(portrait, "width")).toBe(String(PORTRAIT_WIDTH));
    expect(attribute(portrait, "srcSet")).toMatch(/ 1x, .* 2x, .* 3x$/);
    expect(attribute(portrait, "alt")).toBe("The Whitfields' green painted kitchen");
    expect(attribute(portrait, "loading")).toBe("lazy");
  });

  test("without an image or a location shows just the quote and the author", async () => {
    const plain = await renderInSite(<Testimonial slice={slice("default", { image: {}, location: null })} index={3} />);
    expect(plain).not.toContain("<img");
    expect(plain).not.toContain("testimonial__location");
    expect(visibleText(elementByClass(plain, "figcaption", "testimonial__cite")!)).toBe("Sarah and Tom Whitfield");
  });

  test("without an author or location has no figcaption at all", async () => {
    const anonymous = await renderInSite(
      <Testimonial slice={slice("default", { author: null, location: null })} index={3} />,
    );
    expect(anonymous).not.toContain("<figcaption");
    expect(anonymous).toContain("<blockquote");
  });
});

describe("testimonial slice, withImage variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<Testimonial slice={slice("withImage")} index={3} />);
  });

  test("is a testimonial section of the withImage variation", () => {
    expect(html).toMatch(
      /^<section class="slice testimonial testimonial--with-image" data-slice-type="testimonial" data-variation="withImage">/,
    );
  });

  test("puts a responsive image beside the quote, inside the figure, then the blockquote and the figcaption", () => {
    expect(html).toMatch(
      /<figure class="testimonial__figure"><img [^>]*class="testimonial__image"[^>]*><blockquote[\s\S]*<\/blockquote><figcaption/,
    );
    const [tag] = imgs(html);
    expect(imgs(html)).toHaveLength(1);
    expect(attribute(tag, "alt")).toBe("The Whitfields' green painted kitchen");
    expect(attribute(tag, "srcSet")).toContain(
      "http://localhost/media/whitfield-kitchen.jpg?auto=format&width=640 640w",
    );
    expect(attribute(tag, "sizes")).toBe(TESTIMONIAL_IMAGE_SIZES);
    expect(attribute(tag, "loading")).toBe("lazy");
  });

  test("falls back to the centred layout when the image is empty", async () => {
    const noImage = await renderInSite(<Testimonial slice={slice("withImage", { image: {} })} index={3} />);
    expect(noImage).toContain(
      'class="slice testimonial testimonial--default" data-slice-type="testimonial" data-variation="withImage"',
    );
    expect(noImage).not.toContain("<img");
    expect(visibleText(noImage)).toContain("it felt like a piece of furniture made just for us.");
  });
});

describe("testimonial model", () => {
  test("declares default and withImage with quote, author, location and image", () => {
    expect(model.id).toBe("testimonial");
    expect(model.variations.map((v) => [v.id, Object.keys(v.primary)])).toEqual([
      ["default", ["quote", "author", "location", "image"]],
      ["withImage", ["quote", "author", "location", "image"]],
    ]);
  });
});
