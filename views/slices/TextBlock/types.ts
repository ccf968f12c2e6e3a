/** The `text_block` shared slice as Prismic delivers it (views/slices/TextBlock/model.json). */
import type { KeyTextField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

/** Copy in a reading measure. */
export type TextBlockSliceDefault = SharedSliceVariation<"default", { content: RichTextField }, never>;

/** A heading on the left, the copy on the right from md. */
export type TextBlockSliceTwoColumn = SharedSliceVariation<"twoColumn", { heading: KeyTextField; content: RichTextField }, never>;

export type TextBlockSliceVariation = TextBlockSliceDefault | TextBlockSliceTwoColumn;

export type TextBlockSlice = SharedSlice<"text_block", TextBlockSliceVariation>;

export interface TextBlockProps {
  slice: TextBlockSlice;
  index: number;
}
