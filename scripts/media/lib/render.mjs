// Rasterise SVG with sharp (librsvg), add film grain and encode progressive mozjpeg JPEGs.
import sharp from "sharp";
import { mulberry32 } from "./noise.mjs";

export async function rasterise(svg) {
  const { data, info } = await sharp(Buffer.from(String(svg)), { limitInputPixels: false, unlimited: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, w: info.width, h: info.height };
}

/** Monochrome grain plus a very light colour noise; deterministic per seed. */
export function grain(img, amount = 7, seed = 1) {
  const r = mulberry32(seed),
    d = img.data;
  for (let i = 0; i < d.length; i += 3) {
    const n = (r() + r() - 1) * amount;
    const c = (r() - 0.5) * amount * 0.25;
    d[i] = clampByte(d[i] + n + c);
    d[i + 1] = clampByte(d[i + 1] + n);
    d[i + 2] = clampByte(d[i + 2] + n - c);
  }
  return img;
}
const clampByte = (v) => (v < 0 ? 0 : Math.min(v, 255));

export async function encodeJpeg(img, file, quality = 78) {
  await sharp(img.data, { raw: { width: img.w, height: img.h, channels: 3 } })
    .jpeg({ quality, progressive: true, mozjpeg: true })
    .toFile(file);
}
