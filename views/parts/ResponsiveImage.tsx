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
 * Every content image: a width srcset through the client's `asImageWidthSrcSet` (spec §7.2
 * widths, never above the original), intrinsic width/height so nothing shifts, alt from content.
 * Embedded images are addressed root-relative (shared/mediaOrigin.ts).
 */
export function ResponsiveImage({ field, sizes, priority = false, className, fallbackAlt = "" }: Props) {
  if (!prismic.isFilled.image(field)) return null;
  const { width, height } = field.dimensions;
  const image = prismic.asImageWidthSrcSet(field, { widths: widthsFor(width, height), auto: ["format"] });
  if (!image) return null;
  return (
    <img
      className={className}
      src={rootRelativeMedia(prismic.asImageSrc(field, { w: Math.min(1200, width), auto: ["format"] }) ?? image.src)}
      srcSet={rootRelativeMedia(image.srcset)}
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
export function FixedImage({ field, width, className, fallbackAlt = "" }: Omit<Props, "sizes" | "priority"> & { width: number }) {
  if (!prismic.isFilled.image(field)) return null;
  const ratio = field.dimensions.height / field.dimensions.width;
  const height = Math.round(width * ratio);
  const srcset = prismic.asImagePixelDensitySrcSet(field, { w: width, pixelDensities: [...PIXEL_DENSITIES], auto: ["format"] });
  if (!srcset) return null;
  return (
    <img
      className={className}
      src={rootRelativeMedia(srcset.src)}
      srcSet={rootRelativeMedia(srcset.srcset)}
      width={width}
      height={height}
      alt={field.alt ?? fallbackAlt}
      loading="lazy"
      decoding="async"
    />
  );
}
