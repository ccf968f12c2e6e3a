import type { Content } from "../sliceTypes";
import { RichText } from "../../parts/RichText";

/** Long-form copy set in a comfortable reading measure. */
export default function TextBlock({ slice }: Content.SliceProps<"text_block">) {
  return (
    <section className="slice text-block" data-slice-type="text_block">
      <RichText field={slice.primary.content} />
    </section>
  );
}
