/** The `image_with_text` shared slice as Prismic delivers it (views/slices/ImageWithText/model.json). */
import type { ImageField, KeyTextField, LinkField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type ImageWithTextPrimary = {
  image: ImageField;
  eyebrow: KeyTextField;
  heading: KeyTextField;
  content: RichTextField;
  cta_label: KeyTextField;
  cta_link: LinkField;
};

export type ImageWithTextSliceImageLeft = SharedSliceVariation<"imageLeft", ImageWithTextPrimary, never>;
export type ImageWithTextSliceImageRight = SharedSliceVariation<"imageRight", ImageWithTextPrimary, never>;

export type ImageWithTextSliceVariation = ImageWithTextSliceImageLeft | ImageWithTextSliceImageRight;

export type ImageWithTextSlice = SharedSlice<"image_with_text", ImageWithTextSliceVariation>;

export interface ImageWithTextProps {
  slice: ImageWithTextSlice;
  index: number;
}
