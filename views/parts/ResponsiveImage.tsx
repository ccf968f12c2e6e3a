import * as prismic from "@prismicio/client";
import type { ImageField } from "@prismicio/client";
import { PIXEL_DENSITIES, widthsFor } from "../../shared/imageWidths";
import { rootRelativeMedia } from "../../shared/mediaOrigin";

interface Props {
  field: ImageField | null | undefined;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The page's main (LCP) image: loaded eagerly with high priority; everything else is lazy. */
  priority?: boolean;
  className?: string;
  /** Alt text when the content has none; "" marks the image decorative. */
  fallbackAlt?: string;
}

/**
 * Sources of frozen image fields: content shared by every render at one ref is frozen
 * (server/content/contentService.ts), so its URLs are built once per content version (each
 * URL costs the imgix builder a WHATWG URL per width).
 */
const sourcesOf = new WeakMap<object, Map<string, { src: string; srcset: string } | null>>();

function remembered(field: ImageField, key: string, build: () => { src: string; srcset: string } | null) {
  if (!Object.isFrozen(field)) return build();
  let byKey = sourcesOf.get(field);
  if (!byKey) {
    byKey = new Map();
    sourcesOf.set(field, byKey);
  }
  let found = byKey.get(key);
  if (found === undefined) {
    found = build();
    byKey.set(key, found);
  }
  return found;
}

/**
 * Every content image: a width srcset through the client's `asImageWidthSrcSet` (docs/behaviour.md section 3.7
 * widths, never above the original), intrinsic width/height so nothing shifts, alt from content.
 * Embedded images are addressed root-relative (shared/mediaOrigin.ts).
 */
export function ResponsiveImage({ field, sizes, priority = false, className, fallbackAlt = "" }: Props) {
  if (!prismic.isFilled.image(field)) return null;
  const { width, height } = field.dimensions;
  const image = remembered(field, "width", () => {
    const set = prismic.asImageWidthSrcSet(field, { widths: widthsFor(width, height), auto: ["format"] });
    return (
      set && {
        src: rootRelativeMedia(prismic.asImageSrc(field, { w: Math.min(1200, width), auto: ["format"] }) ?? set.src),
        srcset: rootRelativeMedia(set.srcset),
      }
    );
  });
  if (!image) return null;
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset}
      sizes={sizes}
      width={width}
      height={height}
      alt={field.alt ?? fallbackAlt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
    />
  );
}

/** A fixed-size image (a swatch, a portrait): a 1x/2x/3x srcset at the drawn width. */
export function FixedImage({
  field,
  width,
  className,
  fallbackAlt = "",
}: Omit<Props, "sizes" | "priority"> & { width: number }) {
  if (!prismic.isFilled.image(field)) return null;
  const ratio = field.dimensions.height / field.dimensions.width;
  const height = Math.round(width * ratio);
  const srcset = remembered(field, `fixed ${width}`, () => {
    const set = prismic.asImagePixelDensitySrcSet(field, {
      w: width,
      pixelDensities: [...PIXEL_DENSITIES],
      auto: ["format"],
    });
    return set && { src: rootRelativeMedia(set.src), srcset: rootRelativeMedia(set.srcset) };
  });
  if (!srcset) return null;
  return (
    <img
      className={className}
      src={srcset.src}
      srcSet={srcset.srcset}
      width={width}
      height={height}
      alt={field.alt ?? fallbackAlt}
      loading="lazy"
      decoding="async"
    />
  );
}
