import { useEffect, useRef, useState, type Ref } from "react";
import * as prismic from "@prismicio/client";
import type { ImageField } from "@prismicio/client";
import { ResponsiveImage } from "../../parts/ResponsiveImage";

/** Two panes side by side from md (stacked below), half the content column each. */
export const SIDE_BY_SIDE_SIZES = "(min-width: 1200px) 540px, (min-width: 960px) 45vw, 92vw";
/** The slider overlays the panes at the full content column. */
export const SLIDER_SIZES = "(min-width: 1200px) 1104px, 92vw";

/** Slider positions step by 10 %: slices-b.css maps each `data-position` to the clip. No inline styles (CSP). */
export const STEP = 10;

export function snapPosition(value: number): number {
  if (!Number.isFinite(value)) return 50;
  return Math.min(100, Math.max(0, Math.round(value / STEP) * STEP));
}

/** Both images are there and share an aspect ratio (within 2 %), so one can be laid over the other. */
export function canOverlay(before: ImageField, after: ImageField): boolean {
  if (!prismic.isFilled.image(before) || !prismic.isFilled.image(after)) return false;
  const a = before.dimensions.width / before.dimensions.height;
  const b = after.dimensions.width / after.dimensions.height;
  return Math.abs(a - b) / a < 0.02;
}

interface CompareProps {
  before: ImageField;
  after: ImageField;
  beforeLabel: string;
  afterLabel: string;
  caption?: string | null;
}

/**
 * The comparison as the server renders it (and as it stays without JavaScript): two labelled
 * figures side by side from md, stacked on phones. With `slider`, the after image is laid over
 * the before one and a native range input (keyboard operable) sets how much of each is visible.
 */
export function CompareView({
  before,
  after,
  beforeLabel,
  afterLabel,
  caption,
  slider = false,
  position = 50,
  onPosition,
  rangeRef,
}: CompareProps & {
  rangeRef?: Ref<HTMLInputElement>;
  slider?: boolean;
  position?: number;
  onPosition?: (value: number) => void;
}) {
  const at = snapPosition(position);
  const sizes = slider ? SLIDER_SIZES : SIDE_BY_SIDE_SIZES;
  const pane = (field: ImageField, label: string, which: "before" | "after") =>
    prismic.isFilled.image(field) ? (
      <figure className={`project-facts__pane project-facts__pane--${which}`}>
        <ResponsiveImage field={field} sizes={sizes} fallbackAlt={label} />
        <figcaption className="project-facts__label">{label}</figcaption>
      </figure>
    ) : null;
  return (
    <figure className={`project-facts__compare${slider ? " is-slider" : ""}`} data-position={slider ? at : undefined}>
      <div className="project-facts__panes">
        {pane(before, beforeLabel, "before")}
        {pane(after, afterLabel, "after")}
        {slider ? <span className="project-facts__divider" aria-hidden="true" /> : null}
      </div>
      {slider ? (
        <div className="project-facts__control">
          <span aria-hidden="true">{beforeLabel}</span>
          <input
            ref={rangeRef}
            className="project-facts__range"
            type="range"
            min={0}
            max={100}
            step={STEP}
            value={at}
            aria-label={`Compare ${beforeLabel} and ${afterLabel}: how much of ${beforeLabel} to show`}
            aria-valuetext={`${at}% ${beforeLabel}, ${100 - at}% ${afterLabel}`}
            onChange={(event) => onPosition?.(Number(event.currentTarget.value))}
          />
          <span aria-hidden="true">{afterLabel}</span>
        </div>
      ) : null}
      {caption ? <figcaption className="project-facts__caption">{caption}</figcaption> : null}
    </figure>
  );
}

/**
 * A slider from the first byte when the images line up: the server renders the same markup the
 * app hydrates, so the page does not change height when the app wakes (decision record 017). Without
 * scripting, slices-b.css (`@media (scripting: none)`) shows the two figures side by side
 * (stacked on phones) and hides the control. A position the visitor set before the app woke
 * (the range is native) is taken over at hydration.
 */
export function BeforeAfter(props: CompareProps) {
  const overlay = canOverlay(props.before, props.after);
  const [position, setPosition] = useState(50);
  const range = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (range.current) setPosition(snapPosition(Number(range.current.value)));
  }, []);
  return (
    <CompareView
      {...props}
      slider={overlay}
      position={position}
      onPosition={(v) => setPosition(snapPosition(v))}
      rangeRef={range}
    />
  );
}
