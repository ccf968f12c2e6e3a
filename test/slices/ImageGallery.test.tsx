/** Image gallery slice: a keyboard-operable scroll-snap carousel and a masonry-like grid, lazy images. */
import ImageGallery, { CAROUSEL_SIZES, GRID_SIZES } from "../../views/slices/ImageGallery";
import {
  clampIndex,
  initialPosition,
  keyTarget,
  nearestIndex,
  positionFromScroll,
  slideLabel,
} from "../../views/slices/ImageGallery/carousel";
import type {
  ImageGallerySliceCarouselItem as ImageGalleryItem,
  ImageGallerySlice,
} from "../../shared/prismicio-types";
import model from "../../views/slices/ImageGallery/model.json";
import { attribute, elementByClass, visibleText } from "../support/html";
import { imageField } from "../support/fixtures";
import { renderInSite } from "../support/renderInSite";

const image = imageField;

const items: ImageGalleryItem[] = [
  {
    image: image("kitchen-navy-shaker", "Navy shaker kitchen with brass handles", 2400, 1600),
    caption: "Shaker doors in Hague Blue",
  },
  {
    image: image("oak-island", "Solid oak island with a walnut top", 2400, 1600),
    caption: "An oak island, oiled by hand",
  },
  { image: image("pantry-larder", "Larder cupboard with oak shelves", 1600, 2400), caption: null },
];

const gallery = (
  variation: "carousel" | "grid",
  heading: string | null = "The Braybrook Street kitchen",
  list = items,
): ImageGallerySlice => ({
  slice_type: "image_gallery",
  slice_label: null,
  id: `image_gallery$${variation}`,
  variation,
  version: "initial",
  primary: { heading },
  items: list,
});

const imgs = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
const buttons = (html: string) => [...html.matchAll(/<button\b[^>]*>/g)].map((m) => m[0]);

describe("image gallery slice, carousel variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<ImageGallery slice={gallery("carousel")} index={2} />);
  });

  test("is an image-gallery section of the carousel variation under its heading", () => {
    expect(html).toMatch(
      /^<section class="slice image-gallery" data-slice-type="image_gallery" data-variation="carousel"><h2 class="image-gallery__heading">The Braybrook Street kitchen<\/h2>/,
    );
  });

  test("is a region (a section with a name) described as a carousel and named by the heading", () => {
    const region = /<section class="image-gallery__carousel"[^>]*>/.exec(html)![0];
    expect(attribute(region, "aria-roledescription")).toBe("carousel");
    expect(attribute(region, "aria-label")).toBe("The Braybrook Street kitchen");
  });

  test("labels each slide “n of N”", () => {
    const slides = [...html.matchAll(/<div class="image-gallery__slide"[^>]*>/g)].map((m) => m[0]);
    expect(slides.map((s) => attribute(s, "aria-label"))).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    for (const s of slides) {
      expect(attribute(s, "role")).toBe("group");
      expect(attribute(s, "aria-roledescription")).toBe("slide");
    }
  });

  test("has labelled previous and next buttons that control the track; previous is disabled at the start", () => {
    const [previous, next] = buttons(html);
    const trackId = attribute(/<section class="image-gallery__track"[^>]*>/.exec(html)![0], "id");
    expect(trackId).toBeTruthy();
    expect(attribute(previous, "type")).toBe("button");
    expect(attribute(previous, "aria-label")).toBe("Previous image");
    expect(attribute(previous, "aria-disabled")).toBe("true");
    expect(attribute(previous, "aria-controls")).toBe(trackId);
    expect(attribute(next, "aria-label")).toBe("Next image");
    expect(attribute(next, "aria-disabled")).toBe("false");
    expect(attribute(next, "aria-controls")).toBe(trackId);
  });

  test("announces the position politely", () => {
    expect(elementByClass(html, "p", "image-gallery__status")).toBe(
      '<p class="image-gallery__status" aria-live="polite" aria-atomic="true">1 of 3</p>',
    );
  });

  test("the track is focusable, so it scrolls from the keyboard even without JavaScript, and as a Tab stop it is a named region", () => {
    const track = /<section class="image-gallery__track"[^>]*>/.exec(html)![0];
    expect(attribute(track, "tabindex")).toBe("0");
    expect(attribute(track, "aria-label")).toBeTruthy();
  });

  test("draws lazy images with content alt, width srcset and the slide's sizes, with captions", () => {
    const tags = imgs(html);
    expect(tags.map((t) => attribute(t, "alt"))).toEqual([
      "Navy shaker kitchen with brass handles",
      "Solid oak island with a walnut top",
      "Larder cupboard with oak shelves",
    ]);
    for (const t of tags) {
      expect(attribute(t, "loading")).toBe("lazy");
      expect(attribute(t, "sizes")).toBe(CAROUSEL_SIZES);
      expect(attribute(t, "srcSet")).toMatch(/width=640 640w/);
    }
    expect(visibleText(html)).toContain("Shaker doors in Hague Blue");
    expect(html.match(/<figcaption/g)).toHaveLength(2);
  });

  test("never moves by itself", () => {
    expect(html).not.toMatch(/autoplay|aria-live="assertive"/i);
  });
});

