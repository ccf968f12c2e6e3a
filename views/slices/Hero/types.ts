/** The `hero` shared slice as Prismic delivers it (views/slices/Hero/model.json). */
import type { EmbedField, ImageField, KeyTextField, LinkField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

/** Fields of every hero variation. */
export type HeroPrimary = {
  eyebrow: KeyTextField;
  heading: KeyTextField;
  subheading: RichTextField;
  image: ImageField;
  cta_label: KeyTextField;
  cta_link: LinkField;
};

/** Image and call to action. */
export type HeroSliceDefault = SharedSliceVariation<"default", HeroPrimary, never>;

/** As default, plus a film played through the click-to-load embed facade. */
export type HeroSliceWithVideo = SharedSliceVariation<"withVideo", HeroPrimary & { video: EmbedField; video_label: KeyTextField }, never>;

export type HeroSliceVariation = HeroSliceDefault | HeroSliceWithVideo;

export type HeroSlice = SharedSlice<"hero", HeroSliceVariation>;

export interface HeroProps {
  slice: HeroSlice;
  /** Position in the slice zone: the first slice owns the page's h1 and LCP image. */
  index: number;
}
