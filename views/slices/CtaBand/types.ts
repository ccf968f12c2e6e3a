/** The `cta_band` shared slice (model.json in this folder). */
import type { KeyTextField, LinkField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type CtaBandSlicePrimary = {
  heading: KeyTextField;
  text: RichTextField;
  cta_label: KeyTextField;
  cta_link: LinkField;
  secondary_label: KeyTextField;
  secondary_link: LinkField;
};

/** Navy band, white text, pink button. */
export type CtaBandSliceNavy = SharedSliceVariation<"navy", CtaBandSlicePrimary, never>;
/** Pink band, navy text, navy button. */
export type CtaBandSlicePink = SharedSliceVariation<"pink", CtaBandSlicePrimary, never>;

export type CtaBandSlice = SharedSlice<"cta_band", CtaBandSliceNavy | CtaBandSlicePink>;
