import * as prismic from "@prismicio/client";
import { FixedImage, ResponsiveImage } from "../../parts/ResponsiveImage";
import { RichText } from "../../parts/RichText";
import { FIXED_IMAGE_WIDTHS } from "../../../shared/imageWidths";
import type { TestimonialSlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type TestimonialProps = {
  slice: TestimonialSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/** withImage: the image takes 5 of 12 columns from md (about 440 px at most); full width below. */
export const TESTIMONIAL_IMAGE_SIZES = "(min-width: 1280px) 440px, (min-width: 960px) 36vw, 100vw";
/** default: the portrait beside the name is drawn at this width (1x/2x/3x srcset). */
export const PORTRAIT_WIDTH = FIXED_IMAGE_WIDTHS.portrait;

/**
 * A client's words: `default` sets the quote large and centred on pink, with an optional
 * small portrait by the name; `withImage` puts the image beside the quote.
 */
export default function Testimonial({ slice }: TestimonialProps) {
  const { quote, author, location, image } = slice.primary;
  const withImage = slice.variation === "withImage" && prismic.isFilled.image(image);
  const cite =
    author || location ? (
      <figcaption className="testimonial__cite">
        {!withImage ? <FixedImage field={image} width={PORTRAIT_WIDTH} className="testimonial__portrait" /> : null}
        <span>
          {author ? <span className="testimonial__author">{author}</span> : null}
          {location ? <span className="testimonial__location">{location}</span> : null}
        </span>
      </figcaption>
    ) : null;
  return (
    <section
      className={`slice testimonial testimonial--${withImage ? "with-image" : "default"}`}
      data-slice-type="testimonial"
      data-variation={slice.variation}
    >
      <figure className="testimonial__figure">
        {withImage ? (
          <ResponsiveImage field={image} sizes={TESTIMONIAL_IMAGE_SIZES} className="testimonial__image" />
        ) : null}
        <blockquote className="testimonial__quote">
          <RichText field={quote} className="testimonial__text" />
        </blockquote>
        {cite}
      </figure>
    </section>
  );
}
