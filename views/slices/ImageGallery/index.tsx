import * as prismic from "@prismicio/client";
import { ResponsiveImage } from "../../parts/ResponsiveImage";
import { GalleryCarousel } from "./GalleryCarousel";
import type { ImageGallerySlice, ImageGallerySliceCarouselItem } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type ImageGalleryProps = {
  slice: ImageGallerySlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/** A carousel slide is 85% of the frame on mobile and two thirds from md (about 730 px at most). */
export const CAROUSEL_SIZES = "(min-width: 1280px) 730px, (min-width: 960px) 62vw, 80vw";
/** Grid columns: one on mobile, two from sm, three from md (about 360 px at most). */
export const GRID_SIZES = "(min-width: 1280px) 360px, (min-width: 960px) 30vw, (min-width: 600px) 45vw, 90vw";

function Figure({ item, sizes }: { item: ImageGallerySliceCarouselItem; sizes: string }) {
  return (
    <figure className="image-gallery__figure">
      <ResponsiveImage field={item.image} sizes={sizes} className="image-gallery__image" />
      {item.caption ? <figcaption className="image-gallery__caption">{item.caption}</figcaption> : null}
    </figure>
  );
}

/** Photographs with captions: a keyboard-operable scroll-snap carousel, or a masonry-like grid. Images load lazily. */
export default function ImageGallery({ slice }: ImageGalleryProps) {
  const heading = slice.primary.heading;
  const items = slice.items.filter((item) => prismic.isFilled.image(item.image));
  return (
    <section className="slice image-gallery" data-slice-type="image_gallery" data-variation={slice.variation}>
      {heading ? <h2 className="image-gallery__heading">{heading}</h2> : null}
      {items.length === 0 ? null : slice.variation === "carousel" ? (
        <GalleryCarousel
          label={heading || "Gallery"}
          slides={items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: Prismic repeatable items have no id and keep their order
            <Figure key={i} item={item} sizes={CAROUSEL_SIZES} />
          ))}
        />
      ) : (
        <ul className="image-gallery__grid">
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: Prismic repeatable items have no id and keep their order
            <li key={i} className="image-gallery__cell">
              <Figure item={item} sizes={GRID_SIZES} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
