/** The `image_gallery` shared slice as Prismic delivers it (views/slices/ImageGallery/model.json). */
import type { ImageField, KeyTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type ImageGalleryPrimary = {
  /** Optional; also names the carousel for assistive technology. */
  heading: KeyTextField;
};

export type ImageGalleryItem = {
  image: ImageField;
  caption: KeyTextField;
};

export type ImageGallerySliceCarousel = SharedSliceVariation<"carousel", ImageGalleryPrimary, ImageGalleryItem>;
export type ImageGallerySliceGrid = SharedSliceVariation<"grid", ImageGalleryPrimary, ImageGalleryItem>;

export type ImageGallerySliceVariation = ImageGallerySliceCarousel | ImageGallerySliceGrid;

export type ImageGallerySlice = SharedSlice<"image_gallery", ImageGallerySliceVariation>;

export interface ImageGalleryProps {
  slice: ImageGallerySlice;
  index: number;
}
