/** The `sample_swatches` shared slice (model.json in this folder). */
import type { ImageField, KeyTextField, LinkField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type SampleSwatchesSliceDefaultPrimary = {
  heading: KeyTextField;
  intro: RichTextField;
  cta_label: KeyTextField;
  cta_link: LinkField;
};

export type SampleSwatchesSliceDefaultItem = {
  name: KeyTextField;
  material: KeyTextField;
  finish: KeyTextField;
  /** A hex colour (`#c8a97e`, `c8a97e` or `#ccc`): drawn as a chip when there is no image. */
  colour: KeyTextField;
  image: ImageField;
};

export type SampleSwatchesSliceDefault = SharedSliceVariation<"default", SampleSwatchesSliceDefaultPrimary, SampleSwatchesSliceDefaultItem>;

export type SampleSwatchesSlice = SharedSlice<"sample_swatches", SampleSwatchesSliceDefault>;
