/** Image with text slice: image left or right of the copy, stacked on mobile, links resolved. */
import type { RichTextField } from "@prismicio/client";
import ImageWithText, { IMAGE_WITH_TEXT_SIZES } from "../../views/slices/ImageWithText";
import type {
  ImageWithTextSliceImageLeftPrimary as ImageWithTextPrimary,
  ImageWithTextSlice,
} from "../../shared/prismicio-types";
import model from "../../views/slices/ImageWithText/model.json";
import { attribute, linksOf, visibleText } from "../support/html";
import { imageField } from "../support/fixtures";
import { renderInSite } from "../support/renderInSite";

const image = imageField;

const primary: ImageWithTextPrimary = {
  image: image("oak-dovetail-drawer", "Hand-cut dovetails on a solid oak drawer box", 2400, 3000),
  eyebrow: "The workshop",
  heading: "Every joint cut by hand",
  content: [
    { type: "paragraph", text: "Our cabinetmakers build each carcass from 18 mm birch plywood.", spans: [] },
    { type: "list-item", text: "Solid oak drawer boxes", spans: [] },
    { type: "list-item", text: "Doors hung before delivery", spans: [] },
  ] as unknown as RichTextField,
  cta_label: "See the Braybrook Street kitchen",
  cta_link: {
    link_type: "Document",
    id: "gp-1",
    type: "gallery_project",
    uid: "braybrook-st",
    lang: "en-gb",
    tags: [],
    slug: "braybrook-st",
    isBroken: false,
  },
};

const slice = (
  variation: "imageLeft" | "imageRight",
  fields: Partial<ImageWithTextPrimary> = {},
): ImageWithTextSlice => ({
  slice_type: "image_with_text",
  slice_label: null,
  id: `image_with_text$${variation}`,
  variation,
  version: "initial",
  primary: { ...primary, ...fields },
  items: [],
});

describe.each([
  ["imageLeft", "left"],
  ["imageRight", "right"],
] as const)("image with text slice, %s variation", (variation, side) => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<ImageWithText slice={slice(variation)} index={0} />);
  });

  test(`is an image-with-text section with the image on the ${side}`, () => {
    expect(html).toMatch(
      new RegExp(
        `^<section class="slice image-with-text image-with-text--${side}" data-slice-type="image_with_text" data-variation="${variation}">`,
      ),
    );
  });

  test("puts the image first in the markup, so it stacks above the copy on mobile", () => {
    expect(html.indexOf("<img")).toBeLessThan(html.indexOf("<h2"));
  });

  test("renders the eyebrow, an h2 heading (never the page's h1) and the copy with its list", () => {
    expect(html).toContain('<h2 class="image-with-text__heading">Every joint cut by hand</h2>');
    expect(html).not.toContain("<h1");
    expect(visibleText(html)).toContain("The workshop");
    expect(html).toContain("<ul><li>Solid oak drawer boxes</li><li>Doors hung before delivery</li></ul>");
  });

  test("links the call to action to the gallery project", () => {
    expect(linksOf(html)).toEqual([{ text: "See the Braybrook Street kitchen", href: "/gallery/braybrook-st" }]);
  });

  test("draws a lazy responsive image with the content's alt and the column's sizes", () => {
    const tag = /<img\b[^>]*>/.exec(html)![0];
    expect(attribute(tag, "alt")).toBe("Hand-cut dovetails on a solid oak drawer box");
    expect(attribute(tag, "srcSet")).toContain(
      "http://localhost/media/oak-dovetail-drawer.jpg?auto=format&width=640 640w",
    );
    expect(attribute(tag, "sizes")).toBe(IMAGE_WITH_TEXT_SIZES);
    expect(attribute(tag, "loading")).toBe("lazy");
  });
});

describe("image with text slice with empty optional fields", () => {
  test("without an image, eyebrow, copy or call to action renders the heading alone", async () => {
    const html = await renderInSite(
      <ImageWithText
        slice={slice("imageRight", {
          image: {},
          eyebrow: null,
          content: [],
          cta_label: null,
          cta_link: { link_type: "Any" },
        })}
        index={3}
      />,
    );
    expect(html).toBe(
      '<section class="slice image-with-text image-with-text--right image-with-text--no-image" data-slice-type="image_with_text" data-variation="imageRight">' +
        '<div class="image-with-text__copy"><h2 class="image-with-text__heading">Every joint cut by hand</h2></div></section>',
    );
  });

  test("an image without alt text is marked decorative", async () => {
    const html = await renderInSite(
      <ImageWithText slice={slice("imageLeft", { image: image("larder", null, 1600, 1200) })} index={3} />,
    );
    expect(attribute(/<img\b[^>]*>/.exec(html)![0], "alt")).toBe("");
  });

  test("a call to action label without a link is not rendered", async () => {
    const html = await renderInSite(
      <ImageWithText
        slice={slice("imageLeft", { cta_link: { link_type: "Web", url: "javascript:alert(1)" } })}
        index={3}
      />,
    );
    expect(linksOf(html)).toEqual([]);
    expect(html).not.toContain("See the Braybrook Street kitchen");
  });
});

describe("image with text model", () => {
  test("declares imageLeft and imageRight with the same fields", () => {
    expect(model.id).toBe("image_with_text");
    expect(model.variations.map((v) => [v.id, Object.keys(v.primary)])).toEqual([
      ["imageLeft", ["image", "eyebrow", "heading", "content", "cta_label", "cta_link"]],
      ["imageRight", ["image", "eyebrow", "heading", "content", "cta_label", "cta_link"]],
    ]);
  });
});
