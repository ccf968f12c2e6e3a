/** Product cards slice: cards that link through the site's link resolver, or are not links at all. */
import type { RichTextField } from "@prismicio/client";
import ProductCards, { PRODUCT_CARD_SIZES } from "../../views/slices/ProductCards";
import type { ProductCardsSliceDefaultItem as ProductCardsItem, ProductCardsSlice } from "../../shared/prismicio-types";
import model from "../../views/slices/ProductCards/model.json";
import { attribute, linksOf, visibleText } from "../support/html";
import { imageField } from "../support/fixtures";
import { renderInSite } from "../support/renderInSite";

const image = imageField;

const items: ProductCardsItem[] = [
  {
    image: image("kitchen-navy-shaker", "Navy shaker kitchen", 2400, 1800),
    title: "Shaker kitchens",
    text: "In-frame doors, painted in any colour.",
    link: {
      link_type: "Document",
      id: "page-shaker",
      type: "page",
      uid: "shaker",
      lang: "en-gb",
      tags: [],
      slug: "shaker",
      isBroken: false,
    },
    link_label: "Explore the range",
  },
  {
    image: image("braybrook-st", "Victorian terrace kitchen in Bristol", 2400, 1800),
    title: "Braybrook Street, Bristol",
    text: "A Victorian terrace opened up.",
    link: {
      link_type: "Document",
      id: "gp-1",
      type: "gallery_project",
      uid: "braybrook-st",
      lang: "en-gb",
      tags: [],
      slug: "braybrook-st",
      isBroken: false,
    },
    link_label: null,
  },
  {
    image: image("oak-samples", "Oak and walnut samples", 1200, 900),
    title: "Free samples",
    text: "Coming soon.",
    link: { link_type: "Any" },
    link_label: "Order samples",
  },
];

const cards = (heading: string | null, list = items, intro: RichTextField = []): ProductCardsSlice => ({
  slice_type: "product_cards",
  slice_label: null,
  id: "product_cards$1",
  variation: "default",
  version: "initial",
  primary: { heading, intro },
  items: list,
});

const cardsOf = (html: string) =>
  [...html.matchAll(/<li class="([^"]+)">([\s\S]*?)<\/li>/g)].map((m) => ({ className: m[1], html: m[2] }));

describe("product cards slice, default variation", () => {
  let html: string;
  beforeAll(async () => {
    const intro = [
      { type: "paragraph", text: "Three ways to start your kitchen.", spans: [] },
    ] as unknown as RichTextField;
    html = await renderInSite(<ProductCards slice={cards("Our kitchens", items, intro)} index={1} />, {
      sections: { "page-shaker": "kitchens" },
    });
  });

  test("is a product-cards section with an h2 heading, the intro and one card per item", () => {
    expect(html).toMatch(
      /^<section class="slice product-cards" data-slice-type="product_cards" data-variation="default">/,
    );
    expect(html).toContain('<h2 class="product-cards__heading">Our kitchens</h2>');
    expect(visibleText(html)).toContain("Three ways to start your kitchen.");
    expect(cardsOf(html)).toHaveLength(3);
    expect([...html.matchAll(/<h3 class="product-cards__title">/g)]).toHaveLength(3);
  });

  test("links each card through the link resolver, named by its label and title", () => {
    expect(linksOf(html)).toEqual([
      { text: "Explore the range: Shaker kitchens", href: "/kitchens/shaker" },
      { text: "Braybrook Street, Bristol", href: "/gallery/braybrook-st" },
    ]);
  });

  test("a card with a label links its call to action; without one its title is the link", () => {
    const [first, second] = cardsOf(html);
    expect(first.className).toBe("product-cards__card product-cards__card--link");
    expect(first.html).toMatch(
      /<h3 class="product-cards__title">Shaker kitchens<\/h3>.*<a class="product-cards__link product-cards__cta" href="\/kitchens\/shaker"[^>]*>Explore the range<span class="visually-hidden">: <!-- -->Shaker kitchens<\/span><\/a>/,
    );
    expect(second.html).toMatch(
      /<h3 class="product-cards__title"><a class="product-cards__link" href="\/gallery\/braybrook-st"[^>]*>Braybrook Street, Bristol<\/a><\/h3>/,
    );
    expect(second.html).not.toContain("product-cards__cta");
  });

  test("a card whose link resolves to nothing is not a link and shows no call to action", () => {
    const third = cardsOf(html)[2];
    expect(third.className).toBe("product-cards__card");
    expect(third.html).not.toContain("<a ");
    expect(third.html).not.toContain("Order samples");
    expect(visibleText(third.html)).toBe("Free samplesComing soon.");
  });

  test("draws lazy card images with content alt, width srcset and the column's sizes", () => {
    const tags = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    expect(tags.map((t) => attribute(t, "alt"))).toEqual([
      "Navy shaker kitchen",
      "Victorian terrace kitchen in Bristol",
      "Oak and walnut samples",
    ]);
    for (const t of tags) {
      expect(attribute(t, "loading")).toBe("lazy");
      expect(attribute(t, "sizes")).toBe(PRODUCT_CARD_SIZES);
      expect(attribute(t, "srcSet")).toMatch(/width=640 640w/);
    }
  });
});

