/**
 * Pixels of slice screenshots, with sharp: the committed encoding (a palette PNG, about a quarter
 * of a true-colour one) and the check's comparison of decoded pixels.
 */
import sharp from "sharp";

/** A pixel differs when one of its channels moves by more than this (of 255). */
export const CHECK_CHANNEL_TOLERANCE = 6;
/**
 * Heights may differ by this many pixels: a slice's box can end on a fraction of a pixel that
 * rounds either way between runs; the rows they share are compared.
 */
export const CHECK_HEIGHT_SLACK = 2;
/** A screenshot is stale when more than this share of its pixels differ. */
export const CHECK_MAX_PIXEL_SHARE = 0.02;

/** Chromium's PNG as the committed file: 256 colours, no dithering (stable from run to run), maximum compression. */
export function encodeScreenshot(png: Buffer): Promise<Buffer> {
  return sharp(png).png({ palette: true, colours: 256, dither: 0, effort: 10, compressionLevel: 9 }).toBuffer();
}

async function rgba(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** "same", or why `fresh` does not match `committed`. */
export async function comparePngs(committed: Buffer, fresh: Buffer): Promise<string> {
  const [a, b] = await Promise.all([rgba(committed), rgba(fresh)]);
  if (a.width !== b.width || Math.abs(a.height - b.height) > CHECK_HEIGHT_SLACK) return `size ${a.width}×${a.height} committed, ${b.width}×${b.height} now`;
  let differing = 0;
  const shared = a.width * Math.min(a.height, b.height) * 4;
  for (let i = 0; i < shared; i += 4) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > CHECK_CHANNEL_TOLERANCE ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > CHECK_CHANNEL_TOLERANCE ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > CHECK_CHANNEL_TOLERANCE ||
      Math.abs(a.data[i + 3]! - b.data[i + 3]!) > CHECK_CHANNEL_TOLERANCE
    )
      differing++;
  }
  const pixels = shared / 4;
  return differing / pixels > CHECK_MAX_PIXEL_SHARE ? `${differing} of ${pixels} pixels differ (${((differing / pixels) * 100).toFixed(2)} %)` : "same";
}
