/** Image transform constants of spec §7.2: srcset widths and pixel densities. */
export const IMAGE_WIDTHS = [640, 828, 1200, 2048, 3840] as const;
export const PIXEL_DENSITIES = [1, 2, 3] as const;

/** The srcset widths worth offering for an original of `width` px: never upscale, keep at least one. */
export function widthsFor(width: number | undefined): number[] {
  const fit = IMAGE_WIDTHS.filter((w) => !width || w <= width);
  return fit.length ? [...fit] : [IMAGE_WIDTHS[0]];
}