describe("product cards slice edge cases", () => {
  test("links of us documents get the /us prefix", async () => {
    const us = { ...items[1], link: { ...items[1].link, lang: "en-us" } } as ProductCardsItem;
    const html = await renderInSite(<ProductCards slice={cards("Projects", [us])} index={1} />, { path: "/us" });
    expect(linksOf(html)).toEqual([{ text: "Braybrook Street, Bristol", href: "/us/gallery/braybrook-st" }]);
  });

  test("an external link opens safely; an unsafe one makes no link", async () => {
    const external = { ...items[0], link: { link_type: "Web", url: "https://www.fsc.org/" } } as ProductCardsItem;
    const unsafe = {
      ...items[0],
      title: "Unsafe",
      link: { link_type: "Web", url: "javascript:alert(1)" },
    } as ProductCardsItem;
    const html = await renderInSite(<ProductCards slice={cards("Partners", [external, unsafe])} index={1} />);
    const anchor = /<a\b[^>]*>/.exec(html)![0];
    expect(attribute(anchor, "class")).toBe("product-cards__link product-cards__cta");
    expect(attribute(anchor, "href")).toBe("https://www.fsc.org/");
    expect(attribute(anchor, "rel")).toBe("noopener noreferrer");
    expect(attribute(anchor, "target")).toBe("_blank");
    expect(html).not.toContain("javascript:");
    expect(linksOf(html)).toHaveLength(1);
  });

  test("without a heading or intro: no header, and card titles are h2s", async () => {
    const html = await renderInSite(<ProductCards slice={cards(null)} index={1} />);
    expect(html).not.toContain("product-cards__head");
    expect(html.match(/<h2 class="product-cards__title">/g)).toHaveLength(3);
  });

  test("empty cards are left out and an image-less card has no img", async () => {
    const list = [
      { image: {}, title: "Bespoke furniture", text: null, link: { link_type: "Any" }, link_label: null },
      { image: {}, title: null, text: null, link: { link_type: "Any" }, link_label: null },
    ] as unknown as ProductCardsItem[];
    const html = await renderInSite(<ProductCards slice={cards("More", list)} index={1} />);
    expect(cardsOf(html)).toHaveLength(1);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("product-cards__text");
  });
});

describe("product cards model", () => {
  test("declares heading and intro, and items with image, title, text, link and link_label", () => {
    expect(model.id).toBe("product_cards");
    expect(model.variations.map((v) => [v.id, Object.keys(v.primary), Object.keys(v.items)])).toEqual([
      ["default", ["heading", "intro"], ["image", "title", "text", "link", "link_label"]],
    ]);
  });
});