describe("image gallery carousel edge cases", () => {
  test("without a heading the carousel is still named", async () => {
    const html = await renderInSite(<ImageGallery slice={gallery("carousel", null)} index={2} />);
    expect(html).not.toContain("<h2");
    expect(attribute(/<section class="image-gallery__carousel"[^>]*>/.exec(html)![0], "aria-label")).toBe("Gallery");
  });

  test("a single image: both buttons disabled, labelled 1 of 1", async () => {
    const html = await renderInSite(
      <ImageGallery slice={gallery("carousel", "One view", items.slice(0, 1))} index={2} />,
    );
    expect(buttons(html).map((b) => attribute(b, "aria-disabled"))).toEqual(["true", "true"]);
    expect(html).toContain('aria-label="1 of 1"');
  });

  test("items without an image are left out; none at all leaves no carousel", async () => {
    const html = await renderInSite(
      <ImageGallery slice={gallery("carousel", "Empty", [{ image: {}, caption: "Lost" }])} index={2} />,
    );
    expect(html).not.toContain("image-gallery__carousel");
    expect(html).not.toContain("Lost");
    expect(html).not.toContain("<button");
  });
});

describe("image gallery slice, grid variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<ImageGallery slice={gallery("grid")} index={2} />);
  });

  test("is an image-gallery section of the grid variation: a list of figures, no carousel controls", () => {
    expect(html).toContain('data-variation="grid"');
    expect(html).toContain('<ul class="image-gallery__grid">');
    expect(html.match(/<li class="image-gallery__cell"><figure class="image-gallery__figure">/g)).toHaveLength(3);
    expect(html).not.toContain("<button");
    expect(html).not.toContain("aria-roledescription");
  });

  test("draws lazy images at the grid column's sizes with their captions", () => {
    const tags = imgs(html);
    expect(tags).toHaveLength(3);
    for (const t of tags) {
      expect(attribute(t, "loading")).toBe("lazy");
      expect(attribute(t, "sizes")).toBe(GRID_SIZES);
      expect(attribute(t, "srcSet")).toMatch(/^http:\/\/localhost\/media\/[a-z-]+\.jpg\?auto=format&width=640 640w/);
    }
    expect(attribute(tags[2], "width")).toBe("1600");
    expect(attribute(tags[2], "height")).toBe("2400");
    expect(visibleText(html)).toContain("An oak island, oiled by hand");
  });
});

describe("carousel arithmetic", () => {
  test("clampIndex keeps an index within the slides", () => {
    expect(clampIndex(-1, 5)).toBe(0);
    expect(clampIndex(2, 5)).toBe(2);
    expect(clampIndex(5, 5)).toBe(4);
    expect(clampIndex(3, 0)).toBe(0);
    expect(clampIndex(Number.NaN, 5)).toBe(0);
    expect(clampIndex(1.7, 5)).toBe(1);
  });

  test("slideLabel counts from one", () => {
    expect(slideLabel(0, 6)).toBe("1 of 6");
    expect(slideLabel(5, 6)).toBe("6 of 6");
  });

  test("keyTarget moves one slide with the arrows, to the ends with Home and End, and stops at the ends", () => {
    expect(keyTarget("ArrowRight", 1, 4)).toBe(2);
    expect(keyTarget("ArrowLeft", 1, 4)).toBe(0);
    expect(keyTarget("ArrowLeft", 0, 4)).toBe(0);
    expect(keyTarget("ArrowRight", 3, 4)).toBe(3);
    expect(keyTarget("Home", 3, 4)).toBe(0);
    expect(keyTarget("End", 0, 4)).toBe(3);
    expect(keyTarget("Enter", 0, 4)).toBeNull();
    expect(keyTarget("ArrowDown", 0, 4)).toBeNull();
  });

  test("nearestIndex finds the slide whose start is closest to the scroll position", () => {
    const starts = [0, 700, 1400, 2100];
    expect(nearestIndex(starts, 0)).toBe(0);
    expect(nearestIndex(starts, 340)).toBe(0);
    expect(nearestIndex(starts, 360)).toBe(1);
    expect(nearestIndex(starts, 1500)).toBe(2);
    expect(nearestIndex([], 100)).toBe(0);
  });

  test("positionFromScroll reports the ends and counts the end of the scroll as the last slide", () => {
    const starts = [0, 700, 1400, 2100];
    // Track 1000 px wide showing 1.4 slides; content 2800 px, so the scroll ends at 1800.
    expect(positionFromScroll(starts, 0, 2800, 1000)).toEqual({ index: 0, atStart: true, atEnd: false });
    expect(positionFromScroll(starts, 700, 2800, 1000)).toEqual({ index: 1, atStart: false, atEnd: false });
    expect(positionFromScroll(starts, 1400, 2800, 1000)).toEqual({ index: 2, atStart: false, atEnd: false });
    expect(positionFromScroll(starts, 1799.5, 2800, 1000)).toEqual({ index: 3, atStart: false, atEnd: true });
    // Everything fits: both ends at once.
    expect(positionFromScroll([0], 0, 800, 1000)).toEqual({ index: 0, atStart: true, atEnd: true });
  });

  test("initialPosition is the first slide, and the end too when there is at most one", () => {
    expect(initialPosition(3)).toEqual({ index: 0, atStart: true, atEnd: false });
    expect(initialPosition(1)).toEqual({ index: 0, atStart: true, atEnd: true });
    expect(initialPosition(0)).toEqual({ index: 0, atStart: true, atEnd: true });
  });
});

describe("image gallery model", () => {
  test("declares carousel and grid with an optional heading and image/caption items", () => {
    expect(model.id).toBe("image_gallery");
    expect(model.variations.map((v) => [v.id, Object.keys(v.primary), Object.keys(v.items)])).toEqual([
      ["carousel", ["heading"], ["image", "caption"]],
      ["grid", ["heading"], ["image", "caption"]],
    ]);
  });
});
