import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import { SiteLink } from "../../parts/SiteLink";
import { useLinkResolver } from "../../siteData";
import type { CtaBandSlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type CtaBandProps = {
  slice: CtaBandSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/** A full-width band with one clear call to action and an optional quieter second one. */
export default function CtaBand({ slice, index }: CtaBandProps) {
  const resolve = useLinkResolver();
  const { heading, text, cta_label, cta_link, secondary_label, secondary_link } = slice.primary;
  const primaryHref = cta_label ? resolve(cta_link) : null;
  const secondaryHref = secondary_label ? resolve(secondary_link) : null;
  const Heading = index === 0 ? "h1" : "h2";
  const tone = slice.variation === "pink" ? "pink" : "navy";
  return (
    <section className={`slice cta-band cta-band--${tone}`} data-slice-type="cta_band" data-variation={slice.variation}>
      <div className="cta-band__inner">
        <div className="cta-band__copy">
          {heading ? <Heading className="cta-band__heading">{heading}</Heading> : null}
          <RichText field={text} className="cta-band__text" headingLevel={levelBelow(heading && Heading)} />
        </div>
        {primaryHref || secondaryHref ? (
          <div className="cta-band__actions">
            {primaryHref ? (
              <SiteLink href={primaryHref} className="button cta-band__primary">
                {cta_label}
              </SiteLink>
            ) : null}
            {secondaryHref ? (
              <SiteLink href={secondaryHref} className="button cta-band__secondary">
                {secondary_label}
              </SiteLink>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
