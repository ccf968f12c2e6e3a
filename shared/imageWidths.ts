/** Image transform constants (docs/behaviour.md section 3.7): srcset widths and pixel densities. */
export const IMAGE_WIDTHS = [640, 828, 1200, 2048, 3840] as const;
export const PIXEL_DENSITIES = [1, 2, 3] as const;

/** The CSS widths at which views draw fixed-size images (FixedImage), each offered at every density. */
export const FIXED_IMAGE_WIDTHS = { portrait: 56, sampleChip: 240, swatch: 280 } as const;

/**
 * The most pixels one transformed image may have: what a 2-core machine encodes (AVIF) in well
 * under a second (docs/operations.md, "Images under load"). 2048 × 2048; a 3:2 photo at 2048 w is 2.8 MP.
 */
export const MAX_IMAGE_PIXELS = 2048 * 2048;

/**
 * Every output width the site's pages ask the image service for, ascending: the srcset widths
 * and the fixed widths at each density. The image service snaps any other width up to one of
 * these, so a client cannot make it produce (and store) an image per integer.
 */
export const EMITTED_IMAGE_WIDTHS: readonly number[] = [
  ...new Set([...IMAGE_WIDTHS, ...Object.values(FIXED_IMAGE_WIDTHS).flatMap((w) => PIXEL_DENSITIES.map((d) => w * d))]),
].sort((a, b) => a - b);

/**
 * The srcset widths worth offering for an original of `width` × `height` px: never upscale, never
 * over the pixel budget (the service would refuse them), keep at least one.
 */
export function widthsFor(width: number | undefined, height?: number): number[] {
  const ratio = width && height ? height / width : 0;
  const fit = IMAGE_WIDTHS.filter((w) => (!width || w <= width) && w * Math.round(w * ratio) <= MAX_IMAGE_PIXELS);
  return fit.length ? [...fit] : [IMAGE_WIDTHS[0]];
}
