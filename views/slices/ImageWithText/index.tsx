import * as prismic from "@prismicio/client";
import { ResponsiveImage } from "../../parts/ResponsiveImage";
import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import { SiteLink } from "../../parts/SiteLink";
import { useLinkResolver } from "../../siteData";
import type { ImageWithTextSlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type ImageWithTextProps = {
  slice: ImageWithTextSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/** The image takes 7 of 12 columns from md (about 590 px in the 1200 px frame); full width below. */
export const IMAGE_WITH_TEXT_SIZES = "(min-width: 1280px) 590px, (min-width: 960px) 52vw, 100vw";

/** An image beside a heading, copy and a call to action; stacked (image first) on mobile. */
export default function ImageWithText({ slice }: ImageWithTextProps) {
  const resolve = useLinkResolver();
  const { image, eyebrow, heading, content, cta_label, cta_link } = slice.primary;
  const href = resolve(cta_link);
  const side = slice.variation === "imageRight" ? "right" : "left";
  const hasImage = prismic.isFilled.image(image);
  return (
    <section
      className={`slice image-with-text image-with-text--${side}${hasImage ? "" : " image-with-text--no-image"}`}
      data-slice-type="image_with_text"
      data-variation={slice.variation}
    >
      {hasImage ? (
        <div className="image-with-text__media">
          <ResponsiveImage field={image} sizes={IMAGE_WITH_TEXT_SIZES} className="image-with-text__image" />
        </div>
      ) : null}
      <div className="image-with-text__copy">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        {heading ? <h2 className="image-with-text__heading">{heading}</h2> : null}
        <RichText
          field={content}
          className="rich-text image-with-text__text"
          headingLevel={levelBelow(heading && "h2")}
        />
        {href && cta_label ? (
          <SiteLink href={href} className="button button--outlined">
            {cta_label}
          </SiteLink>
        ) : null}
      </div>
    </section>
  );
}
