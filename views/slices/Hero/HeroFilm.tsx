import { useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import type { EmbedField } from "@prismicio/client";
import { embedPlayer } from "../../../shared/embedPlayer";
import { isSafeHref } from "../../../shared/safeUrl";
import { EmbedFacade } from "../../parts/EmbedFacade";

/** The embed when it has a URL we may link to (the facade renders nothing otherwise). */
export function playableEmbed(embed: EmbedField | null | undefined): EmbedField | null {
  const url = embed && "embed_url" in embed ? embed.embed_url : null;
  return url && isSafeHref(url) ? embed! : null;
}

/** Who serves the film, named on the control so the visitor knows before pressing it. */
export function filmProvider(embed: EmbedField): string | null {
  const url = "embed_url" in embed ? embed.embed_url : null;
  return (
    embedPlayer(url)?.provider ??
    ("provider_name" in embed && typeof embed.provider_name === "string" ? embed.provider_name : null)
  );
}

/**
 * "Watch the film" over the hero image: a disclosure (`<details>`, so it opens without
 * JavaScript too) holding the click-to-load EmbedFacade. Nothing is requested from the
 * provider until the visitor opens it; the opening click is the consent, so with JavaScript
 * we press the facade's play button at once. Closing (or Escape) remounts the facade, which
 * removes the player and stops the film.
 */
export function HeroFilm({ embed, label }: { embed: EmbedField; label: string }) {
  const [session, setSession] = useState(0);
  const player = useRef<HTMLDivElement>(null);
  const provider = filmProvider(embed);

  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) player.current?.querySelector<HTMLButtonElement>("button")?.click();
    else setSession((n) => n + 1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget;
    if (event.key !== "Escape" || !details.open) return;
    details.open = false;
    details.querySelector("summary")?.focus();
  };

  return (
    <details className="hero__film" onToggle={onToggle} onKeyDown={onKeyDown}>
      <summary className="hero__film-toggle">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path className="hero__film-play" d="M8 5v14l11-7z" />
          <path className="hero__film-stop" d="M6 6l12 12M18 6 6 18" />
        </svg>
        <span className="hero__film-open">
          {label}
          {provider ? <span className="hero__film-provider"> · plays from {provider}</span> : null}
        </span>
        <span className="hero__film-close">Close the film</span>
      </summary>
      <div className="hero__player" ref={player}>
        <EmbedFacade key={session} embed={embed} />
      </div>
    </details>
  );
}
