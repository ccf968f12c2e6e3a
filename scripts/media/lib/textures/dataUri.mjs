// Encodes a raster texture as a JPEG data URI so SVG patterns and <image>s can embed it.
import sharp from "sharp";

/** Encode a texture as a data URI for embedding in SVG <image>. */
export async function toUri(tex, quality = 90) {
  if (tex.uri) return tex.uri;
  const buf = await sharp(Buffer.from(tex.data.buffer), { raw: { width: tex.w, height: tex.h, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: "4:4:4" })
    .toBuffer();
  tex.uri = `data:image/jpeg;base64,${buf.toString("base64")}`;
  return tex.uri;
}
