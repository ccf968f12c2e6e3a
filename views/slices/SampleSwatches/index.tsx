import * as prismic from "@prismicio/client";
import { FixedImage } from "../../parts/ResponsiveImage";
import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import { SiteLink } from "../../parts/SiteLink";
import { FIXED_IMAGE_WIDTHS } from "../../../shared/imageWidths";
import { useLinkResolver } from "../../siteData";
import type { SampleSwatchesSlice, SampleSwatchesSliceDefaultItem } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type SampleSwatchesProps = {
  slice: SampleSwatchesSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/**
 * The widest a swatch is drawn, in CSS px (a column of the grid in slices-b.css: 2 columns
 * on phones, 3 from sm, 4 from md, 5 from lg, 6 from xl, each at most about 280 px wide).
 * FixedImage offers it at 1x, 2x and 3x.
 */
export const SWATCH_WIDTH = FIXED_IMAGE_WIDTHS.swatch;

/** A content hex colour as `#rrggbb` / `#rgb`, or null when it is not one (never passed through raw). */
export function swatchColour(value: string | null | undefined): string | null {
  const hex = value?.trim().replace(/^#/, "") ?? "";
  return /^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? `#${hex.toLowerCase()}` : null;
}

function Chip({ item }: { item: SampleSwatchesSliceDefaultItem }) {
  if (prismic.isFilled.image(item.image)) {
    // The name is printed under the swatch: without alt text from content the photo adds nothing to read out.
    return <FixedImage field={item.image} width={SWATCH_WIDTH} className="sample-swatches__chip" />;
  }
  const colour = swatchColour(item.colour);
  return (
    <svg
      className={`sample-swatches__chip${colour ? "" : " sample-swatches__chip--blank"}`}
      viewBox="0 0 1 1"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="1" height="1" fill={colour ?? undefined} />
    </svg>
  );
}

/** Material samples: a photo of each (or a colour chip), its name, material and finish, and a call to order them. */
export default function SampleSwatches({ slice, index }: SampleSwatchesProps) {
  const resolve = useLinkResolver();
  const { heading, intro, cta_label, cta_link } = slice.primary;
  const href = cta_label ? resolve(cta_link) : null;
  const Heading = index === 0 ? "h1" : "h2";
  const items = slice.items.filter((item) => prismic.isFilled.keyText(item.name));
  if (!heading && !items.length) return null;
  return (
    <section className="slice sample-swatches" data-slice-type="sample_swatches" data-variation={slice.variation}>
      <div className="sample-swatches__head">
        {heading ? <Heading className="sample-swatches__heading">{heading}</Heading> : null}
        <RichText field={intro} className="sample-swatches__intro" headingLevel={levelBelow(heading && Heading)} />
      </div>
      {items.length ? (
        // biome-ignore lint/a11y/noRedundantRoles: Safari drops the list semantics of a list without list-style; role="list" puts them back
        <ul className="sample-swatches__grid" role="list">
          {items.map((item, i) => {
            const meta = [item.material, item.finish].filter(Boolean).join(" · ");
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: Prismic repeatable items have no id and keep their order
              <li className="sample-swatches__item" key={i}>
                <Chip item={item} />
                <p className="sample-swatches__name">{item.name}</p>
                {meta ? <p className="sample-swatches__meta">{meta}</p> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {href ? (
        <p className="sample-swatches__cta">
          <SiteLink href={href} className="button button--solid">
            {cta_label}
          </SiteLink>
        </p>
      ) : null}
    </section>
  );
}
