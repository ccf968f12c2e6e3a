import * as prismic from "@prismicio/client";
import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import type { FaqSlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type FaqProps = {
  slice: FaqSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/**
 * Questions and answers as native disclosures: `<details>`/`<summary>` open and close without
 * JavaScript, are keyboard operable and are announced as expanded or collapsed. The question is
 * plain text in the summary (a heading there loses its semantics in some screen readers).
 */
export default function Faq({ slice, index }: FaqProps) {
  const { heading, intro } = slice.primary;
  const Heading = index === 0 ? "h1" : "h2";
  const items = slice.items.filter((item) => prismic.isFilled.keyText(item.question));
  if (!heading && !items.length) return null;
  return (
    <section className="slice faq" data-slice-type="faq" data-variation={slice.variation}>
      <div className="faq__intro">
        {heading ? <Heading className="faq__heading">{heading}</Heading> : null}
        <RichText field={intro} className="faq__lede" headingLevel={levelBelow(heading && Heading)} />
      </div>
      {items.length ? (
        <div className="faq__list">
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: Prismic repeatable items have no id and keep their order
            <details className="faq__item" key={i}>
              <summary className="faq__question">
                <span>{item.question}</span>
              </summary>
              <RichText
                field={item.answer}
                className="faq__answer rich-text"
                headingLevel={levelBelow(heading && Heading)}
              />
            </details>
          ))}
        </div>
      ) : null}
    </section>
  );
}
