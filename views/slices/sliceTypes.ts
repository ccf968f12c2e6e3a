/** Shapes of our shared slices (their model.json files under views/slices) and the props every slice view gets. */
import type { ImageField, KeyTextField, LinkField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export interface SliceShapes {
  hero: SharedSlice<
    "hero",
    SharedSliceVariation<
      "default",
      {
        eyebrow: KeyTextField;
        heading: KeyTextField;
        subheading: RichTextField;
        image: ImageField;
        cta_label: KeyTextField;
        cta_link: LinkField;
      },
      never
    >
  >;
  text_block: SharedSlice<"text_block", SharedSliceVariation<"default", { content: RichTextField }, never>>;
}

export namespace Content {
  export interface SliceProps<T extends keyof SliceShapes> {
    slice: SliceShapes[T];
    /** Position in the slice zone: the first slice of a page owns its h1 and main image. */
    index: number;
  }
}
