/** The `reviews` shared slice (model.json in this folder). */
import type { KeyTextField, LinkField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

type ReviewsSliceCommon = {
  heading: KeyTextField;
  intro: RichTextField;
  /** Shown instead of the widget where REVIEWS_WIDGET_SRC is not set. */
  fallback_label: KeyTextField;
  fallback_link: LinkField;
};

/** Reviews of the company, or of one location. */
export type ReviewsSliceDefault = SharedSliceVariation<"default", ReviewsSliceCommon & { location_id: KeyTextField }, never>;
/** Reviews of one product. */
export type ReviewsSliceProduct = SharedSliceVariation<"product", ReviewsSliceCommon & { product_id: KeyTextField }, never>;

export type ReviewsSlice = SharedSlice<"reviews", ReviewsSliceDefault | ReviewsSliceProduct>;

export interface ReviewsProps {
  slice: ReviewsSlice;
  index: number;
}
