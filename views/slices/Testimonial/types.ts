/** The `testimonial` shared slice as Prismic delivers it (views/slices/Testimonial/model.json). */
import type { ImageField, KeyTextField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type TestimonialPrimary = {
  quote: RichTextField;
  author: KeyTextField;
  location: KeyTextField;
  /** Optional: a small round portrait in `default`, a large image beside the quote in `withImage`. */
  image: ImageField;
};

export type TestimonialSliceDefault = SharedSliceVariation<"default", TestimonialPrimary, never>;
export type TestimonialSliceWithImage = SharedSliceVariation<"withImage", TestimonialPrimary, never>;

export type TestimonialSliceVariation = TestimonialSliceDefault | TestimonialSliceWithImage;

export type TestimonialSlice = SharedSlice<"testimonial", TestimonialSliceVariation>;

export interface TestimonialProps {
  slice: TestimonialSlice;
  index: number;
}
