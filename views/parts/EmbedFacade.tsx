import { useEffect, useRef, useState } from "react";
import type { EmbedField } from "@prismicio/client";
import { embedPlayer } from "../../shared/embedPlayer";
import { isSafeHref } from "../../shared/safeUrl";

/**
 * A video or other embed as a click-to-load facade: a poster with the title, and the
 * provider's player only after the visitor presses play, so nothing is requested from the
 * provider before then. Provider HTML is never rendered. Without JavaScript it is a link.
 * "Play video" replaces itself with the player, so it hands focus to the player: focus would
 * otherwise fall to the page's start (docs/accessibility.md, "Facades").
 */
export function EmbedFacade({ embed, caption }: { embed: EmbedField | null | undefined; caption?: string | null }) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  const url = embed && "embed_url" in embed ? embed.embed_url : null;
  if (!url || !isSafeHref(url)) return null;
  const title = (embed && "title" in embed && typeof embed.title === "string" && embed.title) || caption || "Video";
  const player = embedPlayer(url);
  const provider =
    player?.provider ?? (embed && "provider_name" in embed ? embed.provider_name : null) ?? "the provider";

  return (
    <figure className="embed">
      <div className="embed__frame">
        {playing && player ? (
          <iframe
            ref={frame}
            src={player.src}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="embed__poster">
            <span className="embed__title">{title}</span>
            {player ? (
              <button type="button" className="embed__play" onClick={() => setPlaying(true)}>
                <svg viewBox="0 0 24 24" aria-hidden="true" width="28" height="28">
                  <path d="M8 5v14l11-7z" fill="currentColor" />
                </svg>
                Play video
              </button>
            ) : null}
            <a className="embed__link" href={url} rel="noopener noreferrer" target="_blank">
              Watch on {provider}
            </a>
            <span className="embed__notice">Playing loads content from {provider}.</span>
          </div>
        )}
      </div>
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
