/** Hero slice: both variations, the page's h1 and LCP image when first, the film behind a click-to-load facade. */
import type { EmbedField, RichTextField } from "@prismicio/client";
import Hero, { HERO_IMAGE_SIZES } from "../../views/slices/Hero";
import { filmProvider, playableEmbed } from "../../views/slices/Hero/HeroFilm";
import type { HeroSliceDefaultPrimary as HeroPrimary, HeroSlice } from "../../shared/prismicio-types";
import model from "../../views/slices/Hero/model.json";
import { attribute, elementByClass, linksOf, visibleText } from "../support/html";
import { imageField } from "../support/fixtures";
import { renderInSite } from "../support/renderInSite";

const image = imageField;
const paragraph = (text: string) => [{ type: "paragraph", text, spans: [] }] as unknown as RichTextField;

const primary: HeroPrimary = {
  eyebrow: "Made in Somerset",
  eyebrow_lang: null,
  heading: "Kitchens made to measure, built to last a lifetime",
  subheading: paragraph("Every cabinet is drawn for your room and built by hand in our workshop."),
  image: image("kitchen-navy-shaker", "Navy shaker kitchen with a pale oak island", 3000, 2000),
  cta_label: "Book a showroom visit",
  cta_link: {
    link_type: "Document",
    id: "page-book-appointment-gb",
    type: "page",
    uid: "book-appointment",
    lang: "en-gb",
    tags: [],
    slug: "book-appointment",
    isBroken: false,
  },
};

const film = {
  embed_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  type: "video",
  version: "1.0",
  provider_name: "YouTube",
  title: "Inside the Hartley & Reed workshop",
  thumbnail_url: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
  html: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="alert(1)"></iframe>',
} as unknown as EmbedField;

const hero = (fields: Partial<HeroPrimary> = {}): HeroSlice => ({
  slice_type: "hero",
  slice_label: null,
  id: "hero$1",
  variation: "default",
  version: "initial",
  primary: { ...primary, ...fields },
  items: [],
});
const heroWithVideo = (video: EmbedField, video_label: string | null = "Watch the film"): HeroSlice => ({
  ...hero(),
  variation: "withVideo",
  primary: { ...primary, video, video_label },
});

const sections = { "page-book-appointment-gb": "showrooms" };
const img = (html: string) => /<img\b[^>]*>/.exec(html)?.[0] ?? "";

describe("hero slice, default variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<Hero slice={hero()} index={0} />, { sections });
  });

  test("is a hero section of the default variation with media", () => {
    expect(html).toMatch(/<section class="slice hero hero--media" data-slice-type="hero" data-variation="default">/);
  });

  test("the first slice's heading is the page's h1, with the eyebrow and the copy", () => {
    expect(html).toContain('<h1 class="hero__heading">Kitchens made to measure, built to last a lifetime</h1>');
    expect(visibleText(html)).toContain("Made in Somerset");
    expect(visibleText(html)).toContain("Every cabinet is drawn for your room and built by hand in our workshop.");
  });

  test("the call to action links through the link resolver", () => {
    expect(linksOf(html)).toEqual([{ text: "Book a showroom visit", href: "/showrooms/book-appointment" }]);
  });

  test("the image is the page's LCP image: content alt, width srcset, sizes of the layout, eager and high priority", () => {
    const tag = img(html);
    expect(attribute(tag, "alt")).toBe("Navy shaker kitchen with a pale oak island");
    expect(attribute(tag, "srcSet")).toMatch(
      /^http:\/\/localhost\/media\/kitchen-navy-shaker\.jpg\?[^ ]*width=640 640w, /,
    );
    expect(attribute(tag, "srcSet")).toContain("width=2048 2048w");
    expect(attribute(tag, "sizes")).toBe(HERO_IMAGE_SIZES);
    expect(attribute(tag, "loading")).toBe("eager");
    expect(attribute(tag, "fetchPriority")).toBe("high");
    expect(attribute(tag, "width")).toBe("3000");
    expect(attribute(tag, "height")).toBe("2000");
  });

  test("has no film control", () => {
    expect(html).not.toContain("hero__film");
  });
});

