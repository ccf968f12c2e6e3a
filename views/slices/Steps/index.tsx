import * as prismic from "@prismicio/client";
import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import type { StepsSlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type StepsProps = {
  slice: StepsSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/** A numbered process: an ordered list with large serif numerals, in a row from lg up. */
export default function Steps({ slice, index }: StepsProps) {
  const { heading, intro } = slice.primary;
  const Heading = index === 0 ? "h1" : "h2";
  const Title = index === 0 ? "h2" : "h3";
  const items = slice.items.filter(
    (item) => prismic.isFilled.keyText(item.title) || prismic.isFilled.richText(item.text),
  );
  if (!heading && !items.length) return null;
  return (
    <section className="slice steps" data-slice-type="steps" data-variation={slice.variation}>
      {heading ? <Heading className="steps__heading">{heading}</Heading> : null}
      <RichText field={intro} className="steps__intro" headingLevel={levelBelow(heading && Heading)} />
      {items.length ? (
        // biome-ignore lint/a11y/noRedundantRoles: role="list" keeps the list semantics Safari drops from a list without list-style
        <ol className="steps__list" role="list">
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: Prismic repeatable items have no id and keep their order
            <li className="steps__item" key={i}>
              {item.title ? <Title className="steps__title">{item.title}</Title> : null}
              <RichText
                field={item.text}
                className="steps__text"
                headingLevel={levelBelow(item.title ? Title : heading && Heading)}
              />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
