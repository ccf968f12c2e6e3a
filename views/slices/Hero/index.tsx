import * as prismic from "@prismicio/client";
import { ResponsiveImage } from "../../parts/ResponsiveImage";
import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import { SiteLink } from "../../parts/SiteLink";
import { useLinkResolver } from "../../siteData";
import { HeroFilm, playableEmbed } from "./HeroFilm";
import type { HeroSlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type HeroProps = {
  slice: HeroSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/**
 * Drawn width of the hero image: the right-hand half of the split layout from lg (the copy
 * column plus the margin up to the viewport edge, about half the viewport), full bleed below.
 */
export const HERO_IMAGE_SIZES = "(min-width: 1280px) 50vw, 100vw";

/**
 * Opening statement of a page: eyebrow, heading, a line of copy, one call to action and a
 * large image. The first slice of a page owns its h1 and its LCP image (loaded eagerly).
 * `withVideo` adds a "Watch the film" control that plays the embed through the facade.
 */
export default function Hero({ slice, index }: HeroProps) {
  const resolve = useLinkResolver();
  const { eyebrow, eyebrow_lang, heading, subheading, image, cta_label, cta_link } = slice.primary;
  const href = resolve(cta_link);
  const HeadingTag = index === 0 ? "h1" : "h2";
  const video = slice.variation === "withVideo" ? playableEmbed(slice.primary.video) : null;
  const videoLabel = (slice.variation === "withVideo" && slice.primary.video_label) || "Watch the film";
  const hasImage = prismic.isFilled.image(image);
  const hasMedia = hasImage || video !== null;

  return (
    <section
      className={hasMedia ? "slice hero hero--media" : "slice hero"}
      data-slice-type="hero"
      data-variation={slice.variation}
    >
      <div className="hero__layout">
        <div className="hero__copy">
          {eyebrow ? (
            <p className="eyebrow" lang={eyebrow_lang ?? undefined}>
              {eyebrow}
            </p>
          ) : null}
          {heading ? <HeadingTag className="hero__heading">{heading}</HeadingTag> : null}
          <RichText field={subheading} className="hero__sub" headingLevel={levelBelow(heading && HeadingTag)} />
          {href && cta_label ? (
            <SiteLink href={href} className="button button--solid">
              {cta_label}
            </SiteLink>
          ) : null}
        </div>
        {hasMedia ? (
          <div className="hero__media" data-vitals-kind="hero-image">
            <ResponsiveImage field={image} sizes={HERO_IMAGE_SIZES} priority={index === 0} className="hero__image" />
            {video ? <HeroFilm embed={video} label={videoLabel} /> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
