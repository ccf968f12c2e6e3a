import * as prismic from "@prismicio/client";
import { EmbedFacade } from "../../parts/EmbedFacade";
import { isSafeHref } from "../../../shared/safeUrl";
import type { VideoEmbedSlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type VideoEmbedProps = {
  slice: VideoEmbedSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/**
 * A wide 16:9 video behind the privacy-friendly facade: a poster with the title, the player
 * iframe only after the visitor presses play, never the provider's oEmbed HTML.
 */
export default function VideoEmbed({ slice }: VideoEmbedProps) {
  const { video, caption } = slice.primary;
  if (!prismic.isFilled.embed(video) || !isSafeHref(video.embed_url)) return null;
  return (
    <section className="slice video-embed" data-slice-type="video_embed" data-variation={slice.variation}>
      <EmbedFacade embed={video} caption={caption} />
    </section>
  );
}
