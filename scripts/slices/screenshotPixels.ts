/**
 * Pixels of slice screenshots, with sharp: the committed encoding (a palette PNG, about a quarter
 * of a true-colour one) and the check's comparison of decoded pixels.
 *
 * Two captures of an unchanged view are not always the same bytes: a box can end on a fraction of
 * a pixel that rounds either way (a multi-column gallery moves by one row), and a capture that
 * differs by a level or two in a photograph can get another 256-colour palette. The comparison
 * forgives exactly that: a pixel matches when a pixel of the other image within one pixel of it
 * (up, down, left, right or diagonally) is within CHECK_CHANNEL_TOLERANCE on every channel. A view
 * whose colours, text, spacing or images change fails on far more than CHECK_MAX_PIXEL_SHARE.
 */
import sharp from "sharp";

/** A channel may move by this much (of 255): palette noise, not a change anyone would see. */
export const CHECK_CHANNEL_TOLERANCE = 6;
/** A screenshot is stale when more than this share of its pixels have no match. */
export const CHECK_MAX_PIXEL_SHARE = 0.005;
/** The Gaussian blur (sigma, pixels) both images get before the comparison. */
export const CHECK_BLUR_SIGMA = 1.5;
/** Heights may differ by this many pixels (a box ending on a fraction of a pixel); the rows they share are compared. */
export const CHECK_HEIGHT_SLACK = 2;

/** Chromium's PNG as the committed file: 256 colours, no dithering, maximum compression. */
export function encodeScreenshot(png: Buffer): Promise<Buffer> {
  return sharp(png).png({ palette: true, colours: 256, dither: 0, effort: 10, compressionLevel: 9 }).toBuffer();
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function rgb(png: Buffer): Promise<Pixels> {
  // Blurred a little: a 256-colour palette chosen afresh scatters photographs' pixels by a few
  // levels each, which averages out; a flat colour keeps its value.
  const { data, info } = await sharp(png)
    .removeAlpha()
    .blur(CHECK_BLUR_SIGMA)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Whether pixel (x, y) of `a` has a match in `b` at (x, y) or one of its eight neighbours. */
function matched(a: Pixels, b: Pixels, x: number, y: number, rows: number): boolean {
  const i = (y * a.width + x) * 3;
  for (let dy = -1; dy <= 1; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= rows) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx;
      if (xx < 0 || xx >= a.width) continue;
      const j = (yy * b.width + xx) * 3;
      if (
        Math.abs(a.data[i]! - b.data[j]!) <= CHECK_CHANNEL_TOLERANCE &&
        Math.abs(a.data[i + 1]! - b.data[j + 1]!) <= CHECK_CHANNEL_TOLERANCE &&
        Math.abs(a.data[i + 2]! - b.data[j + 2]!) <= CHECK_CHANNEL_TOLERANCE
      )
        return true;
    }
  }
  return false;
}

/** "same", or why `fresh` does not match `committed`. */
export async function comparePngs(committed: Buffer, fresh: Buffer): Promise<string> {
  const [a, b] = await Promise.all([rgb(committed), rgb(fresh)]);
  if (a.width !== b.width || Math.abs(a.height - b.height) > CHECK_HEIGHT_SLACK)
    return `size ${a.width}×${a.height} committed, ${b.width}×${b.height} now`;
  const rows = Math.min(a.height, b.height);
  let differing = 0;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < a.width; x++) {
      // Both ways: a thin line that vanished has no match in the fresh image, one that appeared none in the committed.
      if (!matched(a, b, x, y, rows) || !matched(b, a, x, y, rows)) differing++;
    }
  }
  const pixels = a.width * rows;
  const share = differing / pixels;
  return share > CHECK_MAX_PIXEL_SHARE
    ? `${differing} of ${pixels} pixels differ (${(share * 100).toFixed(2)} %)`
    : "same";
}
