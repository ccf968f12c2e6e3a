/** The `steps` shared slice (model.json in this folder). */
import type { KeyTextField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type StepsSliceDefaultPrimary = {
  heading: KeyTextField;
  intro: RichTextField;
};

export type StepsSliceDefaultItem = {
  title: KeyTextField;
  text: RichTextField;
};

export type StepsSliceDefault = SharedSliceVariation<"default", StepsSliceDefaultPrimary, StepsSliceDefaultItem>;

export type StepsSlice = SharedSlice<"steps", StepsSliceDefault>;
