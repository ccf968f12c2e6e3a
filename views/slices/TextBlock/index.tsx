import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import type { TextBlockSlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type TextBlockProps = {
  slice: TextBlockSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/**
 * Long-form copy set in a comfortable reading measure; `twoColumn` puts a heading on the
 * left and the copy on the right from md, stacked below.
 */
export default function TextBlock({ slice }: TextBlockProps) {
  if (slice.variation === "twoColumn") {
    const { heading, content } = slice.primary;
    return (
      <section
        className="slice text-block text-block--two-column"
        data-slice-type="text_block"
        data-variation={slice.variation}
      >
        {heading ? <h2 className="text-block__heading">{heading}</h2> : null}
        <RichText field={content} headingLevel={levelBelow(heading && "h2")} />
      </section>
    );
  }
  return (
    <section className="slice text-block" data-slice-type="text_block" data-variation={slice.variation}>
      <RichText field={slice.primary.content} />
    </section>
  );
}
