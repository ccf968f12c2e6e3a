import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { initialPosition, keyTarget, positionFromScroll, slideLabel, clampIndex } from "./carousel";

/**
 * A carousel on a CSS scroll-snap track: without JavaScript the track still scrolls and snaps
 * (touch, trackpad, or arrow keys once focused). With it: previous/next buttons, arrow, Home
 * and End keys, and a "n of N" status. It never moves by itself.
 */
export function GalleryCarousel({ label, slides }: { label: string; slides: readonly ReactNode[] }) {
  const count = slides.length;
  const trackId = useId();
  const track = useRef<HTMLElement>(null);
  const frame = useRef(0);
  const [position, setPosition] = useState(() => initialPosition(count));

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const starts = Array.from(el.children, (child) => (child as HTMLElement).offsetLeft);
    const next = positionFromScroll(starts, el.scrollLeft, el.scrollWidth, el.clientWidth);
    setPosition((prev) =>
      prev.index === next.index && prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next,
    );
  }, []);

  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  };

  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => {
      window.removeEventListener("resize", measure);
      cancelAnimationFrame(frame.current);
    };
  }, [measure]);

  const goTo = (index: number) => {
    const el = track.current;
    const slide = el?.children[clampIndex(index, count)] as HTMLElement | undefined;
    if (!el || !slide) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollTo({ left: slide.offsetLeft, behavior: still ? "auto" : "smooth" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = keyTarget(event.key, position.index, count);
    if (target === null) return;
    event.preventDefault();
    goTo(target);
  };

  return (
    <section
      className="image-gallery__carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      <div className="image-gallery__controls" data-vitals-kind="carousel-control">
        <button
          type="button"
          className="image-gallery__button"
          aria-label="Previous image"
          aria-controls={trackId}
          aria-disabled={position.atStart}
          onClick={() => !position.atStart && goTo(position.index - 1)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <p className="image-gallery__status" aria-live="polite" aria-atomic="true">
          {slideLabel(position.index, count)}
        </p>
        <button
          type="button"
          className="image-gallery__button"
          aria-label="Next image"
          aria-controls={trackId}
          aria-disabled={position.atEnd}
          onClick={() => !position.atEnd && goTo(position.index + 1)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M9 5l7 7-7 7" />
          </svg>
        </button>
      </div>
      {/* Focusable so keyboard users can scroll it without JavaScript as well; a Tab stop, so a named region. */}
      <section
        className="image-gallery__track"
        data-vitals-kind="gallery-image"
        id={trackId}
        ref={track}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable for keyboard users to scroll it
        tabIndex={0}
        onScroll={onScroll}
        aria-label={`${label}: images, scroll sideways`}
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group; a fieldset is for form controls and brings its own box
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are the slice's repeatable items, which have no id and keep their order
            key={i}
            className="image-gallery__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={slideLabel(i, count)}
          >
            {slide}
          </div>
        ))}
      </section>
    </section>
  );
}
