/** The `faq` shared slice (model.json in this folder). */
import type { KeyTextField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type FaqSliceDefaultPrimary = {
  heading: KeyTextField;
  intro: RichTextField;
};

export type FaqSliceDefaultItem = {
  question: KeyTextField;
  answer: RichTextField;
};

export type FaqSliceDefault = SharedSliceVariation<"default", FaqSliceDefaultPrimary, FaqSliceDefaultItem>;

export type FaqSlice = SharedSlice<"faq", FaqSliceDefault>;