describe("hero slice, an eyebrow in another language", () => {
  test("marks the eyebrow, and only the eyebrow, with the language the editor chose", async () => {
    const html = await renderInSite(
      <Hero slice={hero({ eyebrow: "Éditions Spéciales", eyebrow_lang: "fr" })} index={0} />,
    );
    expect(html).toContain('<p class="eyebrow" lang="fr">Éditions Spéciales</p>');
    expect(html.match(/ lang="/g)).toHaveLength(1);
  });

  test("an eyebrow without a language is in the page's: no lang attribute", async () => {
    const html = await renderInSite(<Hero slice={hero()} index={0} />);
    expect(html).toContain('<p class="eyebrow">Made in Somerset</p>');
    expect(html).not.toContain(" lang=");
  });
});

describe("hero slice further down the page", () => {
  test("uses an h2 and a lazy image without high priority", async () => {
    const html = await renderInSite(<Hero slice={hero()} index={2} />);
    expect(html).toContain('<h2 class="hero__heading">');
    expect(html).not.toContain("<h1");
    expect(attribute(img(html), "loading")).toBe("lazy");
    expect(attribute(img(html), "fetchPriority")).toBeUndefined();
  });
});

describe("hero slice, withVideo variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<Hero slice={heroWithVideo(film)} index={0} />, { sections });
  });

  test("keeps the copy, the call to action and the LCP image", () => {
    expect(html).toContain('data-variation="withVideo"');
    expect(html).toContain('<h1 class="hero__heading">');
    expect(linksOf(html)).toContainEqual({ text: "Book a showroom visit", href: "/showrooms/book-appointment" });
    expect(attribute(img(html), "fetchPriority")).toBe("high");
  });

  test("shows a closed “Watch the film” control that names the provider", () => {
    const film = elementByClass(html, "details", "hero__film")!;
    expect(film).toMatch(/^<details class="hero__film">/);
    const summary = /<summary[^>]*>([\s\S]*?)<\/summary>/.exec(film)![1];
    expect(visibleText(summary)).toContain("Watch the film · plays from YouTube");
  });

  test("holds the click-to-load facade: title, play button and a plain link, nothing from the provider", () => {
    const player = elementByClass(html, "div", "hero__player")!;
    expect(visibleText(player)).toContain("Inside the Hartley & Reed workshop");
    expect(player).toMatch(/<button type="button" class="embed__play"/);
    expect(linksOf(player)).toContainEqual({
      text: "Watch on YouTube",
      href: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("onload");
    expect(html).not.toContain("youtube-nocookie");
    expect(html).not.toContain("i.ytimg.com");
    expect(html).not.toContain("youtube.com/embed");
  });

  test("uses the content's label for the control", async () => {
    const custom = await renderInSite(<Hero slice={heroWithVideo(film, "See the kitchen come together")} index={0} />);
    expect(visibleText(elementByClass(custom, "summary", "hero__film-toggle")!)).toContain(
      "See the kitchen come together",
    );
  });

  test("falls back to “Watch the film” when the label is empty", async () => {
    const fallback = await renderInSite(<Hero slice={heroWithVideo(film, null)} index={0} />);
    expect(visibleText(elementByClass(fallback, "summary", "hero__film-toggle")!)).toContain("Watch the film");
  });

  test.each([
    ["an empty embed", {}],
    ["an unsafe embed URL", { embed_url: "javascript:alert(1)", type: "video", html: "<script>alert(1)</script>" }],
  ])("with %s renders no film control and nothing broken", async (_name, video) => {
    const noFilm = await renderInSite(<Hero slice={heroWithVideo(video as EmbedField)} index={0} />);
    expect(noFilm).not.toContain("hero__film");
    expect(noFilm).not.toContain("javascript:");
    expect(noFilm).not.toContain("<script");
    expect(attribute(img(noFilm), "alt")).toBe("Navy shaker kitchen with a pale oak island");
  });

  test("with a film but no image, the media area still holds the control", async () => {
    const slice = heroWithVideo(film);
    slice.primary.image = {};
    const noImage = await renderInSite(<Hero slice={slice} index={0} />);
    expect(noImage).not.toContain("<img");
    expect(noImage).toContain('class="slice hero hero--media"');
    expect(noImage).toContain("hero__film-toggle");
  });
});

describe("hero slice with empty optional fields", () => {
  test("renders the heading alone: no eyebrow, copy, link, image or empty wrappers", async () => {
    const html = await renderInSite(
      <Hero
        slice={hero({ eyebrow: null, subheading: [], image: {}, cta_label: null, cta_link: { link_type: "Any" } })}
        index={0}
      />,
    );
    expect(html).toContain('<section class="slice hero" data-slice-type="hero" data-variation="default">');
    expect(html).toContain('<h1 class="hero__heading">');
    expect(html).not.toMatch(/<(img|a|p)\b/);
    expect(html).not.toContain("hero__media");
  });

  test("a call to action whose link resolves to nothing is left out", async () => {
    const html = await renderInSite(
      <Hero slice={hero({ cta_link: { link_type: "Web", url: "javascript:alert(1)" } })} index={0} />,
    );
    expect(linksOf(html)).toEqual([]);
    expect(html).not.toContain("Book a showroom visit");
  });
});

describe("hero film helpers", () => {
  test("playableEmbed keeps an embed with a safe URL and drops empty or unsafe ones", () => {
    expect(playableEmbed(film)).toBe(film);
    expect(playableEmbed({} as EmbedField)).toBeNull();
    expect(playableEmbed(null)).toBeNull();
    expect(playableEmbed({ embed_url: "data:text/html,x" } as unknown as EmbedField)).toBeNull();
  });

  test("filmProvider names the player we would load, else the oEmbed provider", () => {
    expect(filmProvider(film)).toBe("YouTube");
    expect(
      filmProvider({ embed_url: "https://vimeo.com/76979871", provider_name: "Vimeo" } as unknown as EmbedField),
    ).toBe("Vimeo");
    expect(
      filmProvider({ embed_url: "https://example.com/film", provider_name: "Example TV" } as unknown as EmbedField),
    ).toBe("Example TV");
    expect(filmProvider({ embed_url: "https://example.com/film" } as unknown as EmbedField)).toBeNull();
  });
});

describe("hero model", () => {
  test("declares default and withVideo, withVideo adding video and video_label to the default fields", () => {
    expect(model.id).toBe("hero");
    const [base, withVideo] = model.variations;
    expect(model.variations.map((v) => v.id)).toEqual(["default", "withVideo"]);
    expect(Object.keys(base.primary)).toEqual([
      "eyebrow",
      "eyebrow_lang",
      "heading",
      "subheading",
      "image",
      "cta_label",
      "cta_link",
    ]);
    expect(Object.keys(withVideo.primary)).toEqual([...Object.keys(base.primary), "video", "video_label"]);
    expect((withVideo.primary as Record<string, { type: string }>).video.type).toBe("Embed");
  });

  test("the eyebrow's language is an optional choice of the languages the site quotes, empty meaning the page's", () => {
    for (const variation of model.variations) {
      const field = (variation.primary as Record<string, { type: string; config: Record<string, unknown> }>)
        .eyebrow_lang;
      expect(field.type).toBe("Select");
      expect(field.config.options).toEqual(["fr", "it", "de"]);
      expect(field.config).not.toHaveProperty("default_value");
    }
  });
});
