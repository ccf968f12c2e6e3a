/** The `video_embed` shared slice (model.json in this folder). */
import type { EmbedField, KeyTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type VideoEmbedSliceDefaultPrimary = {
  video: EmbedField;
  caption: KeyTextField;
};

export type VideoEmbedSliceDefault = SharedSliceVariation<"default", VideoEmbedSliceDefaultPrimary, never>;

export type VideoEmbedSlice = SharedSlice<"video_embed", VideoEmbedSliceDefault>;
