/** The video_embed slice: a click-to-load facade, never an iframe or the provider's HTML before the click. */
import type { EmbedField } from "@prismicio/client";
import VideoEmbed from "../../views/slices/VideoEmbed";
import type { VideoEmbedSlice } from "../../shared/prismicio-types";
import { visibleText } from "../support/html";
import { renderInSite } from "../support/renderInSite";

const youtube = {
  embed_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  type: "video",
  version: "1.0",
  title: "A morning in the Suffolk workshop",
  provider_name: "YouTube",
  thumbnail_url: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
  html: '<iframe width="200" height="113" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" onload="alert(1)"></iframe>',
} as unknown as EmbedField;

function video(primary: Partial<VideoEmbedSlice["primary"]> = {}): VideoEmbedSlice {
  return {
    slice_type: "video_embed",
    slice_label: null,
    id: "video_embed$1",
    variation: "default",
    version: "initial",
    items: [],
    primary: { video: youtube, caption: "Hand-cutting dovetails for a walnut drawer box.", ...primary },
  };
}

describe("video_embed slice, default variation", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<VideoEmbed slice={video()} index={3} />);
  });

  test("renders the facade: poster title, play button, a plain link to the provider and the caption", () => {
    expect(html).toMatch(
      /^<section class="slice video-embed" data-slice-type="video_embed" data-variation="default"><figure class="embed">/,
    );
    expect(html).toContain('<span class="embed__title">A morning in the Suffolk workshop</span>');
    expect(html).toMatch(/<button type="button" class="embed__play">[\s\S]*Play video<\/button>/);
    expect(html).toMatch(
      /<a class="embed__link" href="https:\/\/www.youtube.com\/watch\?v=dQw4w9WgXcQ" rel="noopener noreferrer" target="_blank">Watch on (<!-- -->)?YouTube<\/a>/,
    );
    expect(html).toContain("<figcaption>Hand-cutting dovetails for a walnut drawer box.</figcaption>");
    expect(visibleText(html)).toContain("Playing loads content from YouTube.");
  });

  test("has no iframe, no provider HTML and nothing loaded from the provider before the click", () => {
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("onload");
    expect(html).not.toContain("youtube.com/embed");
    expect(html).not.toContain("youtube-nocookie");
    expect(html).not.toContain("ytimg.com");
    expect(html).not.toMatch(/<img|\sstyle=/);
  });

  test("without a caption or oEmbed title the poster still has a title and there is no empty figcaption", async () => {
    const bare = { ...(youtube as object), title: null } as unknown as EmbedField;
    const out = await renderInSite(<VideoEmbed slice={video({ video: bare, caption: null })} index={3} />);
    expect(out).toContain('<span class="embed__title">Video</span>');
    expect(out).not.toContain("<figcaption");
  });

  test("a Vimeo video gets the same facade", async () => {
    const vimeo = {
      embed_url: "https://vimeo.com/76979871",
      type: "video",
      provider_name: "Vimeo",
      title: "Finishing the island",
      html: "<iframe></iframe>",
    };
    const out = await renderInSite(<VideoEmbed slice={video({ video: vimeo as unknown as EmbedField })} index={3} />);
    expect(out).toContain("Finishing the island");
    expect(visibleText(out)).toContain("Watch on Vimeo");
    expect(out).not.toContain("<iframe");
  });

  test("an empty or unsafe embed renders nothing at all", async () => {
    expect(await renderInSite(<VideoEmbed slice={video({ video: {} as EmbedField })} index={3} />)).toBe("");
    const unsafe = {
      embed_url: "javascript:alert(1)",
      type: "video",
      html: "<script>alert(1)</script>",
    } as unknown as EmbedField;
    expect(await renderInSite(<VideoEmbed slice={video({ video: unsafe })} index={3} />)).toBe("");
  });
});
