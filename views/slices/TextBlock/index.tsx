import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import type { TextBlockProps } from "./types";

/**
 * Long-form copy set in a comfortable reading measure; `twoColumn` puts a heading on the
 * left and the copy on the right from md, stacked below.
 */
export default function TextBlock({ slice }: TextBlockProps) {
  if (slice.variation === "twoColumn") {
    const { heading, content } = slice.primary;
    return (
      <section className="slice text-block text-block--two-column" data-slice-type="text_block" data-variation={slice.variation}>
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
