import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import { FeatureIcon } from "./FeatureIcon";
import type { FeatureGridSlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type FeatureGridProps = {
  slice: FeatureGridSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/** Reasons to choose us: an icon, a title and a line of text each; 1, 2, 3 then 4 columns at sm, md and lg. */
export default function FeatureGrid({ slice }: FeatureGridProps) {
  const { heading, intro } = slice.primary;
  const items = slice.items.filter((item) => item.title || item.text?.length);
  // Headings stay in order: item titles sit under the slice heading, or stand in for it.
  const TitleTag = heading ? "h3" : "h2";
  return (
    <section className="slice feature-grid" data-slice-type="feature_grid" data-variation={slice.variation}>
      {heading || intro?.length ? (
        <header className="feature-grid__head">
          {heading ? <h2 className="feature-grid__heading">{heading}</h2> : null}
          <RichText field={intro} className="feature-grid__intro" headingLevel={levelBelow(heading && "h2")} />
        </header>
      ) : null}
      {items.length ? (
        <ul className="feature-grid__list">
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: Prismic repeatable items have no id and keep their order
            <li key={i} className="feature-grid__item">
              <FeatureIcon name={item.icon} />
              {item.title ? <TitleTag className="feature-grid__title">{item.title}</TitleTag> : null}
              <RichText
                field={item.text}
                className="feature-grid__text"
                headingLevel={levelBelow(item.title ? TitleTag : heading && "h2")}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
