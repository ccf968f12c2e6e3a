/**
 * Which embeds we can play, and the privacy-friendly player URL for each. Provider HTML
 * from oEmbed is never rendered: we build the iframe URL ourselves from a known pattern.
 */
export interface EmbedPlayer {
  provider: "YouTube" | "Vimeo";
  /** iframe src, loaded only after the visitor asks for it. */
  src: string;
}

const YOUTUBE_ID = /^[\w-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;

export function embedPlayer(embedUrl: string | null | undefined): EmbedPlayer | null {
  if (!embedUrl) return null;
  let url: URL;
  try {
    url = new URL(embedUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^www\.|^m\./, "");
  let id: string | null = null;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    id =
      url.pathname === "/watch"
        ? url.searchParams.get("v")
        : (/^\/(?:embed|shorts)\/([^/]+)/.exec(url.pathname)?.[1] ?? null);
  } else if (host === "youtu.be") {
    id = url.pathname.slice(1);
  }
  if (id && YOUTUBE_ID.test(id)) {
    return { provider: "YouTube", src: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0` };
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const vimeo = /(?:^|\/)(\d+)(?:$|\/)/.exec(url.pathname)?.[1];
    if (vimeo && VIMEO_ID.test(vimeo))
      return { provider: "Vimeo", src: `https://player.vimeo.com/video/${vimeo}?autoplay=1&dnt=1` };
  }
  return null;
}

/** Origins the players above load from: the CSP's frame-src. */
export const EMBED_FRAME_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];
